#include <cmath>

#include "feature/adm/adm_math.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "feature/common/target_clones.h"

namespace vmaf::float_adm {

namespace {

// Factor of band b (h, v, d).
inline float factor_of(std::array<float, 2> f, int b) { return b == 2 ? f[1] : f[0]; }

} // namespace

VMAF_TARGET_CLONES void csf_weight(const Detail &in, std::array<float, 2> factors,
                                   Detail &weighted, Detail &floor)
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

VMAF_TARGET_CLONES BandSums csf_den_sums(const Detail &ref, std::array<float, 2> factors,
                                         double p_norm)
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

VMAF_TARGET_CLONES BandSums masked_sums(const Detail &src, std::array<float, 2> factors,
                                        const Detail &weighted, const Detail &floor, bool bypass,
                                        double p_norm)
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

float pooled_bands(const BandSums &sums, int w, int h, double noise_weight, double p_norm)
{
    const adm::Region reg = adm::score_region(w, h);
    const float nf = noise_floor(reg.width(), reg.height(), noise_weight, p_norm);
    float pooled[3];
    for (int b = 0; b < 3; b++) pooled[b] = pooled_root(sums[b], p_norm) + nf;
    return pooled[0] + pooled[1] + pooled[2];
}

} // namespace vmaf::float_adm
