// The blur of SSIMULACRA2: libjxl's recursive Gaussian (Charalampidis 2016,
// three cosine terms, sigma 1.5, zero outside the picture), horizontal then
// vertical, with the rounding of libjxl's vector code on x86-64 with FMA:
// rows in blocks of four outputs from precomputed powers, columns one output
// at a time (ADR 0051). The steps are shared by the CPU and the HIP twin.
#pragma once

#include <cmath>
#include <cstddef>

#include "base/host_device.h"

namespace vmaf::ssimulacra2 {

struct RecursiveGaussian {
    int radius;
    // Per term k (1, 3, 5), the vertical recursion's weights.
    float n2[3], d1[3];
    // Per term, the four lanes of a block of four row outputs: the weights
    // of the two outputs before the block, and of its four inputs' sums:
    // input j's weight in lane l is mul_in[l - j], zero in lanes before j
    // (libjxl's vectors shifted by j lanes, their multiply-adds kept).
    float mul_prev[3][4], mul_prev2[3][4];
    float mul_in[3][4][4]; // [term][input j][lane l]
};

// libjxl's coefficients for `sigma`, computed in double as it does.
RecursiveGaussian recursive_gaussian(double sigma);

// The row recursion's last two outputs per term.
struct RowState {
    float prev[3] = {0, 0, 0}, prev2[3] = {0, 0, 0};
};

// One output of the row recursion alone (a row's ends): the first lane of
// the block weights.
VMAF_HOST_DEVICE inline float row_step(const RecursiveGaussian &g, RowState &s, float sum)
{
    float out[3];
    for (int k = 0; k < 3; k++) {
        float o = sum * g.mul_in[k][0][0];
        o = fmaf(g.mul_prev2[k][0], s.prev2[k], o);
        s.prev2[k] = s.prev[k];
        o = fmaf(g.mul_prev[k][0], s.prev[k], o);
        s.prev[k] = o;
        out[k] = o;
    }
    return out[0] + (out[1] + out[2]);
}

// The row recursion over n samples as a stepper: outputs from x = -radius
// + 1 on (those below 0 are not written), in libjxl's order: one at a time
// up to its first aligned output, then blocks of four while the block's
// inputs lie inside the row, then one at a time to the end. advance()
// stops at x_end: n, or a multiple of 4, which no block crosses.
class RowBlur {
public:
    VMAF_HOST_DEVICE RowBlur(const RecursiveGaussian &g, int n)
        : x_(-g.radius + 1), n_(n), first_block_((g.radius + 1 + 3) / 4 * 4 < n ? (g.radius + 1 + 3) / 4 * 4 : n)
    {
    }

    // in(i) reads input i, out(i, v) takes output i.
    template <typename In, typename Out>
    VMAF_HOST_DEVICE VMAF_ALWAYS_INLINE void advance(const RecursiveGaussian &g, In in, Out out, int x_end)
    {
        const int r = g.radius;
        while (x_ < x_end) {
            if (x_ >= first_block_ && x_ < n_ - r - 2) {
                // Each lane weighs the four inputs (in order, fused; a zero
                // weight leaves the lane as it is) and the two outputs
                // before the block.
                float sum[4];
                for (int l = 0; l < 4; l++) sum[l] = in(x_ + l - r - 1) + in(x_ + l + r - 1);
                float o[3][4];
                for (int k = 0; k < 3; k++)
                    for (int l = 0; l < 4; l++) {
                        float v = sum[0] * g.mul_in[k][0][l];
                        for (int j = 1; j < 4; j++) v = fmaf(g.mul_in[k][j][l], sum[j], v);
                        v = fmaf(g.mul_prev2[k][l], s_.prev2[k], v);
                        o[k][l] = fmaf(g.mul_prev[k][l], s_.prev[k], v);
                    }
                for (int k = 0; k < 3; k++) {
                    s_.prev2[k] = o[k][2];
                    s_.prev[k] = o[k][3];
                }
                for (int l = 0; l < 4; l++) out(x_ + l, o[0][l] + (o[1][l] + o[2][l]));
                x_ += 4;
            } else {
                const int left = x_ - r - 1, right = x_ + r - 1;
                const float v = row_step(g, s_, (left >= 0 ? in(left) : 0.0f) + (right < n_ ? in(right) : 0.0f));
                if (x_ >= 0) out(x_, v);
                x_++;
            }
        }
    }

private:
    int x_, n_, first_block_;
    RowState s_;
};

// One row of n samples: in(x) reads input x, out(x, v) takes output x.
template <typename In, typename Out>
VMAF_HOST_DEVICE VMAF_ALWAYS_INLINE void blur_row(const RecursiveGaussian &g, In in, Out out, int n)
{
    RowBlur b(g, n);
    b.advance(g, in, out, n);
}

// The column recursion's input at output row n (below h) of a plane h rows
// tall: the rows radius + 1 above and radius - 1 below, each where it exists
// (libjxl adds a zero row past the bottom, none above the top). Both rows
// are read, clamped into the plane, and chosen after: reads under no branch
// are issued together on the GPU.
template <typename Row>
VMAF_HOST_DEVICE inline float column_sum(const RecursiveGaussian &g, Row row, int n, int h)
{
    const int top = n - g.radius - 1, bottom = n + g.radius - 1;
    const float above = row(top > 0 ? top : 0), below = row(bottom < h ? bottom : h - 1);
    const float b = bottom < h ? below : 0.0f;
    return top >= 0 ? above + b : b;
}

// One step of a column's recursion, y1 and y2 its last two outputs per
// term: y(n) = n2 * sum - d1 * y1 - y2, the last two fused as -(d1 y1) - y2,
// then n2 * sum added fused.
VMAF_HOST_DEVICE inline float column_step(const RecursiveGaussian &g, float sum, float y1[3], float y2[3])
{
    float v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = fmaf(g.n2[k], sum, fmaf(-g.d1[k], y1[k], -y2[k]));
        y2[k] = y1[k];
        y1[k] = v[k];
    }
    return v[0] + (v[1] + v[2]);
}

} // namespace vmaf::ssimulacra2
