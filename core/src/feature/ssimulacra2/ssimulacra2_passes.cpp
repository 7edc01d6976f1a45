#include "feature/ssimulacra2/ssimulacra2_passes.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "cpu/target.h"
#include "feature/ssimulacra2/ssimulacra2_math.h"

VMAF_TARGET_BEGIN

namespace vmaf::ssimulacra2 {

namespace {

// One step of every column's recursion (column_step across a row): the
// columns' last two outputs per term in y1[k], y2[k]. Restrict parameters,
// so that the loop vectorises.
void column_row(const RecursiveGaussian &g, const float *__restrict sum, float *__restrict y1a,
                float *__restrict y1b, float *__restrict y1c, float *__restrict y2a, float *__restrict y2b,
                float *__restrict y2c, float *__restrict out, size_t w)
{
    for (size_t x = 0; x < w; x++) {
        float y1[3] = {y1a[x], y1b[x], y1c[x]}, y2[3] = {y2a[x], y2b[x], y2c[x]};
        out[x] = column_step(g, sum[x], y1, y2);
        y1a[x] = y1[0], y1b[x] = y1[1], y1c[x] = y1[2];
        y2a[x] = y2[0], y2b[x] = y2[1], y2c[x] = y2[2];
    }
}

} // namespace

template <class Isa>
void blur_plane(const RecursiveGaussian &g, const float *in, float *tmp, float *out, float *state, int w, int h)
{
    const size_t W = static_cast<size_t>(w);
    for (int y = 0; y < h; y++) {
        const float *row = in + static_cast<size_t>(y) * W;
        float *to = tmp + static_cast<size_t>(y) * W;
        blur_row(g, [row](int x) { return row[x]; }, [to](int x, float v) { to[x] = v; }, w);
    }
    // Columns side by side, a row at a time (column_sum, column_step across
    // the row), each column's last two outputs per term in `state`, the
    // row's inputs in `sum`; rows above the picture go to `sink`.
    std::fill(state, state + 6 * W, 0.0f);
    float *sum = state + 6 * W, *sink = state + 7 * W;
    for (int n = -g.radius + 1; n < h; n++) {
        const int top = n - g.radius - 1, bottom = n + g.radius - 1;
        const float *__restrict a = top >= 0 ? tmp + static_cast<size_t>(top) * W : nullptr;
        const float *__restrict b = bottom < h ? tmp + static_cast<size_t>(bottom) * W : nullptr;
        if (a && b)
            for (size_t x = 0; x < W; x++) sum[x] = a[x] + b[x];
        else if (a)
            for (size_t x = 0; x < W; x++) sum[x] = a[x] + 0.0f;
        else if (b)
            std::copy(b, b + W, sum);
        else
            std::fill(sum, sum + W, 0.0f);
        column_row(g, sum, state, state + W, state + 2 * W, state + 3 * W, state + 4 * W, state + 5 * W,
                   n >= 0 ? out + static_cast<size_t>(n) * W : sink, W);
    }
}

template <class Isa> void row_terms(const TermRows &in, int w, double *ssim, double *edge)
{
    for (int x = 0; x < w; x++) {
        ssim[x] = ssim_error(in.mu1[x], in.mu2[x], in.s11[x], in.s22[x], in.s12[x]);
        edge[x] = edge_ratio(in.x1[x], in.mu1[x], in.x2[x], in.mu2[x]);
    }
}

template <class Isa>
void to_xyb(const Opsin &o, const float *__restrict r, const float *__restrict g, const float *__restrict b, size_t n,
            float *__restrict x, float *__restrict y, float *__restrict bb)
{
    const Opsin k = o;
    for (size_t i = 0; i < n; i++) xyb_from_linear(k, r[i], g[i], b[i], x[i], y[i], bb[i]);
}

template void to_xyb<cpu::BuiltFor>(const Opsin &, const float *, const float *, const float *, size_t, float *,
                                    float *, float *);
template void blur_plane<cpu::BuiltFor>(const RecursiveGaussian &, const float *, float *, float *, float *, int,
                                        int);
template void row_terms<cpu::BuiltFor>(const TermRows &, int, double *, double *);

} // namespace vmaf::ssimulacra2

VMAF_TARGET_END
