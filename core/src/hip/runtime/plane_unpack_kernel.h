// The launcher of plane_unpack.hip: a plane of a device picture in its
// writer's layout (NV12's interleaved chroma, P010's high bits) into a
// staging buffer's packed rows. Plain types only.
#pragma once

#include <cstddef>

#include "base/packed_sample.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip {

struct PackedPlane {
    const void *first; // the plane's first sample, in device memory
    ptrdiff_t stride;  // bytes from a row to the next
    SampleLayout layout;
};

// Queues on `stream` the w x h samples of `src` into `dst` as packed rows of
// `out_bytes` (1 or 2) bytes per sample. Returns the launch's status.
hipError_t launch_plane_unpack(const PackedPlane &src, unsigned w, unsigned h, void *dst,
                               unsigned out_bytes, hipStream_t stream);

} // namespace vmaf::hip
