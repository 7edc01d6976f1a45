// A picture's luma as cambi scores it: checked against its bit depth,
// resampled to the scored size (nearest sample) and brought to 10 bits,
// then, for encodes under 10 bits, averaged over 2x2 to undo dithering.
#pragma once

#include <cstdint>

#include "feature/common/plane.h"
#include "libvmaf/picture.h"

namespace vmaf::cambi {

// The first luma sample above the largest value of pic.bpc bits, if any
// (the reference refuses such pictures).
bool find_out_of_range(const VmafPicture &pic, unsigned &x, unsigned &y, unsigned &value);

// out (resized to w x h) from the luma of pic.
void to_10bit(const VmafPicture &pic, int w, int h, Plane<uint16_t> &out);

// Each sample becomes the mean of its 2x2 block to the right and below
// (rounded down), of two samples on the last row and column.
void undo_dithering(Plane<uint16_t> &plane);

} // namespace vmaf::cambi
