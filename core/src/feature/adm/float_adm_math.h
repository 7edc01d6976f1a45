// float_adm arithmetic, element by element: the one definition of each
// rounding of the reference's float ADM. Its C code mixes float and double
// (double literals and double options in float expressions); every such mix
// is spelled out here with casts, so that the stages (float_adm_dwt2,
// float_adm_decouple, float_adm_cm) give the reference's bits.
#pragma once

#include <array>
#include <cmath>

#include "feature/adm/adm_csf_model.h"
#include "feature/adm/rcp_estimate.h"
#include "base/host_device.h"

namespace vmaf::float_adm {

// Daubechies db2 analysis filters over four samples, the reference's double
// literals rounded to float, summed from zero in the reference's order.
VMAF_HOST_DEVICE inline float db2_lo(float s0, float s1, float s2, float s3)
{
    float acc = 0.0f;
    acc += static_cast<float>(0.482962913144690) * s0;
    acc += static_cast<float>(0.836516303737469) * s1;
    acc += static_cast<float>(0.224143868041857) * s2;
    acc += static_cast<float>(-0.129409522550921) * s3;
    return acc;
}
VMAF_HOST_DEVICE inline float db2_hi(float s0, float s1, float s2, float s3)
{
    float acc = 0.0f;
    acc += static_cast<float>(-0.129409522550921) * s0;
    acc += static_cast<float>(-0.224143868041857) * s1;
    acc += static_cast<float>(0.836516303737469) * s2;
    acc += static_cast<float>(-0.482962913144690) * s3;
    return acc;
}

// The masking constants: a sample's share of its neighbours' threshold
// (1/30) and its own (1/15). They are doubles in the reference, so the
// products are formed in double.
inline constexpr double kOneBy30 = 0.0333333351;
inline constexpr double kOneBy15 = 0.0666666701;

// n / d as the reference divides on x86: by the SSE reciprocal estimate and
// one Newton step. The estimate is the golden data's on every CPU and GPU
// (rcp_estimate.h, `rcp_table` its table), not the CPU's own.
VMAF_HOST_DEVICE inline float divide(float n, float d, const uint16_t *rcp_table)
{
    const float xi = rcp_estimate(d, rcp_table);
    return n * (xi + xi * (1.0f - d * xi));
}

// The reference's cos(1 degree)^2, computed in double, kept as float.
inline float cos_1deg_sq()
{
    const double c = std::cos(1.0 * M_PI / 180.0);
    return static_cast<float>(c * c);
}

// Decoupling of one sample of the three detail bands (h, v, d): `r` gets the
// part of the distorted coefficient restored from the reference, `a` the
// additive rest. Beyond the one-degree angle test, a restored coefficient may
// grow by up to `gain_limit` towards the distorted one.
VMAF_HOST_DEVICE inline void decouple_sample(const float o[3], const float t[3], double gain_limit,
                                             float cos_sq, const uint16_t *rcp_table, float r[3],
                                             float a[3])
{
    const float eps = 1e-30f;
    const float dot = o[0] * t[0] + o[1] * t[1];
    const float o_mag = o[0] * o[0] + o[1] * o[1];
    const float t_mag = t[0] * t[0] + t[1] * t[1];
    const bool same_angle = dot >= 0.0f && dot * dot >= cos_sq * o_mag * t_mag;
    for (int b = 0; b < 3; b++) {
        float k = divide(t[b], o[b] + eps, rcp_table);
        k = k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
        float rst = k * o[b];
        // Both tests see the value the first may have changed, as in the
        // reference; the products are double.
        if (same_angle && rst > 0.0) {
            const double g = rst * gain_limit;
            rst = static_cast<float>(g < t[b] ? g : static_cast<double>(t[b]));
        }
        if (same_angle && rst < 0.0) {
            const double g = rst * gain_limit;
            rst = static_cast<float>(g > t[b] ? g : static_cast<double>(t[b]));
        }
        r[b] = rst;
        a[b] = t[b] - rst;
    }
}

// |x|^p of the Minkowski pooling: a float cube for p = 3, else x to the
// exponent rounded to float. On the CPU by glibc's powf, as the reference
// has it; a GPU's powf may be off by an ulp or two, so the device rounds
// the double power to float instead: the correctly rounded power, which
// glibc's powf (under one ulp) returns but for rare hard cases.
VMAF_HOST_DEVICE inline float pooled_power(float x, double p)
{
    if (p == 3.0) return x * x * x;
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    return static_cast<float>(pow(static_cast<double>(x), static_cast<double>(static_cast<float>(p))));
#else
    return powf(x, static_cast<float>(p));
#endif
}

// A CSF-weighted sample's share of its neighbours' masking threshold.
VMAF_HOST_DEVICE inline float masking_floor(float weighted)
{
    return static_cast<float>(kOneBy30 * fabsf(weighted));
}

// Masking threshold at (i, j) of w-wide bands (h, v, d; stride w): over the
// bands, the floors of the 3x3 neighbours (rows i0, i, i2, columns j0, j,
// j2, from adm::window_index) plus the centre's |weighted| / 15, summed in
// the reference's order (window row by row; the centre term added in
// double).
VMAF_HOST_DEVICE inline float masking_threshold(const float *const weighted[3],
                                                const float *const floor[3], int w, int i, int j,
                                                int j0, int j2, int i0, int i2)
{
    float thr = 0.0f;
    for (int b = 0; b < 3; b++) {
        const float *f0 = floor[b] + static_cast<long long>(i0) * w;
        const float *f1 = floor[b] + static_cast<long long>(i) * w;
        const float *f2 = floor[b] + static_cast<long long>(i2) * w;
        float sum = 0.0f;
        sum += f0[j0];
        sum += f0[j];
        sum += f0[j2];
        sum += f1[j0];
        sum = static_cast<float>(sum + kOneBy15 * fabsf(weighted[b][static_cast<long long>(i) * w + j]));
        sum += f1[j2];
        sum += f2[j0];
        sum += f2[j];
        sum += f2[j2];
        thr += sum;
    }
    return thr;
}

// A sample's term of the masked pooling: |x f| above the threshold, to the
// power p.
VMAF_HOST_DEVICE inline float masked_power(float x, float f, float thr, double p)
{
    float v = fabsf(x * f) - thr;
    v = v < 0.0f ? 0.0f : v;
    return pooled_power(v, p);
}

// The p-th root of a pooled sum.
inline float pooled_root(float sum, double p)
{
    return std::pow(sum, static_cast<float>(1.0f / p));
}

// Noise floor of a region of w x h samples: (w h weight)^(1/p).
inline float noise_floor(int w, int h, double weight, double p)
{
    return std::pow(static_cast<float>(w * h * weight), static_cast<float>(1.0f / p));
}

// CSF weights of one scale: [0] for the h and v bands, [1] for the d band.
struct CsfOptions {
    adm::CsfParams csf; // mode as float_adm numbers it
    // Per-scale overrides of [0] and [1]; negative keeps the model's.
    double override_hv[4] = {-1, -1, -1, -1};
    double override_d[4] = {-1, -1, -1, -1};
};
std::array<float, 2> csf_factors(const CsfOptions &o, int scale);

// float_adm's CSF modes: 1 Barten, 2 the DLM paper's, any other Watson97.
inline constexpr int kModeBarten = 1;
inline constexpr int kModeDlm = 2;

} // namespace vmaf::float_adm
