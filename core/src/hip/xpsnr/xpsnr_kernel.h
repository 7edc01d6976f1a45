// The xpsnr_hip kernel's launcher, shared by xpsnr.hip (which defines it) and
// xpsnr.cpp (which calls it). Plain types only.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::xpsnr {

// What a block reads; mirrors xpsnr::Layout (which the host code keeps).
struct BlockArgs {
    const void *ref[3], *dis[3]; // tightly packed planes
    const void *prev1, *prev2;   // the reference's luma one and two frames back, or null (zeros)
    int planes;
    int w[3], h[3], bw[3], bh[3];
    int cols;       // luma blocks a row (every plane has the same grid)
    int edge;       // 1, or 2 (2x2 cells)
    bool temporal, second_order;
    unsigned long long *sums; // kSumsPerBlock a block, in xpsnr::BlockSums order
};

// A block's sums: the three planes' squared errors, then luma's spatial and
// temporal activity.
inline constexpr int kSumsPerBlock = 5;
enum BlockSum { kSseY, kSseCb, kSseCr, kSpatial, kTemporal };

// Queues every block's integer sums, as xpsnr::block_sums computes them, with
// 8-bit samples for sample_bytes 1 and 16-bit ones (as int16) for 2.
hipError_t launch_block_sums(const BlockArgs &a, int blocks, unsigned sample_bytes, hipStream_t stream);

} // namespace vmaf::hip::xpsnr
