#include "feature/adm/adm_dwt2.h"

#include "feature/adm/adm_math.h"

namespace vmaf::adm {

namespace {

// Scale 0 of rows [0, oh): the vertical pass of a row into lo/hi, then
// the horizontal pass. kDetail false makes the approximation only.
template <bool kDetail, typename Pixel>
void scale0_rows(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc, Detail<int16_t> *detail,
                 Plane<int32_t> &approx, int16_t *__restrict lo, int16_t *__restrict hi)
{
    // Sums are formed modulo 2^32: for 16-bit input the reference's 32-bit
    // sum overflows on the way, but its final value fits.
    const DwtColumns cols(w);
    for (int i = 0; i < approx.h; i++) {
        const Pixel *__restrict r0 = src + tap_index(i, 0, h) * stride;
        const Pixel *__restrict r1 = src + tap_index(i, 1, h) * stride;
        const Pixel *__restrict r2 = src + tap_index(i, 2, h) * stride;
        const Pixel *__restrict r3 = src + tap_index(i, 3, h) * stride;
        for (int j = 0; j < w; j++) {
            const uint32_t s0 = r0[j], s1 = r1[j], s2 = r2[j], s3 = r3[j];
            lo[j] = dwt0_vertical_lo(s0, s1, s2, s3, bpc);
            if constexpr (kDetail) hi[j] = dwt0_vertical_hi(s0, s1, s2, s3, bpc);
        }
        int32_t *__restrict a = approx.row(i);
        int16_t *__restrict bh = kDetail ? (*detail)[0].row(i) : nullptr;
        int16_t *__restrict bv = kDetail ? (*detail)[1].row(i) : nullptr;
        int16_t *__restrict bd = kDetail ? (*detail)[2].row(i) : nullptr;
        auto out = [&](int j, int c0, int c1, int c2, int c3) {
            a[j] = dwt0_horizontal(lo_taps<int32_t>(lo[c0], lo[c1], lo[c2], lo[c3]));
            if constexpr (kDetail) {
                bv[j] = dwt0_horizontal(hi_taps<int32_t>(lo[c0], lo[c1], lo[c2], lo[c3]));
                bh[j] = dwt0_horizontal(lo_taps<int32_t>(hi[c0], hi[c1], hi[c2], hi[c3]));
                bd[j] = dwt0_horizontal(hi_taps<int32_t>(hi[c0], hi[c1], hi[c2], hi[c3]));
            }
        };
        cols.each([&](int j, int c) { out(j, c, c + 1, c + 2, c + 3); },
                  [&](int j, const int *c) { out(j, c[0], c[1], c[2], c[3]); });
    }
}

} // namespace

template <class Isa, typename Pixel>
void dwt2_scale0(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc,
                 Detail<int16_t> *detail, Plane<int32_t> &approx, std::vector<int16_t> &tmp)
{
    const int ow = (w + 1) / 2, oh = (h + 1) / 2;
    approx.resize(ow, oh);
    tmp.resize(2 * static_cast<size_t>(w));
    if (detail) {
        detail->resize(ow, oh);
        scale0_rows<true>(src, stride, w, h, bpc, detail, approx, tmp.data(), tmp.data() + w);
    } else {
        scale0_rows<false>(src, stride, w, h, bpc, detail, approx, tmp.data(), tmp.data() + w);
    }
}

template <class Isa>
void dwt2_scale(const Plane<int32_t> *const in[], int pictures, int scale,
                Detail<int32_t> *const detail[], Plane<int32_t> *const approx[],
                std::vector<int32_t> &tmp)
{
    auto vertical = [](const int32_t *const r[4], int w, const DwtShifts &sh, int32_t *lo, int32_t *hi) {
        for (int j = 0; j < w; j++) {
            const int32_t s0 = r[0][j], s1 = r[1][j], s2 = r[2][j], s3 = r[3][j];
            // Stored as the reference's 32-bit intermediate.
            lo[j] = dwt_round(lo_taps<int64_t>(s0, s1, s2, s3), sh.vround, sh.vshift);
            hi[j] = dwt_round(hi_taps<int64_t>(s0, s1, s2, s3), sh.vround, sh.vshift);
        }
    };
    auto horizontal = [](const int32_t *lo, const int32_t *hi, const DwtColumns &cols,
                         const DwtShifts &sh, int32_t *a, int32_t *const bands[3]) {
        cols.each(
            [&](int j, int c) {
                const int t[4] = {c, c + 1, c + 2, c + 3};
                dwt_output(lo, hi, j, t, sh, a, bands);
            },
            [&](int j, const int *c) { dwt_output(lo, hi, j, c, sh, a, bands); });
    };
    dwt_later_scale(in, pictures, scale, detail, approx, tmp, vertical, horizontal);
}

template void dwt2_scale0<cpu::Portable, uint8_t>(const uint8_t *, ptrdiff_t, int, int, int,
                                                 Detail<int16_t> *, Plane<int32_t> &,
                                                 std::vector<int16_t> &);
template void dwt2_scale0<cpu::Portable, uint16_t>(const uint16_t *, ptrdiff_t, int, int, int,
                                                  Detail<int16_t> *, Plane<int32_t> &,
                                                  std::vector<int16_t> &);
template void dwt2_scale<cpu::Portable>(const Plane<int32_t> *const[], int, int,
                                        Detail<int32_t> *const[], Plane<int32_t> *const[],
                                        std::vector<int32_t> &);

} // namespace vmaf::adm
