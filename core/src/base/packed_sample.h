// Samples as a hardware decoder leaves them (NV12's interleaved chroma,
// P010's ten bits in the high bits of sixteen): where a component's sample
// lies and how its value is read. The CPU's unpacking of frames copied back
// and the device's reading of frames in place share it.
#pragma once

#include <cstdint>

#include "base/host_device.h"

namespace vmaf {

struct SampleLayout {
    unsigned step = 1;  // bytes from a sample to the next of its row
    unsigned bytes = 1; // 1, or 2 (little-endian)
    unsigned shift = 0; // right shift taking a stored sample to its value
};

VMAF_HOST_DEVICE inline unsigned packed_sample(const uint8_t *at, const SampleLayout &layout)
{
    const unsigned stored = layout.bytes == 2 ? unsigned{at[0]} | unsigned{at[1]} << 8 : at[0];
    return stored >> layout.shift;
}

// Whether samples so laid out are VMAF's own: packed, at their value.
inline bool is_planar(const SampleLayout &layout)
{
    return layout.step == layout.bytes && layout.shift == 0;
}

} // namespace vmaf
