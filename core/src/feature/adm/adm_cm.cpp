#include "feature/adm/adm_cm.h"

#include "feature/adm/adm_csf.h"

namespace vmaf::adm {

template <typename T>
float cm_from_sums(const int64_t sums[3], const CmShifts &shifts, const Region &reg,
                   double noise_weight)
{
    using M = ScaleMath<T>;
    const float nf = noise_floor(reg.width() * reg.height(), noise_weight);
    float sum = 0.0f;
    for (int b = 0; b < 3; b++) {
        const float term = std::pow(M::to_float(sums[b], shifts.to_float[b]), 1.0f / 3.0f) + nf;
        sum = b == 0 ? term : sum + term;
    }
    return sum;
}

template float cm_from_sums<int16_t>(const int64_t[3], const CmShifts &, const Region &,
                                     double);
template float cm_from_sums<int32_t>(const int64_t[3], const CmShifts &, const Region &,
                                     double);

} // namespace vmaf::adm
