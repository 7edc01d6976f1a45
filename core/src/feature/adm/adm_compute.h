// ADM of one frame pair: four DWT scales, each decoupled, CSF-weighted,
// masked and pooled; the buffers live as long as the instance, so one
// instance per thread.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_csf_model.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_kernels.h"
#include "feature/adm/adm_pipeline.h"
#include "feature/adm/adm_scores.h"
#include "libvmaf/picture.h"

namespace vmaf::adm {

struct IntegerAdmParams {
    CsfParams csf;
    double enhn_gain_limit = 100.0;
    double noise_weight = 0.03125;
    bool skip_aim = false;
    bool skip_scale0 = false;
};

// The denominator of a skipped scale 0: keeps adm_scale0 = 0 / den finite.
inline constexpr float kSkippedScaleDen = 1e-10f;

// A frame's scores from each scale's numerator, denominator and additive
// impairment numerator (0 where skipped), for pictures of w x h.
AdmScores combine_scales(const std::array<float, kScales> &num,
                         const std::array<float, kScales> &den,
                         const std::array<float, kScales> &aim, int w, int h);

// What ADM derives from the reference picture alone: its detail bands at
// every scale (scale 0's empty with adm_skip_scale0). The renditions of a
// ladder share them (PictureCache).
struct ReferenceBands {
    Detail<int16_t> scale0;
    std::array<Detail<int32_t>, kScales - 1> scales; // 1, 2, 3
};

class IntegerAdm {
public:
    // w, h at least kMinSize; the caller checks.
    // cpu_flags: the instruction sets its kernels may use (cpu::Flag bits).
    IntegerAdm(const IntegerAdmParams &params, int w, int h, unsigned cpu_flags);

    // Luma of both pictures, of the size given at construction.
    AdmScores compute(const VmafPicture &ref, const VmafPicture &dis);

private:
    template <typename T> struct Work {
        Detail<T> ref, dis;
        ScalePipeline<T> pipeline;
    };

    // The numerator (DLM) and additive impairment (AIM, 0 when skipped) of
    // the bands of one scale.
    template <typename T>
    void measure(Work<T> &work, const Detail<T> &ref, const typename ScaleMath<T>::Factors &factors,
                 const CmShifts &shifts, float &num, float &aim);
    // Pooled denominator of the reference bands `ref` of `scale`.
    template <typename T>
    float denominator(const Detail<T> &ref, const DenShifts &shifts, const Region &reg,
                      int scale) const;
    void transform0(const VmafPicture &pic, Detail<int16_t> *detail, Plane<int32_t> &approx);
    ReferenceBands reference_bands(const VmafPicture &ref);

    IntegerAdmParams params_;
    int w_, h_;
    const AdmKernels &kernels_;
    bool bands_shareable_ = true;
    std::array<std::array<float, 2>, kScales> weights_;
    ScaleMath<int16_t>::Factors factors0_;
    std::array<ScaleMath<int32_t>::Factors, kScales> factors_;

    Work<int16_t> work0_;
    Work<int32_t> work_;
    // Each scale's approximation (the next scale's input) in a plane of its
    // own: planes that swapped roles would grow again every frame.
    std::array<Plane<int32_t>, kScales> approx_ref_, approx_dis_;
    std::vector<int16_t> tmp16_;
    std::vector<int32_t> tmp32_;
};

} // namespace vmaf::adm
