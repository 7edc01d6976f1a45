// One sample as the reference's float features read it: on the 8-bit scale,
// plus an offset. The CPU's plane conversion and the HIP kernels both call
// this, so a sample becomes the same float on either side.
#pragma once

#include "base/host_device.h"

namespace vmaf {

// The divisor of bpc-bit samples: 2^(bpc-8) (1 at 8 bits).
inline float sample_scaler(unsigned bpc)
{
    return bpc > 8 ? static_cast<float>(1u << (bpc - 8)) : 1.0f;
}

// v / scaler + offset in float. 8-bit samples skip the division, as the
// reference does.
template <typename Sample>
VMAF_HOST_DEVICE inline float sample_to_float(Sample v, float scaler, float offset)
{
    return sizeof(Sample) == 1 ? static_cast<float>(v) + offset
                               : static_cast<float>(v) / scaler + offset;
}

} // namespace vmaf
