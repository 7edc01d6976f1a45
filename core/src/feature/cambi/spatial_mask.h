// Where banding can be seen: in flat areas. A sample is flat when it equals
// its right and lower neighbours (samples on the last column and row compare
// with what they have); the mask keeps the samples whose 7x7 neighbourhood
// (clipped to the picture) holds more flat samples than a threshold that
// grows with the picture's size.
#pragma once

#include <cstdint>
#include <vector>

#include "base/host_device.h"
#include "cpu/isa.h"
#include "feature/common/plane.h"

namespace vmaf::cambi {

// The threshold for a w x h picture.
int mask_threshold(int w, int h);

// The side of the window the flat samples are counted in.
inline constexpr int kMaskWindow = 7;
inline constexpr int kMaskHalf = kMaskWindow / 2;

// Whether sample x of `row` is flat: equal to its right neighbour (none on
// the last column) and to the sample below (`below` is the row itself on
// the last row).
VMAF_HOST_DEVICE inline bool is_flat(const uint16_t *row, const uint16_t *below, int x, int w)
{
    return (x + 1 >= w || row[x] == row[x + 1]) && row[x] == below[x];
}

// The mask's row loops, templates on an instruction-set tag built once per
// set (spatial_mask_rows.cpp, cpu/isa.h): a row's flatness, the column
// counts' update, and the window sums against the threshold.
template <class Isa> void flat_row(const uint16_t *row, const uint16_t *below, int w, uint16_t *flat);
template <class Isa> void add_flat(uint32_t *count, const uint16_t *flat, int w);
template <class Isa> void take_flat(uint32_t *count, const uint16_t *flat, int w);
// out[x] = whether the kMaskWindow column counts around x (zero past the
// edges, which `counts` has room for) sum to more than the threshold.
template <class Isa> void window_sums(const uint32_t *counts, int w, uint32_t threshold, uint16_t *out);

struct MaskRows {
    decltype(&flat_row<cpu::Portable>) flat_row;
    decltype(&add_flat<cpu::Portable>) add_flat;
    decltype(&take_flat<cpu::Portable>) take_flat;
    decltype(&window_sums<cpu::Portable>) window_sums;
};
// The widest that `cpu_flags` (cpu::Flag bits) allow.
const MaskRows &mask_rows(unsigned cpu_flags);

class SpatialMask {
public:
    explicit SpatialMask(unsigned cpu_flags) : rows_(&mask_rows(cpu_flags)) {}
    // mask (resized to image's size) gets 1 where image is flat enough, else 0.
    void compute(const Plane<uint16_t> &image, Plane<uint16_t> &mask);

private:
    const MaskRows *rows_;
    std::vector<uint16_t> flat_;      // the flatness of the 8 rows last seen, a ring
    std::vector<uint32_t> col_count_; // flat samples per column in the 7 rows
};

} // namespace vmaf::cambi
