// The thumbnails' kernels (thumbnails.hip), shared with their host side
// (thumbnails.cpp). Plain types only: thumbnails.hip is built by hipcc or
// nvcc and sees none of the host code.
#pragma once

#include <cstddef>

#include "hip/runtime/platform.h"

namespace vmaf::hip::align {

struct ThumbnailGeometry {
    unsigned frame_w;     // samples a row of the staged frame (rows packed)
    unsigned w, h, block; // the thumbnail's size and block (align::ThumbnailShape)
    float scale;
};

// Queues out = the thumbnail of the staged luma `frame` (8-bit samples for
// sample_bytes 1, 16-bit for 2).
hipError_t launch_shrink(const void *frame, unsigned sample_bytes, const ThumbnailGeometry &g,
                         float *out, hipStream_t stream);

// Queues mse[i] = align::thumbnail_mse of thumbnails a[i] and b[i] of
// `luma` (w x h floats each, one after the other), i < count.
hipError_t launch_mse(const float *luma, unsigned w, unsigned h, const unsigned *a,
                      const unsigned *b, size_t count, double *mse, hipStream_t stream);

} // namespace vmaf::hip::align
