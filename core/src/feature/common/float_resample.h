// The resampling of float_vif's prescale (and float_motion's halving), one
// output sample at a time: the one definition that the CPU's scale_plane
// and the HIP kernels both run, so a resampled plane has the same bits on
// either side (the Lanczos weight's double sin aside, which a GPU's math
// library may round differently in the last place).
#pragma once

#include <cmath>

#include "feature/common/edge.h"
#include "base/host_device.h"

namespace vmaf::floatf {

// The reference's resampling methods of float_vif's prescale.
enum class ScaleMethod { kNearest, kBilinear, kBicubic, kLanczos4 };

// The position in the source of output sample i of a resampling by
// `ratio`: (i + 0.5) * ratio - 0.5, in double and rounded to float.
VMAF_HOST_DEVICE inline float source_pos(int i, float ratio)
{
    return static_cast<float>((i + 0.5) * static_cast<double>(ratio) - 0.5);
}

// A w x h source plane (stride w) and the ratios source / output size, in
// float as the reference divides them.
struct ResampleSource {
    const float *px;
    int w, h;
    float rx, ry;
};

VMAF_HOST_DEVICE inline ResampleSource resample_source(const float *px, int w, int h, int dst_w,
                                                       int dst_h)
{
    return {px, w, h, static_cast<float>(w) / static_cast<float>(dst_w),
            static_cast<float>(h) / static_cast<float>(dst_h)};
}

VMAF_HOST_DEVICE inline float nearest_at(const ResampleSource &s, int x, int y)
{
    const int sy = static_cast<int>(static_cast<float>(y) * s.ry);
    const int sx = static_cast<int>(static_cast<float>(x) * s.rx);
    return s.px[static_cast<long long>(sy) * s.w + sx];
}

VMAF_HOST_DEVICE inline float bilinear_at(const ResampleSource &s, int x, int y)
{
    const float right = static_cast<float>(s.w - 1), bottom = static_cast<float>(s.h - 1);
    const float xx = source_pos(x, s.rx);
    const int x1 = edge::reflect_position(floorf(xx), right);
    const int x2 = edge::reflect_position(ceilf(xx), right);
    // From the reflected left neighbour, as the reference has it.
    const float dx = xx - static_cast<float>(x1);
    const float yy = source_pos(y, s.ry);
    const int y1 = edge::reflect_position(floorf(yy), bottom);
    const int y2 = edge::reflect_position(ceilf(yy), bottom);
    const float dy = yy - static_cast<float>(y1);
    const float *r1 = s.px + static_cast<long long>(y1) * s.w;
    const float *r2 = s.px + static_cast<long long>(y2) * s.w;
    const float a = (1 - dy) * (1 - dx) * r1[x1];
    const float b = (1 - dy) * dx * r1[x2];
    const float c = dy * (1 - dx) * r2[x1];
    const float d = dy * dx * r2[x2];
    return a + b + c + d;
}

VMAF_HOST_DEVICE inline float bicubic_weight(float t)
{
    const float a = -0.75f;
    if (t < 0) t = -t;
    if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
    if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
    return 0;
}

VMAF_HOST_DEVICE inline float lanczos4_weight(float x)
{
    constexpr float a = 4.0f;
    if (x == 0.0f) return 1.0f;
    if (x > -a && x < a) {
        const double pi = 3.14159265358979323846;
        return static_cast<float>(a * sin(pi * x) * sin(pi * x / a) / (pi * pi * x * x));
    }
    return 0.0f;
}

// Bicubic (Radius 2, taps -1..2) or Lanczos-4 (Radius 4, taps -4..4, the sum
// normalised by its weights).
template <int Radius> VMAF_HOST_DEVICE inline float kernel_at(const ResampleSource &s, int x, int y)
{
    constexpr int first = Radius == 2 ? -1 : -Radius, last = Radius;
    constexpr int taps = last - first + 1;
    const float right = static_cast<float>(s.w - 1), bottom = static_cast<float>(s.h - 1);
    const float xx = source_pos(x, s.rx), yy = source_pos(y, s.ry);
    const int x0 = static_cast<int>(floorf(xx)), y0 = static_cast<int>(floorf(yy));
    const float dx = xx - static_cast<float>(x0), dy = yy - static_cast<float>(y0);
    float wx[taps], wy[taps];
    for (int i = first; i <= last; i++) {
        if constexpr (Radius == 2) {
            wx[i - first] = bicubic_weight(static_cast<float>(i) - dx);
            wy[i - first] = bicubic_weight(static_cast<float>(i) - dy);
        } else {
            wx[i - first] = lanczos4_weight(static_cast<float>(i) - dx);
            wy[i - first] = lanczos4_weight(static_cast<float>(i) - dy);
        }
    }
    float value = 0.0f, weight_sum = 0.0f;
    for (int j = first; j <= last; j++) {
        const float *in = s.px + static_cast<long long>(edge::reflect_position(
                                     static_cast<float>(y0 + j), bottom)) * s.w;
        for (int i = first; i <= last; i++) {
            const float weight = wx[i - first] * wy[j - first];
            weight_sum += weight;
            value += in[edge::reflect_position(static_cast<float>(x0 + i), right)] * weight;
        }
    }
    return Radius == 2 ? value : value / weight_sum;
}

// Output sample (x, y) of the source resampled by `method`.
template <ScaleMethod Method>
VMAF_HOST_DEVICE inline float resample_at(const ResampleSource &s, int x, int y)
{
    if constexpr (Method == ScaleMethod::kNearest) return nearest_at(s, x, y);
    else if constexpr (Method == ScaleMethod::kBilinear) return bilinear_at(s, x, y);
    else if constexpr (Method == ScaleMethod::kBicubic) return kernel_at<2>(s, x, y);
    else return kernel_at<4>(s, x, y);
}

} // namespace vmaf::floatf
