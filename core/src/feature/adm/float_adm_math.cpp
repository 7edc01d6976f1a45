#include "feature/adm/float_adm_math.h"

namespace vmaf::float_adm {

namespace {

// The CSF of the DLM paper (Li, Zhang, Ma, Ngan, IEEE TMM 13(5), 2011) at
// the nominal frequency of a scale; `diagonal` applies the oblique effect
// (the diagonal band's frequency is taken as 1 / 0.7 times higher).
float dlm_csf(const adm::CsfParams &p, int scale, bool diagonal)
{
    const float r = static_cast<float>(p.norm_view_dist * p.ref_display_height * M_PI / 180.0);
    float f = static_cast<float>(r / std::pow(2, scale + 1));
    if (diagonal) f = static_cast<float>(f / 0.7);
    return static_cast<float>((0.31 + 0.69 * f) * std::exp(-0.29 * f));
}

} // namespace

std::array<float, 2> csf_factors(const CsfOptions &o, int scale)
{
    std::array<float, 2> f{};
    if (o.csf.mode == kModeDlm) {
        f = {dlm_csf(o.csf, scale, false), dlm_csf(o.csf, scale, true)};
    } else {
        // Watson97 and Barten are the integer adm's models, operation for
        // operation the same in the reference.
        adm::CsfParams p = o.csf;
        p.mode = o.csf.mode == kModeBarten ? adm::kBarten : adm::kWatson97;
        f = adm::csf_weights(p, scale);
    }
    if (o.override_hv[scale] >= 0) f[0] = static_cast<float>(o.override_hv[scale]);
    if (o.override_d[scale] >= 0) f[1] = static_cast<float>(o.override_d[scale]);
    return f;
}

} // namespace vmaf::float_adm
