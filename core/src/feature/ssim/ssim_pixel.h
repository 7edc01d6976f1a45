// SSIM arithmetic of one window position, shared by the CPU's Workspace and
// the HIP kernels: the Gaussian window, the stabilising constants, the l, c
// and s terms from the blurred planes, and their running sums. Each keeps
// the reference's float/double mix, so both sides round alike.
#pragma once

#include <cmath>

#include "base/host_device.h"

namespace vmaf::ssim {

// The 11-tap Gaussian window (sigma 1.5) as the reference tabulates it; the
// rounded taps are part of the score.
inline constexpr int kWindowLen = 11;
inline constexpr float kWindow[kWindowLen] = {0.001028f, 0.007599f, 0.036001f, 0.109361f,
                                              0.213006f, 0.266012f, 0.213006f, 0.109361f,
                                              0.036001f, 0.007599f, 0.001028f};

// Stabilising constants of SSIM for L = 255, computed in float as the
// reference does (K1 = 0.01, K2 = 0.03, C3 = C2 / 2).
struct SsimConstants {
    float c1, c2, c3;
};

VMAF_HOST_DEVICE inline SsimConstants ssim_constants()
{
    const float k1l = 0.01f * 255.0f, k2l = 0.03f * 255.0f;
    const float c2 = k2l * k2l;
    return {k1l * k1l, c2, c2 / 2.0f};
}

struct SsimTerms {
    double l, c, s;
};

// The terms at one position from the window's blurred ref, dis, ref^2,
// dis^2 and ref*dis.
VMAF_HOST_DEVICE inline SsimTerms ssim_terms(float mu_ref, float mu_dis, float blur_ref_sq,
                                             float blur_dis_sq, float blur_both,
                                             const SsimConstants &k)
{
    const float mr = mu_ref, md = mu_dis;
    float vr = blur_ref_sq - mr * mr;
    float vd = blur_dis_sq - md * md;
    // Rounding can leave a flat window's variance slightly negative.
    vr = 0.0f > vr ? 0.0f : vr;
    vd = 0.0f > vd ? 0.0f : vd;
    const float cov = blur_both - mr * md;
    // ::sqrt: the double square root that host and device code both have.
    const float sigmas = static_cast<float>(::sqrt(static_cast<double>(vr * vd)));
    // Numerators in double, denominators in float: the reference's mix.
    const double l = (2.0 * mr * md + k.c1) / static_cast<double>(mr * mr + md * md + k.c1);
    const double c = (2.0 * sigmas + k.c2) / static_cast<double>(vr + vd + k.c2);
    // A flat window of identical pictures must score s = 1 even when
    // rounding makes its covariance negative.
    const float cov_used = (cov < 0.0f && sigmas <= 0.0f) ? 0.0f : cov;
    const double s = (cov_used + k.c3) / (sigmas + k.c3);
    return {l, c, s};
}

// Sums over positions of SSIM (l * c * s) and of each term, in double.
struct SsimSums {
    double ssim, l, c, s;
};

VMAF_HOST_DEVICE inline void add_terms(SsimSums &sums, const SsimTerms &t)
{
    sums.ssim += t.l * t.c * t.s;
    sums.l += t.l;
    sums.c += t.c;
    sums.s += t.s;
}

VMAF_HOST_DEVICE inline void add_sums(SsimSums &sums, const SsimSums &more)
{
    sums.ssim += more.ssim;
    sums.l += more.l;
    sums.c += more.c;
    sums.s += more.s;
}

} // namespace vmaf::ssim
