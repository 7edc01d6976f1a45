// float_ms_ssim: multi-scale SSIM of the luma in float (Wang's five scales),
// the CPU reference.
#include <array>
#include <cerrno>
#include <cmath>
#include <new>
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/ssim/ssim_math.h"
#include "feature/ssim/ssim_options.h"
#include "engine/log.h"

namespace vmaf::ssim {
namespace {

// Low-pass filter applied before each halving: the 9/7 biorthogonal wavelet
// filter as the reference tabulates it, in 2-D (its taps are rounded on
// their own, not the product of the 1-D taps).
constexpr int kLpfLen = 9;
constexpr float kLpf[kLpfLen * kLpfLen] = {
    0.000714f,  -0.000450f, -0.002090f, 0.007132f,  0.016114f,  0.007132f,  -0.002090f, -0.000450f, 0.000714f,
    -0.000450f, 0.000283f,  0.001316f,  -0.004490f, -0.010146f, -0.004490f, 0.001316f,  0.000283f,  -0.000450f,
    -0.002090f, 0.001316f,  0.006115f,  -0.020867f, -0.047149f, -0.020867f, 0.006115f,  0.001316f,  -0.002090f,
    0.007132f,  -0.004490f, -0.020867f, 0.071207f,  0.160885f,  0.071207f,  -0.020867f, -0.004490f, 0.007132f,
    0.016114f,  -0.010146f, -0.047149f, 0.160885f,  0.363505f,  0.160885f,  -0.047149f, -0.010146f, 0.016114f,
    0.007132f,  -0.004490f, -0.020867f, 0.071207f,  0.160885f,  0.071207f,  -0.020867f, -0.004490f, 0.007132f,
    -0.002090f, 0.001316f,  0.006115f,  -0.020867f, -0.047149f, -0.020867f, 0.006115f,  0.001316f,  -0.002090f,
    -0.000450f, 0.000283f,  0.001316f,  -0.004490f, -0.010146f, -0.004490f, 0.001316f,  0.000283f,  -0.000450f,
    0.000714f,  -0.000450f, -0.002090f, 0.007132f,  0.016114f,  0.007132f,  -0.002090f, -0.000450f, 0.000714f,
};

// Exponents of each scale (Wang et al.); luminance counts only at the
// coarsest scale. Floats, as the reference keeps them.
constexpr float kAlpha[kScales] = {0.0f, 0.0f, 0.0f, 0.0f, 0.1333f};
constexpr float kBetaGamma[kScales] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};

// The reference checks, before halving, that every scale is at least as
// large as the SSIM window, with the sizes halved rounding down.
int minimum_size()
{
    int n = kWindowLen;
    for (int i = 1; i < kScales; i++) n *= 2;
    return n;
}

class FloatMsSsim {
public:
    explicit FloatMsSsim(const VmafExtractorSetup &setup)
        : enable_lcs_(setup.options[kEnableLcs].b), enable_db_(setup.options[kEnableDb].b),
          max_db_(max_db(setup.options[kClipDb].b, setup.bpc, setup.w, setup.h))
    {
        for (int i = 0; i < 1 + 3 * kScales; i++) keys_[i] = setup.feature_names[i];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_[0]);
        luma_to_float(*frame.dis, dis_[0]);
        const Kernel2d lpf{kLpf, kLpfLen};
        for (int i = 1; i < kScales; i++) {
            decimate(ref_[i - 1], 2, lpf, ref_[i]);
            decimate(dis_[i - 1], 2, lpf, dis_[i]);
        }
        double score = 1.0;
        Means m[kScales];
        for (int i = 0; i < kScales; i++) {
            m[i] = workspace_.compute(ref_[i], dis_[i]);
            // Powers in double of the float terms and exponents.
            const auto power = [](float base, float exponent) {
                return std::pow(static_cast<double>(base), static_cast<double>(exponent));
            };
            score *= power(m[i].l, kAlpha[i]) * power(m[i].c, kBetaGamma[i]) *
                     power(m[i].s, kBetaGamma[i]);
        }
        if (enable_db_) score = to_db(score, max_db_);
        int err = vmaf_sink_append(sink, keys_[0].c_str(), score, frame.index);
        if (enable_lcs_) {
            for (int i = 0; i < kScales; i++) {
                err |= vmaf_sink_append(sink, keys_[1 + i].c_str(), m[i].l, frame.index);
                err |= vmaf_sink_append(sink, keys_[1 + kScales + i].c_str(), m[i].c, frame.index);
                err |= vmaf_sink_append(sink, keys_[1 + 2 * kScales + i].c_str(), m[i].s,
                                        frame.index);
            }
        }
        return err;
    }

private:
    bool enable_lcs_, enable_db_;
    double max_db_;
    std::string keys_[1 + 3 * kScales];
    std::array<FloatPlane, kScales> ref_, dis_;
    Workspace workspace_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    const unsigned min = static_cast<unsigned>(minimum_size());
    if (setup->w < min || setup->h < min) {
        log_error("float_ms_ssim: {}x{} is too small: its {} scales need a picture of at least "
                  "{}x{}",
                  setup->w, setup->h, kScales, min, min);
        return -EINVAL;
    }
    return create_state<FloatMsSsim>(state, *setup);
}

} // namespace
} // namespace vmaf::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ms_ssim =
    vmaf::extractor_entry<vmaf::ssim::FloatMsSsim>("float_ms_ssim", vmaf::ssim::kMsSsimOptions, 0,
                                                   vmaf::ssim::kMsSsimFeatures, vmaf::ssim::init);
