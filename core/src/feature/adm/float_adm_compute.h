// float_adm of one frame pair: the luma as float, four DWT scales, each
// decoupled, CSF-weighted, masked and pooled as the reference's float ADM
// does. The buffers live as long as the instance: one instance per thread.
#pragma once

#include <array>

#include "feature/adm/adm_math.h"
#include "feature/adm/adm_scores.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "libvmaf/picture.h"

namespace vmaf::float_adm {

// Each scale's bands need 2 samples per side (the 4-tap filter and the 3x3
// masking window reflect about the second sample): 17 -> 9 -> 5 -> 3 -> 2.
inline constexpr unsigned kMinSize = 17;

struct FloatAdmParams {
    CsfOptions csf;
    double enhn_gain_limit = 100.0;
    double noise_weight = 0.03125;
    double p_norm = 3.0;
    bool bypass_cm = false;
    int skip_aim_scale = -1; // a scale left out of aim, or -1
    bool skip_scale0 = false;
};

// A scale's pooled detail loss numerator, additive impairment numerator
// and denominator.
struct ScaleTotals {
    float num = 0.0f, aim = 0.0f, den = 0.0f;
};

// A scale's totals from its band sums (w x h bands); `aim` unused where
// the scale is left out of aim.
ScaleTotals pool_scale(const FloatAdmParams &p, int scale, int w, int h, const BandSums &den,
                       const BandSums &num, const BandSums &aim);

// The totals of a scale skipped with skip_scale0.
inline constexpr ScaleTotals kSkippedScale{0.0f, 0.0f, 1e-10f}; // keeps adm_scale0 = 0 / den finite

// The frame's scores from the four scales' totals of a w x h picture.
adm::AdmScores combine_scales(const FloatAdmParams &p, int w, int h,
                              const std::array<ScaleTotals, adm::kScales> &scales);

class FloatAdm {
public:
    // w, h at least kMinSize; the caller checks.
    // cpu_flags: the instruction sets its stages may use (cpu::Flag bits).
    FloatAdm(const FloatAdmParams &params, int w, int h, unsigned cpu_flags);

    // Luma of both pictures, of the size given at construction.
    adm::AdmScores compute(const VmafPicture &ref, const VmafPicture &dis);

private:
    // The totals of the bands now in ref_ / dis_.
    ScaleTotals measure(int scale);

    FloatAdmParams params_;
    int w_, h_;
    const FloatAdmStages &stages_;
    std::array<std::array<float, 2>, adm::kScales> factors_;
    // The picture and each scale's approximation, a plane each: planes that
    // swapped roles would grow again every frame.
    std::array<FloatPlane, adm::kScales + 1> approx_ref_, approx_dis_;
    Detail ref_, dis_, restored_, additive_, weighted_, floor_;
    DwtScratch scratch_;
};

} // namespace vmaf::float_adm
