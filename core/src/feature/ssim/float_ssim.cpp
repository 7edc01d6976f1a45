// float_ssim: SSIM of the luma in float with an 11-tap Gaussian window, on
// the picture decimated by `scale` first, the CPU reference.
#include <cerrno>
#include <new>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/ssim/ssim_math.h"
#include "feature/ssim/ssim_options.h"
#include "engine/log.h"

namespace vmaf::ssim {
namespace {

class FloatSsim {
public:
    FloatSsim(const VmafExtractorSetup &setup, int scale)
        : scale_(scale), enable_lcs_(setup.options[kEnableLcs].b),
          enable_db_(setup.options[kEnableDb].b),
          max_db_(max_db(setup.options[kClipDb].b, setup.bpc, setup.w, setup.h)),
          // The reference's low-pass filter before decimation: a box of
          // scale x scale taps of 1 / scale^2 each.
          box_(static_cast<size_t>(scale) * static_cast<size_t>(scale),
               1.0f / static_cast<float>(scale * scale))
    {
        for (int i = 0; i < 4; i++) keys_[i] = setup.feature_names[i];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_);
        luma_to_float(*frame.dis, dis_);
        const FloatPlane *r = &ref_, *d = &dis_;
        if (scale_ > 1) {
            const Kernel2d box{box_.data(), scale_};
            decimate(ref_, scale_, box, ref_small_);
            decimate(dis_, scale_, box, dis_small_);
            r = &ref_small_;
            d = &dis_small_;
        }
        const Means m = workspace_.compute(*r, *d);
        const double score = enable_db_ ? to_db(m.ssim, max_db_) : m.ssim;
        int err = vmaf_sink_append(sink, keys_[0].c_str(), score, frame.index);
        if (enable_lcs_) {
            err |= vmaf_sink_append(sink, keys_[1].c_str(), m.l, frame.index);
            err |= vmaf_sink_append(sink, keys_[2].c_str(), m.c, frame.index);
            err |= vmaf_sink_append(sink, keys_[3].c_str(), m.s, frame.index);
        }
        return err;
    }

private:
    int scale_;
    bool enable_lcs_, enable_db_;
    double max_db_;
    std::vector<float> box_;
    std::string keys_[4];
    FloatPlane ref_, dis_, ref_small_, dis_small_;
    Workspace workspace_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    const int w = static_cast<int>(setup->w), h = static_cast<int>(setup->h);
    const int scale = setup->options[kScale].i > 0 ? setup->options[kScale].i : auto_scale(w, h);
    const int sw = scale > 1 ? decimated_size(w, scale) : w;
    const int sh = scale > 1 ? decimated_size(h, scale) : h;
    if (sw < kWindowLen || sh < kWindowLen) {
        log_error("float_ssim: {}x{} is too small for scale {}: the picture decimated by the "
                  "scale is {}x{}, and the SSIM window needs at least {}x{}",
                  w, h, scale, sw, sh, kWindowLen, kWindowLen);
        return -EINVAL;
    }
    auto *s = new (std::nothrow) FloatSsim(*setup, scale);
    if (!s) return -ENOMEM;
    *state = s;
    return 0;
}

} // namespace
} // namespace vmaf::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ssim =
    vmaf::extractor_entry<vmaf::ssim::FloatSsim>("float_ssim", vmaf::ssim::kSsimOptions, 0,
                                                 vmaf::ssim::kSsimFeatures, vmaf::ssim::init);
