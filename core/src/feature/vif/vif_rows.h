// The row passes of integer VIF's separable filters. The functions here are
// the portable definition, written so that the compiler vectorises them
// across the row (tap loop outside, samples inside); VifRowKernels picks
// them or their AVX2 / AVX-512 twins (vif_rows_x86.h), which give the same
// bits. Exact: the sums are the reference's, in integers wide enough.
// The filter passes are templates on an instruction-set tag (cpu/isa.h):
// vif_rows.cpp is built once per set, and the twins hand the rows their
// vectors do not cover (scale 3, row ends) to their own set's build.
#pragma once

#include <cstdint>

#include "cpu/isa.h"
#include "feature/vif/vif_math.h"

namespace vmaf::vif {

// Rows of 32-bit values, one per sample: filtered means (mu1, mu2) and
// second moments (xx, yy, xy). The vertical pass writes them with `pad`
// samples of room on each side for the horizontal pass's reflected edges.
struct MomentRows {
    uint32_t *mu1, *mu2, *xx, *yy, *xy;
};

// Room for the portable passes' wide sums, one row each.
struct WideRows {
    uint32_t *mu1, *mu2;
    uint64_t *xx, *yy, *xy;
};

// Vertical pass: filtered means and second moments of one row from `fw`
// source rows, rounded as the reference rounds them at this scale.
template <class Isa, typename Sample>
void vertical_moments(const Sample *const *ref_rows, const Sample *const *dis_rows,
                      const uint16_t *filter, int fw, int w, const VerticalShift &vs,
                      const MomentRows &out, const WideRows &scratch);

// Horizontal pass over a vertically filtered row (edges already reflected):
// the means' sums and the second moments after round_second_moment().
template <class Isa>
void horizontal_moments(const MomentRows &in, const uint16_t *filter, int fw, int w,
                        const MomentRows &out, const WideRows &scratch);

// Vertical then horizontal blur of one output row for decimation; writes
// every second sample of the row. `conv` has room for the filter's reach
// on each side of the row.
template <class Isa, typename Sample>
void blur_row_for_decimation(const Sample *const *rows, const uint16_t *filter, int fw, int w,
                             const VerticalShift &vs, uint32_t *conv, uint16_t *out);

// What the pixels of one row of horizontal_moments() add to a scale's sums.
void accumulate_row(const MomentRows &sums, int w, const uint16_t *log2, double gain_limit,
                    Accumulator &acc);

// One implementation of each pass, as the CPU allows.
struct VifRowKernels {
    decltype(&vertical_moments<cpu::Portable, uint8_t>) vertical8;
    decltype(&vertical_moments<cpu::Portable, uint16_t>) vertical16;
    decltype(&horizontal_moments<cpu::Portable>) horizontal;
    decltype(&blur_row_for_decimation<cpu::Portable, uint8_t>) decimate8;
    decltype(&blur_row_for_decimation<cpu::Portable, uint16_t>) decimate16;
    decltype(&accumulate_row) accumulate;
    const char *name;
};

// The widest kernels that `cpu_flags` (cpu::Flag bits) allow.
const VifRowKernels &vif_row_kernels(unsigned cpu_flags);

// The portable kernels, and the SIMD ones (nullptr where not built).
const VifRowKernels &vif_row_kernels_c();
const VifRowKernels *vif_row_kernels_avx2();
const VifRowKernels *vif_row_kernels_avx512();

} // namespace vmaf::vif
