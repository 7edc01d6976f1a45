#include "feature/common/float_filter.h"

#include <algorithm>
#include <cmath>

#include "cpu/cpu_flags.h"
#include "feature/common/edge.h"

namespace vmaf::floatf {

const FilterPasses &filter_passes(unsigned cpu_flags)
{
    static constexpr FilterPasses portable{column_pass<cpu::Portable>, row_pass<cpu::Portable>};
#if defined(VMAF_X86_SIMD)
    static constexpr FilterPasses avx2{column_pass<cpu::Avx2>, row_pass<cpu::Avx2>};
    static constexpr FilterPasses avx512{column_pass<cpu::Avx512>, row_pass<cpu::Avx512>};
    return cpu::widest(cpu_flags, portable, &avx2, &avx512);
#else
    return cpu::widest(cpu_flags, portable, nullptr, nullptr);
#endif
}

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
    passes_->column(taps.data(), n, ra, rb, in, a.w, column_.data());
    passes_->row(taps.data(), n, column_.data(), a.w, out);
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

template <ScaleMethod Method> void scale_with(const FloatPlane &src, FloatPlane &dst)
{
    const ResampleSource s = resample_source(src.px.data(), src.w, src.h, dst.w, dst.h);
    for (int y = 0; y < dst.h; y++) {
        float *o = dst.row(y);
        for (int x = 0; x < dst.w; x++) o[x] = resample_at<Method>(s, x, y);
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
    case ScaleMethod::kNearest: scale_with<ScaleMethod::kNearest>(src, dst); break;
    case ScaleMethod::kBilinear: scale_with<ScaleMethod::kBilinear>(src, dst); break;
    case ScaleMethod::kBicubic: scale_with<ScaleMethod::kBicubic>(src, dst); break;
    case ScaleMethod::kLanczos4: scale_with<ScaleMethod::kLanczos4>(src, dst); break;
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
