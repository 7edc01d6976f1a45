// The steps between cambi's scales: a 3x3 mode filter that removes isolated
// samples before the c-values, and the halving that makes the next scale.
#pragma once

#include <cstdint>
#include <vector>

#include "base/host_device.h"
#include "cpu/isa.h"
#include "feature/common/plane.h"

namespace vmaf::cambi {

// The mode of three samples: the value two of them share, else the least.
VMAF_HOST_DEVICE inline uint16_t mode3(uint16_t a, uint16_t b, uint16_t c)
{
    if (a == b || a == c) return a;
    if (b == c) return b;
    const uint16_t ab = a < b ? a : b;
    return ab < c ? ab : c;
}

// ModeFilter's row loops, templates on an instruction-set tag built once per
// set (scale_filter_rows.cpp, cpu/isa.h): a row's horizontal modes (its
// ends kept), and the vertical modes of three rows.
template <class Isa> void horizontal_modes(const uint16_t *in, int w, uint16_t *out);
template <class Isa>
void vertical_modes(const uint16_t *a, const uint16_t *b, const uint16_t *c, int w, uint16_t *out);

struct ModeRows {
    decltype(&horizontal_modes<cpu::Portable>) horizontal;
    decltype(&vertical_modes<cpu::Portable>) vertical;
};
// The widest that `cpu_flags` (cpu::Flag bits) allow.
const ModeRows &mode_rows(unsigned cpu_flags);

class ModeFilter {
public:
    explicit ModeFilter(unsigned cpu_flags) : rows_(&mode_rows(cpu_flags)) {}
    // In place: each sample not on the border becomes the vertical mode of
    // the horizontal modes of its 3x3 neighbourhood. The first and last rows
    // stay as they are; on the other rows the first and last samples take
    // the vertical mode of the unfiltered samples above and below them.
    void apply(Plane<uint16_t> &image);

private:
    const ModeRows *rows_;
    std::vector<uint16_t> ring_; // horizontal modes of three rows
};

// In place: the plane becomes its samples at even rows and columns,
// ceil(w / 2) x ceil(h / 2).
void halve(Plane<uint16_t> &plane);

} // namespace vmaf::cambi
