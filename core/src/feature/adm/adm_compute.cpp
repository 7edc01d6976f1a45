#include "feature/adm/adm_compute.h"

#include <memory>

#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_math.h"
#include "base/picture_cache.h"
#include "base/picture_memory.h"

namespace vmaf::adm {

IntegerAdm::IntegerAdm(const IntegerAdmParams &params, int w, int h, unsigned cpu_flags)
    : params_(params), w_(w), h_(h), kernels_(adm_kernels(cpu_flags))
{
    for (int s = 0; s < kScales; s++) {
        weights_[s] = csf_weights(params.csf, s);
        if (s > 0) factors_[s] = scale_factors(params.csf, s);
    }
    factors0_ = scale0_factors(params.csf);
    // Where the reference's row buffers are read across (dwt2_scale), its
    // bands depend on the distorted picture's: they are not the
    // reference's alone.
    for (int s = 1, n = (w + 1) / 2; s < kScales; s++) {
        n = (n + 1) / 2;
        if (last_output_unreflected(n)) bands_shareable_ = false;
    }
}

void IntegerAdm::transform0(const VmafPicture &pic, Detail<int16_t> *detail, Plane<int32_t> &approx)
{
    if (pic.bpc > 8) {
        const auto *src = static_cast<const uint16_t *>(pic.data[0]);
        kernels_.dwt0_16(src, pic.stride[0] / 2, w_, h_, static_cast<int>(pic.bpc), detail, approx,
                         tmp16_);
    } else {
        const auto *src = static_cast<const uint8_t *>(pic.data[0]);
        kernels_.dwt0_8(src, pic.stride[0], w_, h_, 8, detail, approx, tmp16_);
    }
}

// Detail loss (numerator of adm2) and, unless skipped, additive impairment:
// each is the other's masker.
template <typename T>
void IntegerAdm::measure(Work<T> &work, const Detail<T> &ref,
                         const typename ScaleMath<T>::Factors &factors, const CmShifts &shifts,
                         float &num, float &aim)
{
    MeasureSums sums;
    work.pipeline.run(kernels_, ref, work.dis, factors, shifts, params_.enhn_gain_limit,
                      !params_.skip_aim, sums);
    const Region reg = score_region(ref[0].w, ref[0].h);
    num = cm_from_sums<T>(sums.dlm, shifts, reg, params_.noise_weight);
    aim = params_.skip_aim ? 0.0f : cm_from_sums<T>(sums.aim, shifts, reg, 0.0);
}

template <typename T>
float IntegerAdm::denominator(const Detail<T> &ref, const DenShifts &shifts, const Region &reg,
                              int scale) const
{
    uint64_t sums[3];
    kernels_.bands<T>().den(ref, shifts, reg, sums);
    return den_from_sums(sums, shifts, weights_[scale], reg, params_.noise_weight);
}

ReferenceBands IntegerAdm::reference_bands(const VmafPicture &ref)
{
    ReferenceBands bands;
    transform0(ref, params_.skip_scale0 ? nullptr : &bands.scale0, approx_ref_[0]);
    for (int scale = 1; scale < kScales; scale++) {
        const Plane<int32_t> *in[1] = {&approx_ref_[scale - 1]};
        Detail<int32_t> *detail[1] = {&bands.scales[scale - 1]};
        Plane<int32_t> *next[1] = {&approx_ref_[scale]};
        kernels_.dwt(in, 1, scale, detail, next, tmp32_);
    }
    return bands;
}

AdmScores IntegerAdm::compute(const VmafPicture &ref, const VmafPicture &dis)
{
    // A reference picture that other contexts hold too: its bands are
    // computed once for all of them, and each transforms only its distorted.
    PictureCache *cache = bands_shareable_ ? picture_cache(ref) : nullptr;
    std::shared_ptr<const ReferenceBands> shared;
    if (cache) {
        static constexpr char kReferenceBands = 0;
        const PictureCache::Key key{&kReferenceBands, {params_.skip_scale0, 0}};
        shared = cache->take<ReferenceBands>(key, [&] { return reference_bands(ref); });
    }
    std::array<float, kScales> num{}, den{}, aim{};
    int w = (w_ + 1) / 2, h = (h_ + 1) / 2;
    if (params_.skip_scale0) {
        if (!shared) transform0(ref, nullptr, approx_ref_[0]);
        transform0(dis, nullptr, approx_dis_[0]);
        den[0] = kSkippedScaleDen;
    } else {
        if (!shared) transform0(ref, &work0_.ref, approx_ref_[0]);
        transform0(dis, &work0_.dis, approx_dis_[0]);
        const Detail<int16_t> &ref0 = shared ? shared->scale0 : work0_.ref;
        const Region reg = score_region(ref0[0].w, ref0[0].h);
        den[0] = denominator(ref0, den_shifts_scale0(reg), reg, 0);
        measure(work0_, ref0, factors0_, ScaleMath<int16_t>::cm_shifts(w, h), num[0], aim[0]);
    }
    for (int scale = 1; scale < kScales; scale++) {
        if (shared) {
            const Plane<int32_t> *in[1] = {&approx_dis_[scale - 1]};
            Detail<int32_t> *detail[1] = {&work_.dis};
            Plane<int32_t> *next[1] = {&approx_dis_[scale]};
            kernels_.dwt(in, 1, scale, detail, next, tmp32_);
        } else {
            const Plane<int32_t> *in[2] = {&approx_ref_[scale - 1], &approx_dis_[scale - 1]};
            Detail<int32_t> *detail[2] = {&work_.ref, &work_.dis};
            Plane<int32_t> *next[2] = {&approx_ref_[scale], &approx_dis_[scale]};
            kernels_.dwt(in, 2, scale, detail, next, tmp32_);
        }
        w = (w + 1) / 2;
        h = (h + 1) / 2;
        const Detail<int32_t> &ref_bands = shared ? shared->scales[scale - 1] : work_.ref;
        const Region reg = score_region(ref_bands[0].w, ref_bands[0].h);
        den[scale] = denominator(ref_bands, den_shifts(scale, reg), reg, scale);
        measure(work_, ref_bands, factors_[scale], ScaleMath<int32_t>::cm_shifts(w, h, scale),
                num[scale], aim[scale]);
    }
    return combine_scales(num, den, aim, w_, h_);
}

AdmScores combine_scales(const std::array<float, kScales> &num,
                         const std::array<float, kScales> &den,
                         const std::array<float, kScales> &aim, int w, int h)
{
    AdmScores out;
    double num_sum = 0, den_sum = 0, aim_sum = 0;
    for (int s = 0; s < kScales; s++) {
        num_sum += num[s];
        den_sum += den[s];
        aim_sum += aim[s];
        out.num_scale[s] = num[s];
        out.den_scale[s] = den[s];
    }
    // Sums below this are rounding noise (flat frames): they count as 0.
    const double limit = 1e-10 * (w * h) / (1920.0 * 1080.0);
    out.num = num_sum < limit ? 0 : num_sum;
    out.den = den_sum < limit ? 0 : den_sum;
    if (out.den != 0.0) {
        out.adm2 = out.num / out.den;
        out.aim = aim_sum / out.den;
    }
    return out;
}

} // namespace vmaf::adm
