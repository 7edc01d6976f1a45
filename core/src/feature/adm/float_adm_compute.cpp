#include "feature/adm/float_adm_compute.h"

#include <utility>

#include "feature/common/float_picture.h"

namespace vmaf::float_adm {

namespace {

// Luma centred on zero, on the 8-bit scale.
void load_luma(const VmafPicture &pic, int w, int h, FloatPlane &out)
{
    out.resize(w, h);
    plane_to_float(pic, 0, out.px.data(), static_cast<size_t>(w), -128.0f);
}

} // namespace

FloatAdm::FloatAdm(const FloatAdmParams &params, int w, int h) : params_(params), w_(w), h_(h)
{
    for (int s = 0; s < adm::kScales; s++) factors_[s] = csf_factors(params.csf, s);
}

void FloatAdm::measure(int scale, float &num, float &aim, float &den)
{
    const auto &f = factors_[scale];
    const double nw = params_.noise_weight, p = params_.p_norm;
    decouple(ref_, dis_, params_.enhn_gain_limit, restored_, additive_);
    den = csf_den(ref_, f, nw, p);
    // Detail loss masked by the additive impairment, and the other way round
    // (without noise floor weight).
    csf_weight(additive_, f, weighted_, floor_);
    num = contrast_masked(restored_, f, weighted_, floor_, params_.bypass_cm, nw, p);
    aim = 0.0f;
    if (params_.skip_aim_scale == scale) return; // computed but unused by the reference
    csf_weight(restored_, f, weighted_, floor_);
    aim = contrast_masked(additive_, f, weighted_, floor_, params_.bypass_cm, 0.0, p);
}

adm::AdmScores FloatAdm::compute(const VmafPicture &ref, const VmafPicture &dis)
{
    load_luma(ref, w_, h_, approx_ref_);
    load_luma(dis, w_, h_, approx_dis_);
    adm::AdmScores out;
    double num = 0, den = 0, aim_num = 0, aim_den = 0;
    for (int s = 0; s < adm::kScales; s++) {
        float num_s = 0.0f, den_s = 0.0f, aim_s = 0.0f;
        if (s == 0 && params_.skip_scale0) {
            dwt2(approx_ref_, next_ref_, nullptr, scratch_);
            dwt2(approx_dis_, next_dis_, nullptr, scratch_);
            den_s = 1e-10f; // keeps adm_scale0 = 0 / den finite
        } else {
            dwt2(approx_ref_, next_ref_, &ref_, scratch_);
            dwt2(approx_dis_, next_dis_, &dis_, scratch_);
            measure(s, num_s, aim_s, den_s);
        }
        std::swap(approx_ref_, next_ref_);
        std::swap(approx_dis_, next_dis_);
        num += num_s;
        den += den_s;
        if (s != params_.skip_aim_scale) {
            aim_den += den_s;
            aim_num += aim_s;
        }
        out.num_scale[s] = num_s;
        out.den_scale[s] = den_s;
    }

    // Sums below this are rounding noise (flat frames): they count as 0.
    const double limit = 1e-10 * (w_ * h_) / (1920.0 * 1080.0);
    out.num = num < limit ? 0 : num;
    out.den = den < limit ? 0 : den;
    // The reference leaves aim unset when den is 0 (only possible with a
    // zero noise weight); here it stays 0.
    if (out.den != 0.0) {
        const double a = aim_num / aim_den;
        out.aim = a < 1.0 ? a : 1.0;
        out.adm2 = out.num / out.den;
    }
    return out;
}

} // namespace vmaf::float_adm
