// The row passes of integer VIF's separable filters. The functions here are
// the portable definition, written so that the compiler vectorises them
// across the row (tap loop outside, samples inside); VifRowKernels picks
// them or their AVX2 / AVX-512 / NEON twins (vif_rows_simd.h), which give
// the same bits. Exact: the sums are the reference's, in integers wide enough.
// The filter passes are templates on an instruction-set tag (cpu/isa.h):
// vif_rows.cpp is built once per set, and the twins hand the rows their
// vectors do not cover (scale 3, row ends) to their own set's build.
#pragma once

#include <cstdint>

#include "cpu/isa.h"
#include "feature/vif/vif_math.h"

namespace vmaf::vif {

// Rows of 32-bit values, one per sample: filtered means (mu1, mu2) and
// second moments (xx, yy, xy).
struct MomentRows {
    uint32_t *mu1, *mu2, *xx, *yy, *xy;
};

// Room on each side of a vertical pass's rows: the filter's reflected reach
// and one sample more, which the SIMD horizontal passes read with a zero tap.
inline constexpr int kRowPad = 16;

// The SIMD tables' form of the vertical pass's rows (VifRowKernels::planar):
// eight planes of 16-bit values centred on zero (v ^ 0x8000), the means and
// the low and high halves of each moment, in the memory of MomentRows whose
// rows have kRowPad samples of room on each side (a 32-bit row holds two
// planes). _madd_epi16 then filters two neighbouring columns at once.
struct MomentPlanes {
    int16_t *mu1, *mu2, *xx[2], *yy[2], *xy[2]; // [0] low halves, [1] high
};
inline constexpr uint16_t kPlaneBias = 0x8000;

// A value below 2^16 in a plane, and back; a moment in its two planes.
inline int16_t centred(uint32_t v) { return static_cast<int16_t>(static_cast<uint16_t>(v ^ kPlaneBias)); }
inline uint32_t plain(int16_t v) { return static_cast<uint16_t>(v) ^ uint32_t{kPlaneBias}; }
inline uint32_t joined(int16_t *const (&halves)[2], int c)
{
    return plain(halves[0][c]) | plain(halves[1][c]) << 16;
}
inline void put_moment(int16_t *const (&halves)[2], int c, uint32_t v)
{
    halves[0][c] = centred(v & 0xFFFF);
    halves[1][c] = centred(v >> 16);
}

inline MomentPlanes planes_of(const MomentRows &rows, int w)
{
    const int n = w + 2 * kRowPad; // values per plane, room included
    auto plane = [&](uint32_t *row, int which) {
        return reinterpret_cast<int16_t *>(row - kRowPad) + which * n + kRowPad;
    };
    return {plane(rows.mu1, 0), plane(rows.mu2, 0), {plane(rows.xx, 0), plane(rows.xx, 1)},
            {plane(rows.yy, 0), plane(rows.yy, 1)}, {plane(rows.xy, 0), plane(rows.xy, 1)}};
}

// Room for the portable passes' wide sums, one row each.
struct WideRows {
    uint32_t *mu1, *mu2;
    uint64_t *xx, *yy, *xy;
};

// Vertical pass: filtered means and second moments of one row from `fw`
// source rows, rounded as the reference rounds them at this scale, with the
// filter's reach reflected on each side (in rows with kRowPad of room). The
// portable pass writes MomentRows, the SIMD ones MomentPlanes.
template <class Isa, typename Sample>
void vertical_moments(const Sample *const *ref_rows, const Sample *const *dis_rows,
                      const uint16_t *filter, int fw, int w, const VerticalShift &vs,
                      const MomentRows &out, const WideRows &scratch);

// Horizontal pass over a row of its table's vertical pass: the means' sums
// and the second moments after round_second_moment().
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
    // Whether the vertical pass writes MomentPlanes (else MomentRows); only
    // the same table's horizontal pass reads them.
    bool planar;
    const char *name;
};

// The widest kernels that `cpu_flags` (cpu::Flag bits) allow.
const VifRowKernels &vif_row_kernels(unsigned cpu_flags);

// The portable kernels, and the SIMD ones (nullptr where not built).
const VifRowKernels &vif_row_kernels_c();
const VifRowKernels *vif_row_kernels_avx2();
const VifRowKernels *vif_row_kernels_avx512();
const VifRowKernels *vif_row_kernels_avx512icl();
const VifRowKernels *vif_row_kernels_neon();

} // namespace vmaf::vif
