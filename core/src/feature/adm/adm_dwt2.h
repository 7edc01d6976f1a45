// ADM's 2-D discrete wavelet transform (db2, one level): a picture or the
// previous level's approximation in, half-size approximation and detail
// bands out, in the reference's fixed point.
//
// The functions, instantiated with cpu::Portable (cpu/isa.h), are the
// definition; AdmKernels (adm_kernels.h) holds them or their intrinsics
// twins (adm_dwt2_simd.h), with the same bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/host_device.h"
#include "cpu/isa.h"
#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

// Scale 0 from picture samples of `bpc` bits (Pixel uint8_t or uint16_t;
// stride in samples). Centres the samples on zero and writes 16-bit detail
// bands; the approximation is widened to 32 bits for the next scale. With
// `detail` null only the approximation is made (adm_skip_scale0).
template <class Isa, typename Pixel>
void dwt2_scale0(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc,
                 Detail<int16_t> *detail, Plane<int32_t> &approx, std::vector<int16_t> &tmp);

// Scale 1, 2 or 3 of `pictures` (1 or 2) pictures from the previous scale's
// approximations (in[0] reference, in[1] distorted). Both go through one
// call because the reference's AVX-512 code, whose output the golden data
// is, reads across its row buffers of the two pictures where
// last_output_unreflected(): one picture alone is exact only where it is
// not (see the .cpp). `tmp` must be kept between calls, scales 1 to 3 in
// order, as the reference keeps its buffer.
template <class Isa>
void dwt2_scale(const Plane<int32_t> *const in[], int pictures, int scale,
                Detail<int32_t> *const detail[], Plane<int32_t> *const approx[],
                std::vector<int32_t> &tmp);

// Input columns of the four taps of every output column of a row of w.
struct DwtColumns {
    int first[3][4]; // outputs 0, n-2 and n-1, where taps are reflected
    int n;

    explicit DwtColumns(int w) : n((w + 1) / 2)
    {
        const int at[3] = {0, n - 2, n - 1};
        for (int e = 0; e < 3; e++)
            for (int k = 0; k < 4; k++) first[e][k] = tap_index(at[e], k, w);
    }
    // Calls f(j, c0) for inner outputs [from, n-2) (taps c0..c0+3) and
    // g(j, taps) at the edges; `from` > 1 where the caller did the first ones.
    template <typename Inner, typename Edge> VMAF_ALWAYS_INLINE void each(Inner f, Edge g, int from = 1) const
    {
        g(0, first[0]);
        for (int j = from; j < n - 2; j++) f(j, 2 * j - 1);
        g(n - 2, first[1]);
        g(n - 1, first[2]);
    }
};

// The columns of a later scale's horizontal pass (dwt2_scale): where
// last_output_unreflected(), output n-1 takes taps past its row.
inline DwtColumns later_scale_columns(int w)
{
    DwtColumns cols(w);
    if (last_output_unreflected(cols.n))
        for (int k = 0; k < 4; k++) cols.first[2][k] = 2 * (cols.n - 1) - 1 + k;
    return cols;
}

// Output j of a later scale's horizontal pass from taps c of the vertical
// pass's rows: the approximation and the h, v and d bands.
inline void dwt_output(const int32_t *lo, const int32_t *hi, int j, const int c[4], const DwtShifts &sh,
                       int32_t *approx, int32_t *const bands[3])
{
    approx[j] = dwt_round(lo_taps<int64_t>(lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]), sh.hround, sh.hshift);
    bands[1][j] = dwt_round(hi_taps<int64_t>(lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]), sh.hround, sh.hshift);
    bands[0][j] = dwt_round(lo_taps<int64_t>(hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]), sh.hround, sh.hshift);
    bands[2][j] = dwt_round(hi_taps<int64_t>(hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]), sh.hround, sh.hshift);
}

// The frame of dwt2_scale, whichever passes fill it: the row buffer laid out
// as the reference's, low and high of the reference, low and high of the
// distorted (w samples each, two more past them). Like the reference's
// buffer it lives across scales and frames (allocated, zeroed, at the
// first and widest scale 1), so what lies past the current layout is what
// the reference finds there: the last row of an earlier scale, which
// output n-1 reads where last_output_unreflected(). Per output row i and
// picture p: vertical(rows of taps[4], w, shifts, lo, hi), then, once for
// every picture, horizontal(lo, hi, columns, shifts, approx row, bands).
template <typename Vertical, typename Horizontal>
void dwt_later_scale(const Plane<int32_t> *const in[], int pictures, int scale,
                     Detail<int32_t> *const detail[], Plane<int32_t> *const approx[],
                     std::vector<int32_t> &tmp, Vertical vertical, Horizontal horizontal)
{
    const DwtShifts sh = dwt_shifts(scale);
    const int w = in[0]->w, h = in[0]->h;
    const int ow = (w + 1) / 2, oh = (h + 1) / 2;
    if (tmp.size() < 4 * static_cast<size_t>(w) + 2) tmp.resize(4 * static_cast<size_t>(w) + 2);
    int32_t *const row_lo[2] = {tmp.data(), tmp.data() + 2 * w};
    const DwtColumns cols = later_scale_columns(w);
    for (int p = 0; p < pictures; p++) {
        approx[p]->resize(ow, oh);
        detail[p]->resize(ow, oh);
    }
    for (int i = 0; i < oh; i++) {
        for (int p = 0; p < pictures; p++) {
            const int32_t *r[4];
            for (int k = 0; k < 4; k++) r[k] = in[p]->row(tap_index(i, k, h));
            vertical(r, w, sh, row_lo[p], row_lo[p] + w);
        }
        for (int p = 0; p < pictures; p++) {
            Detail<int32_t> &d = *detail[p];
            int32_t *const bands[3] = {d[0].row(i), d[1].row(i), d[2].row(i)};
            horizontal(row_lo[p], row_lo[p] + w, cols, sh, approx[p]->row(i), bands);
        }
    }
}

// Output j of scale 0's horizontal pass from taps c of the vertical pass's
// rows: the approximation and, where `bands` is non-null, h, v and d.
inline void dwt0_output(const int16_t *lo, const int16_t *hi, int j, const int c[4], int32_t *approx,
                        int16_t *const bands[3])
{
    approx[j] = dwt0_horizontal(lo_taps<int32_t>(lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]));
    if (!bands) return;
    bands[1][j] = dwt0_horizontal(hi_taps<int32_t>(lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]));
    bands[0][j] = dwt0_horizontal(lo_taps<int32_t>(hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]));
    bands[2][j] = dwt0_horizontal(hi_taps<int32_t>(hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]));
}

} // namespace vmaf::adm
