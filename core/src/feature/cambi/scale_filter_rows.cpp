// The row loops of ModeFilter (scale_filters.h), built once per instruction
// set (cpu/isa.h).
#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/cambi/scale_filters.h"

VMAF_TARGET_BEGIN

namespace vmaf::cambi {

template <class Isa>
void horizontal_modes(const uint16_t *in, int w, uint16_t *out)
{
    out[0] = in[0];
    for (int x = 1; x + 1 < w; x++) out[x] = mode3(in[x - 1], in[x], in[x + 1]);
    out[w - 1] = in[w - 1];
}

template <class Isa>
void vertical_modes(const uint16_t *a, const uint16_t *b, const uint16_t *c, int w, uint16_t *out)
{
    for (int x = 0; x < w; x++) out[x] = mode3(a[x], b[x], c[x]);
}

template void horizontal_modes<cpu::BuiltFor>(const uint16_t *, int, uint16_t *);
template void vertical_modes<cpu::BuiltFor>(const uint16_t *, const uint16_t *, const uint16_t *, int,
                                            uint16_t *);

} // namespace vmaf::cambi

VMAF_TARGET_END
