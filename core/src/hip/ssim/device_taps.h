// A decimation filter's taps in device memory: float_ssim's box grows with
// the picture (scale x scale taps), too large for a kernel argument.
#pragma once

#include <span>

#include "hip/runtime/buffer.h"
#include "hip/ssim/ssim_kernel.h"

namespace vmaf::hip::ssim {

class DeviceTaps {
public:
    // Copies len x len taps (row major) to the device and waits for the copy.
    int upload(std::span<const float> taps, int len);
    Taps2d get() const { return {buffer_.as<const float>(), len_}; }

private:
    DeviceBuffer buffer_;
    int len_ = 0;
};

} // namespace vmaf::hip::ssim
