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

// One row of n samples: in(x) reads input x, out(x, v) takes output x.
template <typename In, typename Out>
VMAF_HOST_DEVICE inline void blur_row(const RecursiveGaussian &g, In in, Out out, int n)
{
    const int r = g.radius;
    RowState s;
    auto edge_sum = [&](int x) {
        const int left = x - r - 1, right = x + r - 1;
        return (left >= 0 ? in(left) : 0.0f) + (right < n ? in(right) : 0.0f);
    };
    int x = -r + 1;
    const int first_block = (r + 1 + 3) / 4 * 4; // libjxl's first aligned output
    for (; x < (first_block < n ? first_block : n); x++) {
        const float v = row_step(g, s, edge_sum(x));
        if (x >= 0) out(x, v);
    }
    // Blocks of four: each lane weighs the four inputs (in order, fused; a
    // zero weight leaves the lane as it is) and the two outputs before the
    // block.
    for (; x < n - r + 1 - 3; x += 4) {
        float sum[4];
        for (int l = 0; l < 4; l++) sum[l] = in(x + l - r - 1) + in(x + l + r - 1);
        float o[3][4];
        for (int k = 0; k < 3; k++)
            for (int l = 0; l < 4; l++) {
                float v = sum[0] * g.mul_in[k][0][l];
                for (int j = 1; j < 4; j++) v = fmaf(g.mul_in[k][j][l], sum[j], v);
                v = fmaf(g.mul_prev2[k][l], s.prev2[k], v);
                o[k][l] = fmaf(g.mul_prev[k][l], s.prev[k], v);
            }
        for (int k = 0; k < 3; k++) {
            s.prev2[k] = o[k][2];
            s.prev[k] = o[k][3];
        }
        for (int l = 0; l < 4; l++) out(x + l, o[0][l] + (o[1][l] + o[2][l]));
    }
    for (; x < n; x++) out(x, row_step(g, s, edge_sum(x)));
}

// The column recursion's input at output row n of a plane h rows tall:
// the rows radius + 1 above and radius - 1 below, each where it exists
// (libjxl adds a zero row past the bottom, none above the top).
template <typename Row>
VMAF_HOST_DEVICE inline float column_sum(const RecursiveGaussian &g, Row row, int n, int h)
{
    const int top = n - g.radius - 1, bottom = n + g.radius - 1;
    const float b = bottom < h ? row(bottom) : 0.0f;
    return top >= 0 ? row(top) + b : b;
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
