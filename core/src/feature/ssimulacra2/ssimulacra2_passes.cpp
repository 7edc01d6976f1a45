#include "feature/ssimulacra2/ssimulacra2_passes.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "feature/ssimulacra2/ssimulacra2_math.h"

namespace vmaf::ssimulacra2 {

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
    float *__restrict y1a = state, *__restrict y1b = state + W, *__restrict y1c = state + 2 * W;
    float *__restrict y2a = state + 3 * W, *__restrict y2b = state + 4 * W, *__restrict y2c = state + 5 * W;
    float *__restrict sum = state + 6 * W;
    float *__restrict sink = state + 7 * W;
    const float n2a = g.n2[0], n2b = g.n2[1], n2c = g.n2[2];
    const float d1a = -g.d1[0], d1b = -g.d1[1], d1c = -g.d1[2];
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
        float *__restrict o = n >= 0 ? out + static_cast<size_t>(n) * W : sink;
        for (size_t x = 0; x < W; x++) {
            const float va = fmaf(n2a, sum[x], fmaf(d1a, y1a[x], -y2a[x]));
            const float vb = fmaf(n2b, sum[x], fmaf(d1b, y1b[x], -y2b[x]));
            const float vc = fmaf(n2c, sum[x], fmaf(d1c, y1c[x], -y2c[x]));
            y2a[x] = y1a[x];
            y2b[x] = y1b[x];
            y2c[x] = y1c[x];
            y1a[x] = va;
            y1b[x] = vb;
            y1c[x] = vc;
            o[x] = va + (vb + vc);
        }
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
