#include "feature/common/float_filter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>

#include "feature/common/edge.h"
#include "feature/common/target_clones.h"

namespace vmaf::floatf {

namespace {

// Column pass of one output row: out[x] = sum over k of taps[k] * input at
// (x, rows[k]), summed from the first tap. The loop over x inside the loop
// over taps keeps that order for every x.
VMAF_TARGET_CLONES
void column_pass(const float *taps, int n, const float *const *a, const float *const *b,
                 Input in, int w, float *__restrict out)
{
    for (int x = 0; x < w; x++) out[x] = 0.0f;
    for (int k = 0; k < n; k++) {
        const float f = taps[k];
        const float *__restrict ra = a[k];
        if (in == Input::kPlain) {
            for (int x = 0; x < w; x++) out[x] += f * ra[x];
        } else if (in == Input::kSquare) {
            for (int x = 0; x < w; x++) out[x] += f * (ra[x] * ra[x]);
        } else {
            const float *__restrict rb = b[k];
            for (int x = 0; x < w; x++) out[x] += f * (ra[x] * rb[x]);
        }
    }
}

// Row pass: out[x] = sum over k of taps[k] * t[x - n/2 + k], reflected at
// the ends.
VMAF_TARGET_CLONES
void row_pass(const float *taps, int n, const float *__restrict t, int w, float *__restrict out)
{
    const int r = n / 2;
    const int lo = std::min(r, w), hi = std::max(w - r, lo);
    auto edge = [&](int x) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++) acc += taps[k] * t[edge::reflect_about_sample(x - r + k, w)];
        out[x] = acc;
    };
    for (int x = 0; x < lo; x++) edge(x);
    for (int x = lo; x < hi; x++) out[x] = 0.0f;
    for (int k = 0; k < n; k++) {
        const float f = taps[k];
        const float *__restrict s = t + k - r;
        for (int x = lo; x < hi; x++) out[x] += f * s[x];
    }
    for (int x = hi; x < w; x++) edge(x);
}

} // namespace

void Filter::row(std::span<const float> taps, Input in, const FloatPlane &a, const FloatPlane *b, int y,
                 float *out)
{
    const int n = static_cast<int>(taps.size()), r = n / 2;
    constexpr int kMaxTaps = 128;
    const float *ra[kMaxTaps], *rb[kMaxTaps];
    for (int k = 0; k < n; k++) {
        const int src = edge::reflect_about_sample(y - r + k, a.h);
        ra[k] = a.row(src);
        rb[k] = b ? b->row(src) : nullptr;
    }
    column_.resize(static_cast<size_t>(a.w));
    column_pass(taps.data(), n, ra, rb, in, a.w, column_.data());
    row_pass(taps.data(), n, column_.data(), a.w, out);
}

void Filter::plane(std::span<const float> taps, const FloatPlane &a, FloatPlane &out, int step)
{
    if (step == 1) {
        out.resize(a.w, a.h);
        for (int y = 0; y < a.h; y++) row(taps, Input::kPlain, a, nullptr, y, out.row(y));
        return;
    }
    out.resize(a.w / step, a.h / step);
    full_.resize(static_cast<size_t>(a.w));
    for (int y = 0; y < out.h; y++) {
        row(taps, Input::kPlain, a, nullptr, y * step, full_.data());
        float *o = out.row(y);
        for (int x = 0; x < out.w; x++) o[x] = full_[static_cast<size_t>(x) * step];
    }
}

namespace {

void scale_nearest(const FloatPlane &src, FloatPlane &dst)
{
    const float rx = static_cast<float>(src.w) / static_cast<float>(dst.w);
    const float ry = static_cast<float>(src.h) / static_cast<float>(dst.h);
    for (int y = 0; y < dst.h; y++) {
        const float *in = src.row(static_cast<int>(static_cast<float>(y) * ry));
        float *o = dst.row(y);
        for (int x = 0; x < dst.w; x++) o[x] = in[static_cast<int>(static_cast<float>(x) * rx)];
    }
}

void scale_bilinear(const FloatPlane &src, FloatPlane &dst)
{
    const float rx = static_cast<float>(src.w) / static_cast<float>(dst.w);
    const float ry = static_cast<float>(src.h) / static_cast<float>(dst.h);
    const float right = static_cast<float>(src.w - 1), bottom = static_cast<float>(src.h - 1);
    std::vector<int> x1(static_cast<size_t>(dst.w)), x2(x1.size());
    std::vector<float> dxs(x1.size());
    for (int x = 0; x < dst.w; x++) {
        const float xx = source_pos(x, rx);
        x1[x] = edge::reflect_position(std::floor(xx), right);
        x2[x] = edge::reflect_position(std::ceil(xx), right);
        // From the reflected left neighbour, as the reference has it.
        dxs[x] = xx - static_cast<float>(x1[x]);
    }
    for (int y = 0; y < dst.h; y++) {
        const float yy = source_pos(y, ry);
        const int y1 = edge::reflect_position(std::floor(yy), bottom);
        const int y2 = edge::reflect_position(std::ceil(yy), bottom);
        const float dy = yy - static_cast<float>(y1);
        const float *r1 = src.row(y1), *r2 = src.row(y2);
        float *o = dst.row(y);
        for (int x = 0; x < dst.w; x++) {
            const float dx = dxs[x];
            const float a = (1 - dy) * (1 - dx) * r1[x1[x]];
            const float b = (1 - dy) * dx * r1[x2[x]];
            const float c = dy * (1 - dx) * r2[x1[x]];
            const float d = dy * dx * r2[x2[x]];
            o[x] = a + b + c + d;
        }
    }
}

float bicubic_weight(float t)
{
    const float a = -0.75f;
    if (t < 0) t = -t;
    if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
    if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
    return 0;
}

float lanczos4_weight(float x, float a)
{
    if (x == 0.0f) return 1.0f;
    if (x > -a && x < a) {
        const double pi = std::numbers::pi;
        return static_cast<float>(a * std::sin(pi * x) * std::sin(pi * x / a) / (pi * pi * x * x));
    }
    return 0.0f;
}

// Bicubic (radius 2) or Lanczos-4 (radius 4) at every output sample; the
// Lanczos sum is normalised by its weights.
template <int Radius>
void scale_kernel(const FloatPlane &src, FloatPlane &dst)
{
    constexpr int kTaps = 2 * Radius;
    const float rx = static_cast<float>(src.w) / static_cast<float>(dst.w);
    const float ry = static_cast<float>(src.h) / static_cast<float>(dst.h);
    const float right = static_cast<float>(src.w - 1), bottom = static_cast<float>(src.h - 1);
    for (int y = 0; y < dst.h; y++) {
        const float yy = source_pos(y, ry);
        for (int x = 0; x < dst.w; x++) {
            const float xx = source_pos(x, rx);
            const int x0 = static_cast<int>(std::floor(xx)), y0 = static_cast<int>(std::floor(yy));
            const float dx = xx - static_cast<float>(x0), dy = yy - static_cast<float>(y0);
            float wx[kTaps + 1], wy[kTaps + 1];
            // Bicubic taps run -1..2, Lanczos-4 taps -4..4.
            constexpr int first = Radius == 2 ? -1 : -Radius, last = Radius;
            for (int i = first; i <= last; i++) {
                if constexpr (Radius == 2) {
                    wx[i - first] = bicubic_weight(static_cast<float>(i) - dx);
                    wy[i - first] = bicubic_weight(static_cast<float>(i) - dy);
                } else {
                    wx[i - first] = lanczos4_weight(static_cast<float>(i) - dx, 4.0f);
                    wy[i - first] = lanczos4_weight(static_cast<float>(i) - dy, 4.0f);
                }
            }
            float value = 0.0f, weight_sum = 0.0f;
            for (int j = first; j <= last; j++) {
                const float *in =
                    src.row(edge::reflect_position(static_cast<float>(y0 + j), bottom));
                for (int i = first; i <= last; i++) {
                    const float weight = wx[i - first] * wy[j - first];
                    weight_sum += weight;
                    value += in[edge::reflect_position(static_cast<float>(x0 + i), right)] * weight;
                }
            }
            dst.row(y)[x] = Radius == 2 ? value : value / weight_sum;
        }
    }
}

} // namespace

void scale_plane(ScaleMethod method, const FloatPlane &src, int dst_w, int dst_h, FloatPlane &dst)
{
    dst.resize(dst_w, dst_h);
    if (dst_w == src.w && dst_h == src.h) {
        std::copy(src.samples().begin(), src.samples().end(), dst.px.begin());
        return;
    }
    switch (method) {
    case ScaleMethod::kNearest: scale_nearest(src, dst); break;
    case ScaleMethod::kBilinear: scale_bilinear(src, dst); break;
    case ScaleMethod::kBicubic: scale_kernel<2>(src, dst); break;
    case ScaleMethod::kLanczos4: scale_kernel<4>(src, dst); break;
    }
}

float mean_abs_diff(const FloatPlane &a, const FloatPlane &b)
{
    float sum = 0.0f;
    for (int y = 0; y < a.h; y++) {
        const float *ra = a.row(y), *rb = b.row(y);
        float line = 0.0f;
        for (int x = 0; x < a.w; x++) line += std::fabs(ra[x] - rb[x]);
        sum += line;
    }
    return sum / static_cast<float>(a.w * a.h);
}

} // namespace vmaf::floatf
