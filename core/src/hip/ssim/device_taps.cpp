#include "hip/ssim/device_taps.h"

namespace vmaf::hip::ssim {

int DeviceTaps::upload(std::span<const float> taps, int len)
{
    len_ = len;
    return buffer_.upload(taps.data(), taps.size_bytes());
}

} // namespace vmaf::hip::ssim
