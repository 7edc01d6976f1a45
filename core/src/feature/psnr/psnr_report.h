// PSNR from per-plane squared-error sums: the part of psnr that does not
// depend on where the sums were computed (CPU or HIP).
#pragma once

#include <cstdint>
#include <string>

#include "extractor/extractor.h"

namespace vmaf::psnr {

class Reporter {
public:
    explicit Reporter(const VmafExtractorSetup &setup);

    unsigned planes() const { return planes_; }
    unsigned plane_width(unsigned p) const { return w_[p]; }
    unsigned plane_height(unsigned p) const { return h_[p]; }

    // Writes psnr (and mse) of frame `index`; sums the apsnr totals.
    int report(const uint64_t sse[3], unsigned index, VmafFeatureSink *sink);
    int flush(VmafFeatureSink *sink) const;

private:
    unsigned planes_;
    unsigned w_[3], h_[3];
    bool enable_mse_, enable_apsnr_;
    uint32_t peak_;
    double cap_[3];
    std::string psnr_key_[3], mse_key_[3];
    uint64_t total_sse_[3] = {};
    uint64_t total_pixels_[3] = {};
};

} // namespace vmaf::psnr
