// SSIMULACRA2's colour: sRGB samples to linear light, linear RGB to the XYB
// of libjxl (the opsin absorbance, a cube root, X/Y/B-Y rescaled to about
// 0..1). Per sample, for the CPU and the HIP twin: the arithmetic of
// libjxl's vectors on x86-64 with FMA (what its tool prints on an AVX2 or
// AVX-512 machine; ADR 0051), each fused multiply-add written as fmaf and
// every other operation rounded on its own (-ffp-contract=off).
#pragma once

#include <cmath>
#include <cstdint>

#include "base/host_device.h"

namespace vmaf::ssimulacra2 {

// sRGB's transfer undone: a rational polynomial above 0.04045 (libjxl's
// TF_SRGB, Horner's rule in fused steps), x / 12.92 below. x >= 0.
VMAF_HOST_DEVICE inline float linear_from_srgb(float x)
{
    constexpr float p[5] = {2.200248328e-04f, 1.043637593e-02f, 1.624820318e-01f, 7.961564959e-01f,
                            8.210152774e-01f};
    constexpr float q[5] = {2.631846970e-01f, 1.076976492e+00f, 4.987528350e-01f, -5.512498495e-02f,
                            6.521209011e-03f};
    constexpr float low_div_inv = 1.0f / 12.92f;
    if (!(x > 0.04045f)) return x * low_div_inv;
    float yp = p[4], yq = q[4];
    for (int i = 3; i >= 0; i--) {
        yp = fmaf(yp, x, p[i]);
        yq = fmaf(yq, x, q[i]);
    }
    return yp / yq;
}

// The opsin absorbance matrix (rows L, M, S; libjxl's, for an intensity
// target of 255 nits, its default for SDR) and its bias.
struct Opsin {
    float m[9];
    float bias;
    float neg_bias_cbrt; // -cbrtf(bias), as the host's libm gives it
};

// The constants, computed on the host (cbrtf of the C library, as libjxl's).
Opsin opsin();

// libjxl's cube root: an exponent guess, three Newton steps, a last
// Halley-like step, then r^2 * x + add, all in its fused order. x >= 0.
VMAF_HOST_DEVICE inline float cube_root_and_add(float x, float add)
{
    const float k1_3 = 1.0f / 3, k4_3 = 4.0f / 3;
    const float xa_3 = k1_3 * x;
    // The guess, 0 for 0 (a mask rather than a branch, so that loops over
    // samples vectorise).
    const int32_t bits = bits_as<int32_t>(x);
    const int32_t guess = int32_t{0x54800000} - (bits >> 23) * int32_t{0x002AAAAA};
    float r = bits_as<float>(guess & -static_cast<int32_t>(bits != 0));
    float r2 = r * r;
    r = fmaf(-xa_3, r2 * r2, k4_3 * r);
    r2 = r * r;
    r = fmaf(-xa_3, r2 * r2, k4_3 * r);
    r2 = r * r;
    r = fmaf(-xa_3, r2 * r2, k4_3 * r);
    r2 = r * r;
    r = fmaf(k1_3, fmaf(-x, r2 * r2, r), r);
    r2 = r * r;
    return fmaf(r2, x, add);
}

// Linear RGB to SSIMULACRA2's positive XYB (libjxl's ToXYB, then the tool's
// MakePositiveXYB).
VMAF_HOST_DEVICE inline void xyb_from_linear(const Opsin &o, float r, float g, float b, float &x,
                                             float &y, float &bb)
{
    auto mix = [&](int i) {
        const float v = fmaf(o.m[3 * i], r, fmaf(o.m[3 * i + 1], g, fmaf(o.m[3 * i + 2], b, o.bias)));
        // Negative values to 0 (by the sign bit, without a branch; the bias
        // keeps them from being 0 or negative here anyway).
        const int32_t bits = bits_as<int32_t>(v);
        return cube_root_and_add(bits_as<float>(bits & ~(bits >> 31)), o.neg_bias_cbrt);
    };
    const float mixed[3] = {mix(0), mix(1), mix(2)};
    const float ox = 0.5f * (mixed[0] - mixed[1]);
    const float oy = 0.5f * (mixed[0] + mixed[1]);
    bb = (mixed[2] - oy) + 0.55f;
    x = ox * 14.0f + 0.42f;
    y = oy + 0.01f;
}

} // namespace vmaf::ssimulacra2
