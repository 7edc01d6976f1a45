// The row loops of SpatialMask (spatial_mask.h), built once per instruction
// set (cpu/isa.h).
#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/cambi/spatial_mask.h"

VMAF_TARGET_BEGIN

namespace vmaf::cambi {

template <class Isa>
void flat_row(const uint16_t *row, const uint16_t *below, int w, uint16_t *flat)
{
    // The last column apart, so that the loop needs no test of the edge.
    for (int x = 0; x + 1 < w; x++) flat[x] = static_cast<uint16_t>(is_flat(row, below, x, w));
    flat[w - 1] = static_cast<uint16_t>(is_flat(row, below, w - 1, w));
}

template <class Isa>
void add_flat(uint32_t *count, const uint16_t *flat, int w)
{
    for (int x = 0; x < w; x++) count[x] += flat[x];
}

template <class Isa>
void take_flat(uint32_t *count, const uint16_t *flat, int w)
{
    for (int x = 0; x < w; x++) count[x] -= flat[x];
}

template <class Isa>
void window_sums(const uint32_t *counts, int w, uint32_t threshold, uint16_t *out)
{
    for (int x = 0; x < w; x++) {
        uint32_t sum = 0;
        for (int k = -kMaskHalf; k <= kMaskHalf; k++) sum += counts[x + k];
        out[x] = static_cast<uint16_t>(sum > threshold);
    }
}

template void flat_row<cpu::BuiltFor>(const uint16_t *, const uint16_t *, int, uint16_t *);
template void add_flat<cpu::BuiltFor>(uint32_t *, const uint16_t *, int);
template void take_flat<cpu::BuiltFor>(uint32_t *, const uint16_t *, int);
template void window_sums<cpu::BuiltFor>(const uint32_t *, int, uint32_t, uint16_t *);

} // namespace vmaf::cambi

VMAF_TARGET_END
