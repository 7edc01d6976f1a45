#include <cmath>

#include "feature/adm/adm_math.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "feature/common/target_clones.h"

namespace vmaf::float_adm {

namespace {

// Factor of band b (h, v, d).
inline float factor_of(std::array<float, 2> f, int b) { return b == 2 ? f[1] : f[0]; }

// Masking threshold at (i, j): over the bands, the floors of the 3x3
// neighbours plus the centre's |weighted| / 15, summed in the reference's
// order (window row by row; the centre term added in double). Neighbours
// come from adm::window_index.
inline float threshold(const Detail &weighted, const Detail &floor, int i, int j, int j0, int j2,
                       int i0, int i2)
{
    float thr = 0.0f;
    for (int b = 0; b < 3; b++) {
        const float *f0 = floor[b].row(i0), *f1 = floor[b].row(i), *f2 = floor[b].row(i2);
        float sum = 0.0f;
        sum += f0[j0];
        sum += f0[j];
        sum += f0[j2];
        sum += f1[j0];
        sum = static_cast<float>(sum + kOneBy15 * std::fabs(weighted[b].row(i)[j]));
        sum += f1[j2];
        sum += f2[j0];
        sum += f2[j];
        sum += f2[j2];
        thr += sum;
    }
    return thr;
}

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
                flt[j] = static_cast<float>(kOneBy30 * std::fabs(v));
            }
        }
    }
}

VMAF_TARGET_CLONES float csf_den(const Detail &ref, std::array<float, 2> factors,
                                 double noise_weight, double p_norm)
{
    const int w = ref[0].w, h = ref[0].h;
    const adm::Region reg = adm::score_region(w, h);
    const float nf = noise_floor(reg.width(), reg.height(), noise_weight, p_norm);
    float den[3];
    for (int b = 0; b < 3; b++) {
        const float f = factor_of(factors, b);
        float acc = 0.0f;
        for (int i = reg.top; i < reg.bottom; i++) {
            const float *src = ref[b].row(i);
            float row = 0.0f;
            for (int j = reg.left; j < reg.right; j++)
                row += pooled_power(std::fabs(f * src[j]), p_norm);
            acc += row;
        }
        den[b] = pooled_root(acc, p_norm) + nf;
    }
    return den[0] + den[1] + den[2];
}

VMAF_TARGET_CLONES float contrast_masked(const Detail &src, std::array<float, 2> factors,
                                         const Detail &weighted, const Detail &floor,
                                         bool bypass, double noise_weight, double p_norm)
{
    const int w = src[0].w, h = src[0].h;
    const adm::Region reg = adm::score_region(w, h);
    const float f[3] = {factors[0], factors[0], factors[1]};
    float acc[3] = {0.0f, 0.0f, 0.0f};
    for (int i = reg.top; i < reg.bottom; i++) {
        const int i0 = adm::window_index(i - 1, h), i2 = adm::window_index(i + 1, h);
        const float *x[3] = {src[0].row(i), src[1].row(i), src[2].row(i)};
        float row[3] = {0.0f, 0.0f, 0.0f};
        for (int j = reg.left; j < reg.right; j++) {
            const float thr =
                bypass ? 0.0f
                       : threshold(weighted, floor, i, j, adm::window_index(j - 1, w),
                                   adm::window_index(j + 1, w), i0, i2);
            for (int b = 0; b < 3; b++) {
                float v = std::fabs(x[b][j] * f[b]) - thr;
                v = v < 0.0f ? 0.0f : v;
                row[b] += pooled_power(v, p_norm);
            }
        }
        for (int b = 0; b < 3; b++) acc[b] += row[b];
    }
    const float nf = noise_floor(reg.width(), reg.height(), noise_weight, p_norm);
    float sum[3];
    for (int b = 0; b < 3; b++) sum[b] = pooled_root(acc[b], p_norm) + nf;
    return sum[0] + sum[1] + sum[2];
}

} // namespace vmaf::float_adm
