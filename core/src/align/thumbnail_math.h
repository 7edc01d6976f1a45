// The arithmetic of the thumbnails that line a pair up (--align auto, ADR
// 0059): each frame's luma averaged over square blocks, and the mean squared
// difference of two thumbnails. Shared by the CPU's thumbnails
// (host_thumbnails.cpp) and the GPU's (hip/align/), which therefore give the
// same bits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/host_device.h"

namespace vmaf::align {

struct ThumbnailShape {
    unsigned w = 0, h = 0; // samples of a thumbnail
    unsigned block = 1;    // a thumbnail sample averages block x block samples
    float scale = 1;       // from a block's sum to its mean in 8-bit units
};

// A w x h frame of bpc bits (8..16) shrinks to about 90 lines (small frames
// stay as they are); the rows and columns past the last whole block are left
// out.
inline ThumbnailShape thumbnail_shape(unsigned w, unsigned h, unsigned bpc)
{
    ThumbnailShape s;
    const unsigned shorter = w < h ? w : h;
    s.block = shorter / 90 > 1 ? shorter / 90 : 1;
    s.w = w / s.block;
    s.h = h / s.block;
    s.scale = static_cast<float>(
        1.0 / (static_cast<double>(s.block) * s.block * static_cast<double>(1u << (bpc - 8))));
    return s;
}

// A block's mean, from the sum of its samples (an integer: exact in any
// order of additions).
VMAF_HOST_DEVICE inline float thumbnail_sample(uint64_t block_sum, float scale)
{
    return static_cast<float>(block_sum) * scale;
}

// The mean squared difference of two w x h thumbnails: each row's squares
// in eight float lanes (x mod 8; the row's tail in the first), the lanes
// added to a double total in order, row after row. The CPU compiles the
// lanes to one vector register; a GPU thread runs the same sequence.
VMAF_HOST_DEVICE inline double thumbnail_mse(const float *a, const float *b, unsigned w, unsigned h)
{
    double total = 0;
    for (unsigned y = 0; y < h; y++) {
        const float *pa = a + static_cast<size_t>(y) * w;
        const float *pb = b + static_cast<size_t>(y) * w;
        float lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        unsigned x = 0;
        for (; x + 8 <= w; x += 8)
            for (unsigned k = 0; k < 8; k++) {
                const float d = pa[x + k] - pb[x + k];
                lanes[k] += d * d;
            }
        for (; x < w; x++) {
            const float d = pa[x] - pb[x];
            lanes[0] += d * d;
        }
        for (unsigned k = 0; k < 8; k++) total += lanes[k];
    }
    return total / (static_cast<double>(w) * h);
}

} // namespace vmaf::align
