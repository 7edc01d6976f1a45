// A picture's luma as cambi scores it: checked against its bit depth,
// resampled to the scored size (nearest sample) and brought to 10 bits,
// then, for encodes under 10 bits, averaged over 2x2 to undo dithering.
#pragma once

#include <cstdint>
#include <vector>

#include "base/host_device.h"
#include "feature/common/plane.h"
#include "libvmaf/picture.h"

namespace vmaf::cambi {

// The first luma sample above the largest value of pic.bpc bits, if any
// (the reference refuses such pictures).
bool find_out_of_range(const VmafPicture &pic, unsigned &x, unsigned &y, unsigned &value);

// Samples of any depth to 10 bits: shifted up below 10 bits, rounded down
// to 10 bits above (which can give 1024 from the top of the range).
VMAF_HOST_DEVICE inline unsigned to_10bit_sample(unsigned v, int bpc)
{
    if (bpc <= 10) return v << (10 - bpc);
    const int shift = bpc - 10;
    return (v + (1u << (shift - 1))) >> shift;
}

// The source position of each of `out` positions along a side of `in`
// samples resampled to `out` (nearest sample).
std::vector<unsigned> nearest_positions(unsigned in, unsigned out);

// The undithered values: the mean of a 2x2 block (rounded down), and of
// two samples on the last row or column.
VMAF_HOST_DEVICE inline uint16_t mean4(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return static_cast<uint16_t>((a + b + c + d) >> 2);
}
VMAF_HOST_DEVICE inline uint16_t mean2(unsigned a, unsigned b)
{
    return static_cast<uint16_t>((a + b) >> 1);
}

// out (resized to w x h) from the luma of pic.
void to_10bit(const VmafPicture &pic, int w, int h, Plane<uint16_t> &out);

// Each sample becomes the mean of its 2x2 block to the right and below
// (rounded down), of two samples on the last row and column.
void undo_dithering(Plane<uint16_t> &plane);

} // namespace vmaf::cambi
