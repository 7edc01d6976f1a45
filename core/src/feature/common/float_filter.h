// Float picture arithmetic shared by float_vif and float_motion: samples as
// float, the separable symmetric filters with reflected edges, and the
// resampling of float_vif's prescale. Every result is a float sum formed in
// the reference's order (taps from first to last, no fused multiply-add),
// so the values are the reference's to the last bit.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "cpu/isa.h"
#include "feature/common/float_picture.h"
#include "feature/common/float_resample.h"
#include "libvmaf/picture.h"

namespace vmaf::floatf {

// What a separable filter is applied to.
enum class Input { kPlain, kSquare, kProduct };

// Column pass of one output row: out[x] = sum over k of taps[k] * input at
// (x, rows[k]) (a, a*a or a*b), summed from the first tap.
template <class Isa>
void column_pass(const float *taps, int n, const float *const *a, const float *const *b, Input in,
                 int w, float *out);
// Row pass: out[x] = sum over k of taps[k] * t[x - n/2 + k], reflected at
// the ends.
template <class Isa> void row_pass(const float *taps, int n, const float *t, int w, float *out);

// The passes of one instruction set (float_filter_passes.cpp, built per
// set: cpu/isa.h), and the widest that `cpu_flags` (cpu::Flag bits) allow.
struct FilterPasses {
    decltype(&column_pass<cpu::Portable>) column;
    decltype(&row_pass<cpu::Portable>) row;
};
const FilterPasses &filter_passes(unsigned cpu_flags);

// Separable filter of `taps` (odd count, symmetric) with edges reflected
// about the edge sample: first down the columns, then along the rows.
// The input is a, a*a or a*b sample by sample; b only for kProduct. Needs
// a.w, a.h > taps.size() / 2.
class Filter {
public:
    explicit Filter(unsigned cpu_flags) : passes_(&filter_passes(cpu_flags)) {}
    // One filtered row y (a.w values) into out.
    void row(std::span<const float> taps, Input in, const FloatPlane &a, const FloatPlane *b, int y,
             float *out);
    // The whole filtered plane, or with step 2 its samples at even
    // coordinates (a.w / 2 x a.h / 2), as the reference decimates.
    void plane(std::span<const float> taps, const FloatPlane &a, FloatPlane &out, int step = 1);

private:
    const FilterPasses *passes_;
    std::vector<float> column_, full_;
};

// `src` resampled to dst_w x dst_h (a copy when the size is the same), each
// sample by float_resample.h.
void scale_plane(ScaleMethod method, const FloatPlane &src, int dst_w, int dst_h, FloatPlane &dst);

// Sum of |a - b| over the plane, in float row by row, divided by the area.
float mean_abs_diff(const FloatPlane &a, const FloatPlane &b);

} // namespace vmaf::floatf
