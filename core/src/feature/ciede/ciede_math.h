// ciede's arithmetic, one definition for the CPU extractor and its HIP
// twin: YUV (BT.709 limited range) to CIE L*a*b*, and CIEDE2000 with the
// reference's weights. It keeps the reference's mix of float and double (it
// follows rust-av's av-metrics port): which intermediate values are rounded
// to float moves the score in its sixth decimal.
#pragma once

#include <cmath>

#include "base/host_device.h"

namespace vmaf::ciede {

inline constexpr const char *kFeatures[] = {"ciede2000", nullptr};

inline constexpr double kPi = 3.14159265358979323846;

struct Lab {
    float l, a, b;
};

// Chroma repeated onto the luma grid reaches one column (row) past the
// planes of an odd size (ADR 0025); there libvmaf reads its own memory:
// planes of rows `pitch` samples apart (the width rounded up to 32), U then
// V, the padding cleared. A column past a row is its padding, or the next
// row's first sample where the width fills the pitch; a row past U is V's
// first; past V lies memory after the picture, 0 here.
struct ChromaAt {
    unsigned cw, ch;
    struct Where {
        int plane; // 1 U, 2 V; 0: a zero sample
        unsigned x, y;
    };
    VMAF_HOST_DEVICE bool inside(unsigned cx, unsigned cy) const { return cx < cw && cy < ch; }
    // Sample (cx, cy) of plane p (1, 2), at most one column and row past it.
    VMAF_HOST_DEVICE Where at(unsigned p, unsigned cx, unsigned cy) const
    {
        if (inside(cx, cy)) return {static_cast<int>(p), cx, cy};
        const unsigned long long pitch = (cw + 31u) & ~31ull, plane = pitch * ch;
        if (plane == 0) return {0, 0, 0};
        const unsigned long long at = (p - 1) * plane + cy * pitch + cx;
        const unsigned long long q = at / plane, x = at % plane % pitch, y = at % plane / pitch;
        if (q > 1 || x >= cw) return {0, 0, 0};
        return {static_cast<int>(q + 1), static_cast<unsigned>(x), static_cast<unsigned>(y)};
    }
};

// sRGB transfer function inverted (with the reference's 10/255 knee).
VMAF_HOST_DEVICE inline double linearize(double c)
{
    if (c > 10. / 255.) {
        constexpr double kA = 0.055, kD = 1.0 / 1.055;
        return std::pow((c + kA) * kD, 2.4);
    }
    constexpr double kD = 1.0 / 12.92;
    return c * kD;
}

// CIE L*a*b* companding of a white-normalised XYZ component.
VMAF_HOST_DEVICE inline float lab_compand(double c)
{
    constexpr double kKappa = 24389.0 / 27.0, kEpsilon = 216.0 / 24389.0;
    if (c > kEpsilon) return static_cast<float>(std::pow(c, 1.0 / 3.0));
    return static_cast<float>((kKappa * c + 16.0) * (1.0 / 116.0));
}

VMAF_HOST_DEVICE inline Lab to_lab(double y, double u, double v, unsigned bpc)
{
    const double scale = 1 << (bpc - 8);
    y = (y - 16. * scale) * (1. / (219. * scale));
    u = (u - 128. * scale) * (1. / (224. * scale));
    v = (v - 128. * scale) * (1. / (224. * scale));
    // BT.709 YCbCr to R'G'B'.
    const double r = linearize(y + 1.28033 * v);
    const double g = linearize(y - 0.21482 * u - 0.38059 * v);
    const double b = linearize(y + 2.12798 * u);
    // Linear sRGB to XYZ (D65), normalised by the white point.
    const double x = lab_compand((r * 0.4124564390896921 + g * 0.357576077643909 +
                                  b * 0.18043748326639894) *
                                 (1.0 / 0.95047));
    const double yy = lab_compand(r * 0.21267285140562248 + g * 0.715152155287818 +
                                  b * 0.07217499330655958);
    const double z = lab_compand((r * 0.019333895582329317 + g * 0.119192025881303 +
                                  b * 0.9503040785363677) *
                                 (1.0 / 1.08883));
    return {static_cast<float>(116.0 * yy - 16.0), static_cast<float>(500.0 * (x - yy)),
            static_cast<float>(200.0 * (yy - z))};
}

// Hue angle in [0, 2 pi); 0 for a neutral colour.
VMAF_HOST_DEVICE inline float hue_angle(float b, float a)
{
    if (b == 0.0f && a == 0.0f) return 0.0f;
    float h = static_cast<float>(std::atan2(static_cast<double>(b), static_cast<double>(a)));
    if (h < 0.0f) h = static_cast<float>(h + 2. * kPi);
    return h;
}

VMAF_HOST_DEVICE inline float hue_difference(float c1, float c2, float h1, float h2)
{
    if (c1 == 0.0f || c2 == 0.0f) return 0.0f;
    const float d = h2 - h1;
    if (std::fabs(h1 - h2) <= kPi) return d;
    return static_cast<float>(h2 <= h1 ? d + 2. * kPi : d - 2. * kPi);
}

VMAF_HOST_DEVICE inline float mean_hue(float h1, float h2)
{
    const float sum = h1 + h2;
    return static_cast<float>(std::fabs(static_cast<double>(h1 - h2)) > kPi
                                  ? (sum + 2.0 * kPi) / 2.0
                                  : sum / 2.0);
}

VMAF_HOST_DEVICE inline float hue_weight(float h)
{
    return static_cast<float>(1.0 - 0.17 * std::cos(h - kPi / 6.0) + 0.24 * std::cos(2.0 * h) +
                              0.32 * std::cos(3.0 * h + kPi / 30.0) -
                              0.20 * std::cos(4.0 * h - 7.0 * kPi / 20.0));
}

// The rotation term R_T, with the reference's float round trips through
// degrees. Float powers, double transcendental functions, as there.
VMAF_HOST_DEVICE inline float rotation(float c_bar, float h_bar)
{
    const float degrees_h = static_cast<float>(h_bar * (180.0 / kPi));
    const float t = static_cast<float>((degrees_h - 275.0) * (1.0 / 25.0));
    const float c7 = std::pow(c_bar, 7.0f);
    const float ratio = c7 / (c7 + std::pow(25.0f, 7.0f));
    const float angle_deg = static_cast<float>(60.0 * std::exp(static_cast<double>(-std::pow(t, 2.0f))));
    const float angle = static_cast<float>(angle_deg * (kPi / 180.0));
    return static_cast<float>(-2.0 * std::sqrt(static_cast<double>(ratio)) * std::sin(static_cast<double>(angle)));
}

VMAF_HOST_DEVICE inline double sq(double v) { return v * v; }

// CIEDE2000 with weights kL = 0.65, kC = 1, kH = 4, as the reference uses.
VMAF_HOST_DEVICE inline float delta_e00(const Lab &p, const Lab &q)
{
    constexpr float kL = 0.65f, kC = 1.0f, kH = 4.0f;
    const float dl = q.l - p.l;
    const float l_bar = (p.l + q.l) / 2;
    const float c1 = static_cast<float>(std::sqrt(sq(p.a) + sq(p.b)));
    const float c2 = static_cast<float>(std::sqrt(sq(q.a) + sq(q.b)));
    const float c_bar = (c1 + c2) / 2;
    const double g = 1 - std::sqrt(std::pow(c_bar, 7.0) / (std::pow(c_bar, 7.0) + std::pow(25.0, 7.0)));
    const float a1 = static_cast<float>(p.a + (p.a / 2) * g);
    const float a2 = static_cast<float>(q.a + (q.a / 2) * g);
    const float cp1 = static_cast<float>(std::sqrt(sq(a1) + sq(p.b)));
    const float cp2 = static_cast<float>(std::sqrt(sq(a2) + sq(q.b)));
    const float cp_bar = (cp1 + cp2) / 2;
    const float dc = cp2 - cp1;
    const float l50 = l_bar - 50;
    const float sl = static_cast<float>(1. + (0.015 * sq(l50)) / std::sqrt(20 + sq(l50)));
    const float sc = static_cast<float>(1. + 0.045 * cp_bar);
    const float h1 = hue_angle(p.b, a1), h2 = hue_angle(q.b, a2);
    const float dh = hue_difference(c1, c2, h1, h2);
    const float d_big_h = static_cast<float>(2.0 * std::sqrt(static_cast<double>(cp1 * cp2)) *
                                             std::sin(dh / 2.0));
    const float h_bar = mean_hue(h1, h2);
    const float sh = static_cast<float>(1.0 + 0.015 * cp_bar * hue_weight(h_bar));
    const float rt = rotation(cp_bar, h_bar);
    const float lightness = dl / (kL * sl);
    const float chroma = dc / (kC * sc);
    const float hue = d_big_h / (kH * sh);
    return static_cast<float>(
        std::sqrt(sq(lightness) + sq(chroma) + sq(hue) + rt * chroma * hue));
}

// The score of a frame from the sum of its pixels' differences.
inline double score(double sum, double pixels) { return 45. - 20. * std::log10(sum / pixels); }

} // namespace vmaf::ciede
