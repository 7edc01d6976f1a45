// Where banding can be seen: in flat areas. A sample is flat when it equals
// its right and lower neighbours (samples on the last column and row compare
// with what they have); the mask keeps the samples whose 7x7 neighbourhood
// (clipped to the picture) holds more flat samples than a threshold that
// grows with the picture's size.
#pragma once

#include <cstdint>
#include <vector>

#include "base/host_device.h"
#include "feature/common/plane.h"

namespace vmaf::cambi {

// The threshold for a w x h picture.
int mask_threshold(int w, int h);

// The side of the window the flat samples are counted in.
inline constexpr int kMaskWindow = 7;

// Whether sample x of `row` is flat: equal to its right neighbour (none on
// the last column) and to the sample below (`below` is the row itself on
// the last row).
VMAF_HOST_DEVICE inline bool is_flat(const uint16_t *row, const uint16_t *below, int x, int w)
{
    return (x + 1 >= w || row[x] == row[x + 1]) && row[x] == below[x];
}

class SpatialMask {
public:
    // mask (resized to image's size) gets 1 where image is flat enough, else 0.
    void compute(const Plane<uint16_t> &image, Plane<uint16_t> &mask);

private:
    std::vector<uint16_t> flat_;      // the flatness of the 8 rows last seen, a ring
    std::vector<uint32_t> col_count_; // flat samples per column in the 7 rows
};

} // namespace vmaf::cambi
