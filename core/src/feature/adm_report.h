// The keys adm and float_adm write from a frame's scores, the same for both:
// adm2, aim, adm3, each scale's ratio and, with debug, the sums.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "feature/adm_options.h"
#include "feature/extractor.h"

namespace vmaf::adm {

// `r` has adm2, aim, num, den and kScales-long num_scale / den_scale;
// `blend` is the extractor's own adm3 before its lower clip, which is
// min_val unless blend is above it, NaN included (Barten weights can
// overflow integer ADM into NaN, and the reference then reports min_val).
// `keys` are the output keys by FeatureIndex. Returns the first error.
template <typename Scores>
int report(const Scores &r, double blend, double min_val, bool debug,
           const std::vector<std::string> &keys, unsigned index, VmafFeatureSink *sink)
{
    int err = 0;
    auto put = [&](int key, double v) {
        err |= vmaf_sink_append(sink, keys[key].c_str(), v, index);
    };
    put(kAdm2, r.adm2);
    put(kAim, r.aim);
    put(kAdm3, blend > min_val ? blend : min_val);
    for (size_t k = 0; k < r.num_scale.size(); k++)
        put(kScale0 + static_cast<int>(k), r.num_scale[k] / r.den_scale[k]);
    if (!debug) return err;
    put(kAdm, r.adm2);
    put(kNum, r.num);
    put(kDen, r.den);
    for (size_t k = 0; k < r.num_scale.size(); k++) {
        put(kNumScale0 + 2 * static_cast<int>(k), r.num_scale[k]);
        put(kNumScale0 + 2 * static_cast<int>(k) + 1, r.den_scale[k]);
    }
    return err;
}

} // namespace vmaf::adm
