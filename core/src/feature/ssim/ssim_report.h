// What float_ssim and float_ms_ssim do around the SSIM means, wherever the
// means were computed (CPU or HIP): the setup's checks and scale, the
// MS-SSIM product, the dB conversion and the keys.
#pragma once

#include <span>
#include <string>

#include "extractor/extractor.h"
#include "feature/ssim/ssim_math.h"
#include "feature/ssim/ssim_options.h"

namespace vmaf::ssim {

// float_ssim's decimation factor: the scale option, or auto_scale when it
// is 0.
int ssim_scale(const VmafExtractorSetup &setup);

// 0, or -EINVAL with a message naming `extractor` when the picture
// decimated by `scale` is smaller than the SSIM window.
int check_ssim_size(const char *extractor, const VmafExtractorSetup &setup, int scale);

// 0, or -EINVAL with a message naming `extractor` when the picture is too
// small for MS-SSIM's five scales.
int check_ms_ssim_size(const char *extractor, const VmafExtractorSetup &setup);

class SsimReporter {
public:
    explicit SsimReporter(const VmafExtractorSetup &setup);
    // Writes float_ssim (and its l, c, s with enable_lcs) of frame `index`.
    int report(const Means &m, unsigned index, VmafFeatureSink *sink) const;

private:
    bool enable_lcs_, enable_db_;
    double max_db_;
    std::string keys_[4];
};

class MsSsimReporter {
public:
    explicit MsSsimReporter(const VmafExtractorSetup &setup);
    // Writes float_ms_ssim from the means of each scale (and each scale's
    // l, c, s with enable_lcs) of frame `index`.
    int report(std::span<const Means, kScales> m, unsigned index, VmafFeatureSink *sink) const;

private:
    bool enable_lcs_, enable_db_;
    double max_db_;
    std::string keys_[1 + 3 * kScales];
};

} // namespace vmaf::ssim
