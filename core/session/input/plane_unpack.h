// One colour component of a frame in a hardware decoder's layout (NV12's
// interleaved chroma, P010's samples in the high bits, YUV444P16 holding 10
// bits) into a planar plane of VMAF's: `bpc` bits in the low bits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/packed_sample.h"

namespace vmaf::session {

struct PackedComponent {
    const uint8_t *first; // the component's first sample of row 0
    ptrdiff_t linesize;   // bytes from a row to the next
    SampleLayout layout;
};

// w x h samples into `dst` (rows `dst_stride` bytes apart), 16-bit where
// `wide` (bpc above 8), else 8-bit.
void unpack_component(const PackedComponent &src, unsigned w, unsigned h, uint8_t *dst,
                      ptrdiff_t dst_stride, bool wide);

} // namespace vmaf::session
