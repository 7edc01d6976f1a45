// float_adm's CSF and pooled sums (float_adm_stages.h), built once per
// instruction set (cpu/isa.h).
#include <cmath>

#include "feature/adm/adm_math.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "cpu/isa.h"
#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::float_adm {

namespace {

// Factor of band b (h, v, d).
inline float factor_of(std::array<float, 2> f, int b) { return b == 2 ? f[1] : f[0]; }

} // namespace

template <class Isa>
void csf_weight(const Detail &in, std::array<float, 2> factors, Detail &weighted, Detail &floor)
{
    const int w = in[0].w, h = in[0].h;
    weighted.resize(w, h);
    floor.resize(w, h);
    const adm::Region reg = adm::work_region(w, h);
    for (int b = 0; b < 3; b++) {
        const float f = factor_of(factors, b);
        for (int i = reg.top; i < reg.bottom; i++) {
            const float *__restrict src = in[b].row(i);
            float *__restrict dst = weighted[b].row(i);
            float *__restrict flt = floor[b].row(i);
            for (int j = reg.left; j < reg.right; j++) {
                const float v = f * src[j];
                dst[j] = v;
                flt[j] = masking_floor(v);
            }
        }
    }
}

template <class Isa>
BandSums csf_den_sums(const Detail &ref, std::array<float, 2> factors, double p_norm)
{
    const adm::Region reg = adm::score_region(ref[0].w, ref[0].h);
    BandSums sums{};
    for (int b = 0; b < 3; b++) {
        const float f = factor_of(factors, b);
        float acc = 0.0f;
        for (int i = reg.top; i < reg.bottom; i++) {
            const float *src = ref[b].row(i);
            float row = 0.0f;
            for (int j = reg.left; j < reg.right; j++) row += pooled_power(fabsf(f * src[j]), p_norm);
            acc += row;
        }
        sums[b] = acc;
    }
    return sums;
}

template <class Isa>
BandSums masked_sums(const Detail &src, std::array<float, 2> factors, const Detail &weighted,
                     const Detail &floor, bool bypass, double p_norm)
{
    const int w = src[0].w, h = src[0].h;
    const adm::Region reg = adm::score_region(w, h);
    const float f[3] = {factors[0], factors[0], factors[1]};
    const float *const wt[3] = {weighted[0].px.data(), weighted[1].px.data(), weighted[2].px.data()};
    const float *const fl[3] = {floor[0].px.data(), floor[1].px.data(), floor[2].px.data()};
    BandSums acc{};
    for (int i = reg.top; i < reg.bottom; i++) {
        const int i0 = adm::window_index(i - 1, h), i2 = adm::window_index(i + 1, h);
        const float *x[3] = {src[0].row(i), src[1].row(i), src[2].row(i)};
        float row[3] = {0.0f, 0.0f, 0.0f};
        for (int j = reg.left; j < reg.right; j++) {
            const float thr = bypass ? 0.0f
                                     : masking_threshold(wt, fl, w, i, j,
                                                         adm::window_index(j - 1, w),
                                                         adm::window_index(j + 1, w), i0, i2);
            for (int b = 0; b < 3; b++) row[b] += masked_power(x[b][j], f[b], thr, p_norm);
        }
        for (int b = 0; b < 3; b++) acc[b] += row[b];
    }
    return acc;
}

template void csf_weight<cpu::BuiltFor>(const Detail &, std::array<float, 2>, Detail &,
                                        Detail &);
template BandSums csf_den_sums<cpu::BuiltFor>(const Detail &, std::array<float, 2>, double);
template BandSums masked_sums<cpu::BuiltFor>(const Detail &, std::array<float, 2>, const Detail &,
                                             const Detail &, bool, double);

} // namespace vmaf::float_adm

VMAF_TARGET_END
