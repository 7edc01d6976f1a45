// Float sums of each row of a plane, left to right, with the bits of the
// CPU's loop `for (x = 0; x < w; x++) row += v(y, x)`. Device code:
// included by kernels (.hip) only.
//
// A block of kRowSumThreads threads takes kRowSumRows rows. The sums are a
// chain of dependent additions (a few cycles each), so the time goes into
// bringing the values in: the first warp adds, a lane a row, from a shared
// chunk of kRowSumColumns columns while the other warps stage the next
// chunk, kRowSumBatch loads a thread in flight (the rows' loads coalesced).
// Few rows a block give a 1080p plane 135 blocks, enough to keep the loads
// of most of the GPU in flight (ADR 0049).
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip {

inline constexpr int kRowSumThreads = 256; // the block size a caller launches
inline constexpr int kRowSumRows = 8;
inline constexpr int kRowSumColumns = 256;
inline constexpr int kRowSumBatch = 8;

// The shared memory of ordered_row_sums with `Sums` sums a row.
template <int Sums> struct RowSumChunks {
    float value[2][Sums][kRowSumRows][kRowSumColumns + 1]; // + 1: a lane per bank
};

// Stages columns [x0, x0 + kRowSumColumns) of rows [y0, y0 + kRowSumRows)
// into `chunk`, by the block's threads from `first_thread` on.
template <int Sums, typename Values>
__device__ void row_sums_stage(const Values &values, int w, int h, int y0, int x0,
                               int first_thread, float (&chunk)[Sums][kRowSumRows][kRowSumColumns + 1])
{
    const int threads = kRowSumThreads - first_thread;
    constexpr int kItems = kRowSumRows * kRowSumColumns;
    for (int k0 = static_cast<int>(threadIdx.x) - first_thread; k0 < kItems;
         k0 += threads * kRowSumBatch) {
        float v[kRowSumBatch][Sums] = {};
#pragma unroll
        for (int u = 0; u < kRowSumBatch; u++) {
            const int k = k0 + u * threads, y = y0 + k / kRowSumColumns, x = x0 + k % kRowSumColumns;
            if (k < kItems && y < h && x < w) values(y, x, v[u]);
        }
#pragma unroll
        for (int u = 0; u < kRowSumBatch; u++) {
            const int k = k0 + u * threads;
            if (k >= kItems) continue;
#pragma unroll
            for (int s = 0; s < Sums; s++) chunk[s][k / kRowSumColumns][k % kRowSumColumns] = v[u][s];
        }
    }
}

// sums[s] of row blockIdx.x * kRowSumRows + lane, for lanes below
// kRowSumRows of the first warp (whose rows are in the plane); `values(y,
// x, out)` writes the Sums values of sample (x, y). Every thread of the
// block calls it.
template <int Sums, typename Values>
__device__ void ordered_row_sums(const Values &values, int w, int h, RowSumChunks<Sums> &shared,
                                 float (&sums)[Sums])
{
    const int y0 = static_cast<int>(blockIdx.x) * kRowSumRows;
    const int chunks = (w + kRowSumColumns - 1) / kRowSumColumns;
    const int lane = static_cast<int>(threadIdx.x);
    const bool adder = lane < 32;
#pragma unroll
    for (int s = 0; s < Sums; s++) sums[s] = 0.0f;
    row_sums_stage<Sums>(values, w, h, y0, 0, 0, shared.value[0]);
    __syncthreads();
    for (int c = 0; c < chunks; c++) {
        if (adder) {
            if (lane < kRowSumRows) {
                const int count = w - c * kRowSumColumns < kRowSumColumns ? w - c * kRowSumColumns
                                                                          : kRowSumColumns;
#pragma unroll 8
                for (int x = 0; x < count; x++)
#pragma unroll
                    for (int s = 0; s < Sums; s++) sums[s] += shared.value[c & 1][s][lane][x];
            }
        } else if (c + 1 < chunks) {
            row_sums_stage<Sums>(values, w, h, y0, (c + 1) * kRowSumColumns, 32,
                                 shared.value[(c + 1) & 1]);
        }
        __syncthreads();
    }
}

} // namespace vmaf::hip
