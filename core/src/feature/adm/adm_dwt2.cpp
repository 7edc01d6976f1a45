#include "feature/adm/adm_dwt2.h"

#include "feature/adm/adm_math.h"
#include "feature/common/target_clones.h"

namespace vmaf::adm {

namespace {

// Input columns of the four taps of every output column.
struct Columns {
    int first[3][4]; // outputs 0, n-2 and n-1, where taps are reflected
    int n;

    explicit Columns(int w) : n((w + 1) / 2)
    {
        const int at[3] = {0, n - 2, n - 1};
        for (int e = 0; e < 3; e++)
            for (int k = 0; k < 4; k++) first[e][k] = tap_index(at[e], k, w);
    }
    // Calls f(j, c0) for inner outputs (taps c0..c0+3) and g(j, taps) at the edges.
    template <typename Inner, typename Edge> void each(Inner f, Edge g) const
    {
        g(0, first[0]);
        for (int j = 1; j < n - 2; j++) f(j, 2 * j - 1);
        g(n - 2, first[1]);
        g(n - 1, first[2]);
    }
};

template <typename Acc, typename S>
inline Acc taps(const int32_t (&f)[4], S s0, S s1, S s2, S s3)
{
    return static_cast<Acc>(f[0]) * s0 + static_cast<Acc>(f[1]) * s1 + static_cast<Acc>(f[2]) * s2 +
           static_cast<Acc>(f[3]) * s3;
}

// Scale 0 of rows [0, oh): the vertical pass of a row into lo/hi, then
// the horizontal pass. kDetail false makes the approximation only.
template <bool kDetail, typename Pixel>
VMAF_TARGET_CLONES void scale0_rows(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc,
                                 Detail<int16_t> *detail, Plane<int32_t> &approx,
                                 int16_t *__restrict lo, int16_t *__restrict hi)
{
    // Sums are formed modulo 2^32: for 16-bit input the reference's 32-bit
    // sum overflows on the way, but its final value fits.
    const uint32_t round = 1u << (bpc - 1);
    const uint32_t centre = static_cast<uint32_t>(kLoSum) * round;
    const Columns cols(w);
    for (int i = 0; i < approx.h; i++) {
        const Pixel *__restrict r0 = src + tap_index(i, 0, h) * stride;
        const Pixel *__restrict r1 = src + tap_index(i, 1, h) * stride;
        const Pixel *__restrict r2 = src + tap_index(i, 2, h) * stride;
        const Pixel *__restrict r3 = src + tap_index(i, 3, h) * stride;
        for (int j = 0; j < w; j++) {
            const uint32_t s0 = r0[j], s1 = r1[j], s2 = r2[j], s3 = r3[j];
            const uint32_t l = taps<uint32_t>(kLo, s0, s1, s2, s3) - centre + round;
            lo[j] = static_cast<int16_t>(static_cast<int32_t>(l) >> bpc);
            if constexpr (kDetail) {
                const uint32_t g = taps<uint32_t>(kHi, s0, s1, s2, s3) + round;
                hi[j] = static_cast<int16_t>(static_cast<int32_t>(g) >> bpc);
            }
        }
        int32_t *__restrict a = approx.row(i);
        int16_t *__restrict bh = kDetail ? (*detail)[0].row(i) : nullptr;
        int16_t *__restrict bv = kDetail ? (*detail)[1].row(i) : nullptr;
        int16_t *__restrict bd = kDetail ? (*detail)[2].row(i) : nullptr;
        auto out = [&](int j, int c0, int c1, int c2, int c3) {
            auto h16 = [](int32_t v) { return static_cast<int16_t>((v + 32768) >> 16); };
            a[j] = h16(taps<int32_t>(kLo, lo[c0], lo[c1], lo[c2], lo[c3]));
            if constexpr (kDetail) {
                bv[j] = h16(taps<int32_t>(kHi, lo[c0], lo[c1], lo[c2], lo[c3]));
                bh[j] = h16(taps<int32_t>(kLo, hi[c0], hi[c1], hi[c2], hi[c3]));
                bd[j] = h16(taps<int32_t>(kHi, hi[c0], hi[c1], hi[c2], hi[c3]));
            }
        };
        cols.each([&](int j, int c) { out(j, c, c + 1, c + 2, c + 3); },
                  [&](int j, const int *c) { out(j, c[0], c[1], c[2], c[3]); });
    }
}

} // namespace

template <typename Pixel>
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

template void dwt2_scale0<uint8_t>(const uint8_t *, ptrdiff_t, int, int, int, Detail<int16_t> *,
                                   Plane<int32_t> &, std::vector<int16_t> &);
template void dwt2_scale0<uint16_t>(const uint16_t *, ptrdiff_t, int, int, int,
                                    Detail<int16_t> *, Plane<int32_t> &, std::vector<int16_t> &);

VMAF_TARGET_CLONES void dwt2_scale(const Plane<int32_t> *const in[2], int scale,
                                Detail<int32_t> *const detail[2], Plane<int32_t> *const approx[2],
                                std::vector<int64_t> &tmp)
{
    // Per scale 1..3: rounding and shift of the vertical, then horizontal pass.
    constexpr int64_t vround[3] = {0, 32768, 32768};
    constexpr int vshift[3] = {0, 16, 16};
    constexpr int64_t hround[3] = {16384, 32768, 16384};
    constexpr int hshift[3] = {15, 16, 15};
    const int64_t vr = vround[scale - 1], hr = hround[scale - 1];
    const int vs = vshift[scale - 1], hs = hshift[scale - 1];

    const int w = in[0]->w, h = in[0]->h;
    const int ow = (w + 1) / 2, oh = (h + 1) / 2;
    // The vertical pass of a row, laid out as the reference's: low and high
    // of the reference, low and high of the distorted. Like the reference's
    // buffer it lives across scales and frames (allocated, zeroed, at the
    // first and widest scale 1), so what lies past the current layout is
    // what the reference finds there: the last row of an earlier scale.
    if (tmp.size() < 4 * static_cast<size_t>(w) + 2) tmp.resize(4 * static_cast<size_t>(w) + 2);
    int64_t *const row_lo[2] = {tmp.data(), tmp.data() + 2 * w};

    // The reference's AVX-512 horizontal pass filters 8 outputs at a time
    // from unreflected taps 2j-1..2j+2 for j in [1, vector_end). When its
    // last block reaches output ow-1, that output's taps past the row read
    // the next buffer of the layout instead of the reflected samples.
    const int vector_end = ow - (ow - 1) % 8;
    Columns cols(w);
    if (vector_end == ow)
        for (int k = 0; k < 4; k++) cols.first[2][k] = 2 * (ow - 1) - 1 + k;

    for (int p = 0; p < 2; p++) {
        approx[p]->resize(ow, oh);
        detail[p]->resize(ow, oh);
    }
    for (int i = 0; i < oh; i++) {
        for (int p = 0; p < 2; p++) {
            const int32_t *r[4];
            for (int k = 0; k < 4; k++) r[k] = in[p]->row(tap_index(i, k, h));
            int64_t *lo = row_lo[p], *hi = lo + w;
            for (int j = 0; j < w; j++) {
                const int32_t s0 = r[0][j], s1 = r[1][j], s2 = r[2][j], s3 = r[3][j];
                // Stored as the reference's 32-bit intermediate.
                lo[j] = static_cast<int32_t>((taps<int64_t>(kLo, s0, s1, s2, s3) + vr) >> vs);
                hi[j] = static_cast<int32_t>((taps<int64_t>(kHi, s0, s1, s2, s3) + vr) >> vs);
            }
        }
        for (int p = 0; p < 2; p++) {
            const int64_t *lo = row_lo[p], *hi = lo + w;
            int32_t *a = approx[p]->row(i);
            Detail<int32_t> &d = *detail[p];
            int32_t *bv = d[1].row(i), *bh = d[0].row(i), *bd = d[2].row(i);
            auto out = [&](int j, const int *c) {
                a[j] = static_cast<int32_t>(
                    (taps<int64_t>(kLo, lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]) + hr) >> hs);
                bv[j] = static_cast<int32_t>(
                    (taps<int64_t>(kHi, lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]) + hr) >> hs);
                bh[j] = static_cast<int32_t>(
                    (taps<int64_t>(kLo, hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]) + hr) >> hs);
                bd[j] = static_cast<int32_t>(
                    (taps<int64_t>(kHi, hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]) + hr) >> hs);
            };
            cols.each(
                [&](int j, int c) {
                    const int t[4] = {c, c + 1, c + 2, c + 3};
                    out(j, t);
                },
                out);
        }
    }
}

} // namespace vmaf::adm
