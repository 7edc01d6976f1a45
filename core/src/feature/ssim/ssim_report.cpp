#include "feature/ssim/ssim_report.h"

#include <cerrno>
#include <cmath>

#include "base/log.h"
#include "base/first_error.h"

namespace vmaf::ssim {

namespace {

// Exponents of each scale (Wang et al.); luminance counts only at the
// coarsest scale. Floats, as the reference keeps them.
constexpr float kAlpha[kScales] = {0.0f, 0.0f, 0.0f, 0.0f, 0.1333f};
constexpr float kBetaGamma[kScales] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};

// The reference checks, before halving, that every scale is at least as
// large as the SSIM window, with the sizes halved rounding down.
int ms_ssim_minimum_size()
{
    int n = kWindowLen;
    for (int i = 1; i < kScales; i++) n *= 2;
    return n;
}

} // namespace

int ssim_scale(const VmafExtractorSetup &setup)
{
    const int option = setup.options[kScale].i;
    return option > 0 ? option
                      : auto_scale(static_cast<int>(setup.w), static_cast<int>(setup.h));
}

int check_ssim_size(const char *extractor, const VmafExtractorSetup &setup, int scale)
{
    const int w = static_cast<int>(setup.w), h = static_cast<int>(setup.h);
    const int sw = scale > 1 ? decimated_size(w, scale) : w;
    const int sh = scale > 1 ? decimated_size(h, scale) : h;
    if (sw >= kWindowLen && sh >= kWindowLen) return 0;
    log_error("{}: {}x{} is too small for scale {}: the picture decimated by the scale is "
              "{}x{}, and the SSIM window needs at least {}x{}",
              extractor, w, h, scale, sw, sh, kWindowLen, kWindowLen);
    return -EINVAL;
}

int check_ms_ssim_size(const char *extractor, const VmafExtractorSetup &setup)
{
    const unsigned min = static_cast<unsigned>(ms_ssim_minimum_size());
    if (setup.w >= min && setup.h >= min) return 0;
    log_error("{}: {}x{} is too small: its {} scales need a picture of at least {}x{}", extractor,
              setup.w, setup.h, kScales, min, min);
    return -EINVAL;
}

SsimReporter::SsimReporter(const VmafExtractorSetup &setup)
    : enable_lcs_(setup.options[kEnableLcs].b), enable_db_(setup.options[kEnableDb].b),
      max_db_(max_db(setup.options[kClipDb].b, setup.bpc, setup.w, setup.h))
{
    for (int i = 0; i < 4; i++) keys_[i] = setup.feature_names[i];
}

int SsimReporter::report(const Means &m, unsigned index, VmafFeatureSink *sink) const
{
    const double score = enable_db_ ? to_db(m.ssim, max_db_) : m.ssim;
    int err = vmaf_sink_append(sink, keys_[0].c_str(), score, index);
    if (enable_lcs_) {
        err = first_error(err, vmaf_sink_append(sink, keys_[1].c_str(), m.l, index));
        err = first_error(err, vmaf_sink_append(sink, keys_[2].c_str(), m.c, index));
        err = first_error(err, vmaf_sink_append(sink, keys_[3].c_str(), m.s, index));
    }
    return err;
}

MsSsimReporter::MsSsimReporter(const VmafExtractorSetup &setup)
    : enable_lcs_(setup.options[kEnableLcs].b), enable_db_(setup.options[kEnableDb].b),
      max_db_(max_db(setup.options[kClipDb].b, setup.bpc, setup.w, setup.h))
{
    for (int i = 0; i < 1 + 3 * kScales; i++) keys_[i] = setup.feature_names[i];
}

int MsSsimReporter::report(std::span<const Means, kScales> m, unsigned index,
                           VmafFeatureSink *sink) const
{
    // Powers in double of the float terms and exponents.
    const auto power = [](float base, float exponent) {
        return std::pow(static_cast<double>(base), static_cast<double>(exponent));
    };
    double score = 1.0;
    for (int i = 0; i < kScales; i++)
        score *= power(m[i].l, kAlpha[i]) * power(m[i].c, kBetaGamma[i]) *
                 power(m[i].s, kBetaGamma[i]);
    if (enable_db_) score = to_db(score, max_db_);
    int err = vmaf_sink_append(sink, keys_[0].c_str(), score, index);
    if (enable_lcs_) {
        for (int i = 0; i < kScales; i++) {
            err = first_error(err, vmaf_sink_append(sink, keys_[1 + i].c_str(), m[i].l, index));
            err = first_error(
                err, vmaf_sink_append(sink, keys_[1 + kScales + i].c_str(), m[i].c, index));
            err = first_error(
                err, vmaf_sink_append(sink, keys_[1 + 2 * kScales + i].c_str(), m[i].s, index));
        }
    }
    return err;
}

} // namespace vmaf::ssim
