// One scale's measures of integer ADM, row by row: each row of the bands is
// decoupled, CSF-weighted and masked while its neighbours are still in
// cache, through rings of three rows (the masking window's height), where a
// plane per stage would write and read back twelve bands through memory.
// The arithmetic is the stages' (adm_decouple, adm_csf, adm_cm), in the
// same order per row, so the sums are theirs.
#pragma once

#include <cstdint>
#include <vector>

#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_kernels.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

// The numerator's band sums of one scale (cm_from_sums() pools them):
// detail loss (DLM) and additive impairment (AIM).
struct MeasureSums {
    int64_t dlm[3] = {}, aim[3] = {};
};

// T is int16_t at scale 0, int32_t at scales 1-3. Its rows are kept between
// calls (one instance per thread).
template <typename T> class ScalePipeline {
public:
    // The sums of the reference's and distorted's bands of one scale; AIM's
    // only with `aim`.
    void run(const AdmKernels &kernels, const Detail<T> &ref, const Detail<T> &dis,
             const typename ScaleMath<T>::Factors &factors, const CmShifts &shifts,
             double enhn_gain_limit, bool aim, MeasureSums &out);

private:
    // What a ring slot holds per band: the decoupled rows and the CSF of
    // each (the masker of the other's measure).
    enum Kind { kRestored, kAdditive, kRestoredWeighted, kRestoredFloor, kAdditiveWeighted, kAdditiveFloor, kKinds };
    T *row(int slot, Kind kind, int band) { return rows_.data() + ((slot * kKinds + kind) * 3 + band) * w_; }

    size_t w_ = 0;
    std::vector<T> rows_;
    std::vector<ThresholdSum<T>> scratch_;
    DecoupleRows decouple_rows_;
};

} // namespace vmaf::adm
