#include "feature/ssimulacra2/rgb_from_yuv.h"

#include <algorithm>
#include <cstdlib>

namespace vmaf::ssimulacra2 {

namespace {

// swscale's bicubic weight of a tap at distance d (30 fractional bits),
// B = 0 and C = 0.6 in 24 fractional bits, on a 2^54 scale.
int64_t bicubic_weight(int64_t d)
{
    constexpr int64_t b = 0, c = static_cast<int64_t>(0.6 * (1 << 24));
    if (d >= 1ll << 31) return 0;
    const int64_t dd = (d * d) >> 30, ddd = (dd * d) >> 30;
    if (d < 1ll << 30)
        return (12 * (1 << 24) - 9 * b - 6 * c) * ddd + (-18 * (1 << 24) + 12 * b + 6 * c) * dd +
               (6 * (1 << 24) - 2 * b) * (1ll << 30);
    return (-b - 6 * c) * ddd + (6 * b + 30 * c) * dd + (-12 * b - 48 * c) * d + (8 * b + 24 * c) * (1ll << 30);
}

// C's division rounded to nearest, halves away from zero (FFmpeg's
// ROUNDED_DIV).
int64_t rounded_div(int64_t a, int64_t b) { return (a >= 0 ? a + (b >> 1) : a - (b >> 1)) / b; }

} // namespace

Taps bicubic_taps(int n_in, int n_out, int pos_in, int pos_out, int one)
{
    constexpr int64_t unit = 1ll << 54; // upsampling: swscale's scale of weights
    const int64_t step = ((static_cast<int64_t>(n_in) << 16) + (n_out >> 1)) / n_out;
    Taps t;
    std::vector<int64_t> w;
    int size;
    if (std::abs(step - 0x10000) < 10 && pos_in == pos_out) {
        size = 1;
        t.first.resize(static_cast<size_t>(n_out));
        w.assign(static_cast<size_t>(n_out), unit);
        for (int i = 0; i < n_out; i++) t.first[static_cast<size_t>(i)] = i;
    } else {
        size = std::max(std::min(1 + 4, n_in - 2), 1);
        t.first.resize(static_cast<size_t>(n_out));
        w.resize(static_cast<size_t>(n_out) * static_cast<size_t>(size));
        // The output's centre on the input grid, 17 fractional bits.
        int64_t at = ((pos_out * step) >> 7) - ((pos_in * 0x10000ll) >> 7);
        for (int i = 0; i < n_out; i++, at += 2 * step) {
            int x = static_cast<int>((at - (size - 2) * (1ll << 16)) / (1ll << 17));
            t.first[static_cast<size_t>(i)] = x;
            for (int j = 0; j < size; j++, x++)
                w[static_cast<size_t>(i) * static_cast<size_t>(size) + static_cast<size_t>(j)] =
                    bicubic_weight(std::abs(static_cast<int64_t>(x) * (1ll << 17) - at) << 13);
        }
    }
    auto tap = [&](int i, int j) -> int64_t & {
        return w[static_cast<size_t>(i) * static_cast<size_t>(size) + static_cast<size_t>(j)];
    };

    // Near-zero taps dropped: leading ones moved out (positions kept
    // increasing), the longest run of trailing ones over all outputs cut.
    const double cutoff = 0.002 * static_cast<double>(unit);
    int kept = 0;
    for (int i = n_out - 1; i >= 0; i--) {
        int64_t sum = 0;
        for (int j = 0; j < size; j++) {
            sum += std::abs(tap(i, 0));
            if (static_cast<double>(sum) > cutoff) break;
            if (i < n_out - 1 && t.first[static_cast<size_t>(i)] >= t.first[static_cast<size_t>(i) + 1]) break;
            for (int k = 1; k < size; k++) tap(i, k - 1) = tap(i, k);
            tap(i, size - 1) = 0;
            t.first[static_cast<size_t>(i)]++;
        }
        int n = size;
        sum = 0;
        for (int j = size - 1; j > 0; j--) {
            sum += std::abs(tap(i, j));
            if (static_cast<double>(sum) > cutoff) break;
            n--;
        }
        kept = std::max(kept, n);
    }

    // Taps outside the input folded onto its first or last sample.
    t.size = kept;
    std::vector<int64_t> f(static_cast<size_t>(n_out) * static_cast<size_t>(kept));
    auto out = [&](int i, int j) -> int64_t & {
        return f[static_cast<size_t>(i) * static_cast<size_t>(kept) + static_cast<size_t>(j)];
    };
    for (int i = 0; i < n_out; i++) {
        for (int j = 0; j < kept; j++) out(i, j) = j < size ? tap(i, j) : 0;
        int &first = t.first[static_cast<size_t>(i)];
        if (first < 0) {
            for (int j = 1; j < kept; j++) {
                const int to = std::max(j + first, 0);
                out(i, to) += out(i, j);
                out(i, j) = 0;
            }
            first = 0;
        }
        if (first + kept > n_in) {
            const int shift = first + std::min(kept - n_in, 0);
            int64_t past = 0;
            for (int j = kept - 1; j >= 0; j--)
                if (first + j >= n_in) {
                    past += out(i, j);
                    out(i, j) = 0;
                }
            for (int j = kept - 1; j >= 0; j--) out(i, j) = j < shift ? 0 : out(i, j - shift);
            first -= shift;
            out(i, n_in - 1 - first) += past;
        }
    }

    // Scaled to `one`, each tap's rounding error carried to the next.
    t.coef.resize(f.size());
    for (int i = 0; i < n_out; i++) {
        int64_t sum = 0;
        for (int j = 0; j < kept; j++) sum += out(i, j);
        sum = (sum + one / 2) / one;
        if (sum == 0) sum = 1;
        int64_t error = 0;
        for (int j = 0; j < kept; j++) {
            const int64_t v = out(i, j) + error;
            const int64_t q = rounded_div(v, sum);
            t.coef[static_cast<size_t>(i) * static_cast<size_t>(kept) + static_cast<size_t>(j)] =
                static_cast<int16_t>(q);
            error = v - q * sum;
        }
    }
    return t;
}

RgbMatrix rgb_matrix(Matrix matrix, bool full_range)
{
    // swscale's inverse tables (Cr to R, Cb to B, Cb to G, Cr to G; 16
    // fractional bits).
    static constexpr int64_t kTable[3][4] = {
        {117489, 138438, 13975, 34925}, // BT.709
        {104597, 132201, 25675, 53279}, // BT.601 (SMPTE 170M)
        {110013, 140363, 12277, 42626}, // BT.2020 non-constant
    };
    const int64_t *t = kTable[static_cast<int>(matrix)];
    int64_t crv = t[0], cbu = t[1], cgu = -t[2], cgv = -t[3];
    int64_t cy = 1 << 16, oy = 0;
    if (!full_range) {
        cy = (cy * 255) / 219;
        oy = 16 << 16;
    } else {
        crv = (crv * 224) / 255;
        cbu = (cbu * 224) / 255;
        cgu = (cgu * 224) / 255;
        cgv = (cgv * 224) / 255;
    }
    auto to_int16 = [](int64_t f) {
        const int64_t r = (f + (1 << 15)) >> 16;
        return static_cast<int>(static_cast<int16_t>(r < -0x7FFF ? 0x8000 : (r > 0x7FFF ? 0x7FFF : r)));
    };
    return {to_int16(oy * (1 << 9)), to_int16(cy * (1 << 13)), to_int16(crv * (1 << 13)),
            to_int16(cgv * (1 << 13)), to_int16(cgu * (1 << 13)), to_int16(cbu * (1 << 13))};
}

Conversion conversion(int w, int h, int depth, int ss_x, int ss_y, Matrix matrix, bool full_range)
{
    // Positions in 1/256 of a luma sample from the ideal edge: chroma
    // centred (swscale's default), 128 << ss - 128, halved per subsampling.
    const int sub_x = (1 << ss_x) - 1, sub_y = (1 << ss_y) - 1;
    const int cw = (w + sub_x) >> ss_x, ch = (h + sub_y) >> ss_y;
    return {w,
            h,
            cw,
            ch,
            depth,
            bicubic_taps(cw, w, (128 * sub_x + 128) >> ss_x, 128, 1 << 14),
            bicubic_taps(ch, h, (128 * sub_y + 128) >> ss_y, 128, 1 << 12),
            rgb_matrix(matrix, full_range)};
}

namespace {

template <typename T>
const T *row_of(const void *plane, ptrdiff_t stride, int y)
{
    return reinterpret_cast<const T *>(static_cast<const uint8_t *>(plane) + stride * y);
}

template <typename T>
void convert(const Conversion &c, const void *const planes[3], const ptrdiff_t strides[3], uint8_t *rgb,
             std::vector<int16_t> &scratch)
{
    const int w = c.w, h = c.h;
    const int shift = intermediate_shift(sizeof(T), c.depth);
    // Chroma rows through the horizontal taps, all of them first: rows of w
    // intermediates.
    const size_t n = static_cast<size_t>(w);
    scratch.resize(2 * static_cast<size_t>(c.chroma_h) * n);
    int16_t *u15 = scratch.data(), *v15 = u15 + static_cast<size_t>(c.chroma_h) * n;
    for (int y = 0; y < c.chroma_h; y++)
        for (int p = 1; p <= 2; p++) {
            const T *row = row_of<T>(planes[p], strides[p], y);
            int16_t *out = (p == 1 ? u15 : v15) + static_cast<size_t>(y) * n;
            for (int x = 0; x < w; x++)
                out[x] = chroma_intermediate(row, c.across.first[static_cast<size_t>(x)],
                                             c.across.coef.data() + static_cast<size_t>(x) * static_cast<size_t>(c.across.size),
                                             c.across.size, shift);
        }
    for (int y = 0; y < h; y++) {
        const T *ys = row_of<T>(planes[0], strides[0], y);
        const int16_t *taps = c.down.coef.data() + static_cast<size_t>(y) * static_cast<size_t>(c.down.size);
        const size_t first = static_cast<size_t>(c.down.first[static_cast<size_t>(y)]) * n;
        const VerticalStage stage = vertical_stage(taps, c.down.size);
        uint8_t *out = rgb + static_cast<size_t>(y) * 3 * n;
        for (int x = 0; x < w; x++)
            rgb_from_intermediate(c.matrix, luma_output(ys[x], shift),
                                  chroma_output(stage, taps, c.down.size, u15 + first + static_cast<size_t>(x), n),
                                  chroma_output(stage, taps, c.down.size, v15 + first + static_cast<size_t>(x), n),
                                  out + 3 * x);
    }
}

} // namespace

void rgb_from_yuv(const Conversion &c, const void *const planes[3], const ptrdiff_t strides[3], uint8_t *rgb,
                  std::vector<int16_t> &scratch)
{
    if (c.depth > 8)
        convert<uint16_t>(c, planes, strides, rgb, scratch);
    else
        convert<uint8_t>(c, planes, strides, rgb, scratch);
}

} // namespace vmaf::ssimulacra2
