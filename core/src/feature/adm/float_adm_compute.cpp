#include "feature/adm/float_adm_compute.h"

#include "cpu/cpu_flags.h"
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

float pooled_bands(const BandSums &sums, int w, int h, double noise_weight, double p_norm)
{
    const adm::Region reg = adm::score_region(w, h);
    const float nf = noise_floor(reg.width(), reg.height(), noise_weight, p_norm);
    float pooled[3];
    for (int b = 0; b < 3; b++) pooled[b] = pooled_root(sums[b], p_norm) + nf;
    return pooled[0] + pooled[1] + pooled[2];
}

const FloatAdmStages &float_adm_stages(unsigned cpu_flags)
{
    using P = cpu::Portable;
    static constexpr FloatAdmStages portable{dwt2<P>, decouple<P>, csf_weight<P>, csf_den_sums<P>,
                                             masked_sums<P>};
#if defined(VMAF_X86_SIMD)
    using A = cpu::Avx2;
    using B = cpu::Avx512;
    static constexpr FloatAdmStages avx2{dwt2<A>, decouple<A>, csf_weight<A>, csf_den_sums<A>,
                                         masked_sums<A>};
    static constexpr FloatAdmStages avx512{dwt2<B>, decouple<B>, csf_weight<B>, csf_den_sums<B>,
                                           masked_sums<B>};
    return cpu::widest(cpu_flags, portable, &avx2, &avx512);
#else
    return cpu::widest(cpu_flags, portable, nullptr, nullptr);
#endif
}

ScaleTotals pool_scale(const FloatAdmParams &p, int scale, int w, int h, const BandSums &den,
                       const BandSums &num, const BandSums &aim)
{
    ScaleTotals t;
    t.den = pooled_bands(den, w, h, p.noise_weight, p.p_norm);
    t.num = pooled_bands(num, w, h, p.noise_weight, p.p_norm);
    // aim has no noise floor weight; a scale left out of it is computed but
    // unused by the reference.
    if (p.skip_aim_scale != scale) t.aim = pooled_bands(aim, w, h, 0.0, p.p_norm);
    return t;
}

adm::AdmScores combine_scales(const FloatAdmParams &p, int w, int h,
                              const std::array<ScaleTotals, adm::kScales> &scales)
{
    adm::AdmScores out;
    double num = 0, den = 0, aim_num = 0, aim_den = 0;
    for (int s = 0; s < adm::kScales; s++) {
        const ScaleTotals &t = scales[s];
        num += t.num;
        den += t.den;
        if (s != p.skip_aim_scale) {
            aim_den += t.den;
            aim_num += t.aim;
        }
        out.num_scale[s] = t.num;
        out.den_scale[s] = t.den;
    }
    // Sums below this are rounding noise (flat frames): they count as 0.
    const double limit = 1e-10 * (w * h) / (1920.0 * 1080.0);
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

FloatAdm::FloatAdm(const FloatAdmParams &params, int w, int h, unsigned cpu_flags)
    : params_(params), w_(w), h_(h), stages_(float_adm_stages(cpu_flags))
{
    for (int s = 0; s < adm::kScales; s++) factors_[s] = csf_factors(params.csf, s);
}

ScaleTotals FloatAdm::measure(int scale)
{
    const auto &f = factors_[scale];
    const double p = params_.p_norm;
    const FloatAdmStages &st = stages_;
    st.decouple(ref_, dis_, params_.enhn_gain_limit, restored_, additive_);
    const BandSums den = st.csf_den_sums(ref_, f, p);
    // Detail loss masked by the additive impairment, and the other way round.
    st.csf_weight(additive_, f, weighted_, floor_);
    const BandSums num = st.masked_sums(restored_, f, weighted_, floor_, params_.bypass_cm, p);
    BandSums aim{};
    if (params_.skip_aim_scale != scale) {
        st.csf_weight(restored_, f, weighted_, floor_);
        aim = st.masked_sums(additive_, f, weighted_, floor_, params_.bypass_cm, p);
    }
    return pool_scale(params_, scale, ref_[0].w, ref_[0].h, den, num, aim);
}

adm::AdmScores FloatAdm::compute(const VmafPicture &ref, const VmafPicture &dis)
{
    load_luma(ref, w_, h_, approx_ref_[0]);
    load_luma(dis, w_, h_, approx_dis_[0]);
    std::array<ScaleTotals, adm::kScales> scales;
    for (int s = 0; s < adm::kScales; s++) {
        const bool skipped = s == 0 && params_.skip_scale0;
        stages_.dwt2(approx_ref_[s], approx_ref_[s + 1], skipped ? nullptr : &ref_, scratch_);
        stages_.dwt2(approx_dis_[s], approx_dis_[s + 1], skipped ? nullptr : &dis_, scratch_);
        scales[s] = skipped ? kSkippedScale : measure(s);
    }
    return combine_scales(params_, w_, h_, scales);
}

} // namespace vmaf::float_adm
