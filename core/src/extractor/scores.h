// The scores of a run as callers read them: by output key or by its short
// alias, one frame at a time or pooled over the frames the run scored.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "extractor/collector.h"
#include "libvmaf/libvmaf.h"

namespace vmaf {

class Scores {
public:
    // `subsample`: the run scores every subsample-th frame (0 and 1: all).
    Scores(const FeatureCollector &collector, unsigned subsample)
        : collector_(collector), subsample_(subsample) {}

    bool selected(unsigned index) const { return subsample_ <= 1 || index % subsample_ == 0; }
    // The key's value at `index`; the key may also be a short alias
    // ("integer_adm2" for VMAF_integer_feature_adm2_score).
    std::optional<double> score(std::string_view key, unsigned index) const;
    // The key's values of the selected frames of [low, high], pooled; an
    // error (logged) when one has none.
    int pooled(std::string_view key, VmafPoolingMethod method, unsigned low, unsigned high,
               double *out) const;
    // The key's values of the selected frames of [low, high], in frame
    // order; an error (logged) when one has none.
    int values(std::string_view key, unsigned low, unsigned high, std::vector<double> &out) const;
    // Every frame the run scored stands for this many frames of the video.
    unsigned frames_per_score() const { return subsample_ > 1 ? subsample_ : 1; }

private:
    const FeatureCollector &collector_;
    unsigned subsample_;
};

} // namespace vmaf
