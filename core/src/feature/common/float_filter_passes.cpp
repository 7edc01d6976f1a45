// The passes of floatf::Filter (float_filter.h), built once per instruction
// set (cpu/isa.h): the vectorised loops keep the sum's order per sample, so
// every build gives the portable bits.
#include <algorithm>

#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/common/edge.h"
#include "feature/common/float_filter.h"

VMAF_TARGET_BEGIN

namespace vmaf::floatf {

// Column pass of one output row: out[x] = sum over k of taps[k] * input at
// (x, rows[k]), summed from the first tap. The loop over x inside the loop
// over taps keeps that order for every x.
template <class Isa>
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
template <class Isa>
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

template void column_pass<cpu::BuiltFor>(const float *, int, const float *const *,
                                         const float *const *, Input, int, float *);
template void row_pass<cpu::BuiltFor>(const float *, int, const float *, int, float *);

} // namespace vmaf::floatf

VMAF_TARGET_END
