// Y'CbCr pictures to the 8-bit R'G'B' that FFmpeg exports for libjxl's tool
// (`-vf scale=in_color_matrix=M:in_range=R:flags=bicubic+accurate_rnd+
// full_chroma_int+bitexact,format=rgb24`, ADR 0051): libswscale's integer
// arithmetic for that path, written here so that the CPU and the HIP twin
// produce the same bytes without loading FFmpeg. Chroma is upsampled with
// swscale's bicubic taps (B 0, C 0.6) to 15-bit intermediates, then each
// pixel goes through its fixed-point matrix.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/host_device.h"

namespace vmaf::ssimulacra2 {

enum class Matrix { kBt709, kBt601, kBt2020 };

// One dimension's resampling: output i is the sum over j < size of
// in[first[i] + j] * coef[i * size + j], coefficients summing to `one`.
struct Taps {
    int size = 0;
    std::vector<int> first;
    std::vector<int16_t> coef;
};

// swscale's bicubic taps from n_in samples to n_out (n_out >= n_in), the
// samples' positions given in 1/256 of a sample of the finer grid (its
// get_local_pos), scaled to `one`: the identity where nothing moves.
Taps bicubic_taps(int n_in, int n_out, int pos_in, int pos_out, int one);

// The fixed-point matrix of swscale's full-chroma RGB output.
struct RgbMatrix {
    int y_offset, y_coeff, v2r, v2g, u2g, u2b;
};

RgbMatrix rgb_matrix(Matrix matrix, bool full_range);

// One pixel from 15-bit intermediates after the vertical taps (Y, U, V as
// swscale's output stage holds them) to 8-bit R, G, B.
VMAF_HOST_DEVICE inline void rgb_from_intermediate(const RgbMatrix &m, int y, int u, int v, uint8_t rgb[3])
{
    const int yy = (y - m.y_offset) * m.y_coeff + (1 << 21);
    int r = static_cast<int>(static_cast<unsigned>(yy) + static_cast<unsigned>(v) * static_cast<unsigned>(m.v2r));
    int g = static_cast<int>(static_cast<unsigned>(yy) + static_cast<unsigned>(v) * static_cast<unsigned>(m.v2g) +
                             static_cast<unsigned>(u) * static_cast<unsigned>(m.u2g));
    int b = static_cast<int>(static_cast<unsigned>(yy) + static_cast<unsigned>(u) * static_cast<unsigned>(m.u2b));
    if ((r | g | b) & static_cast<int>(0xC0000000u)) {
        constexpr int top = (1 << 30) - 1;
        r = r < 0 ? 0 : (r > top ? top : r);
        g = g < 0 ? 0 : (g > top ? top : g);
        b = b < 0 ? 0 : (b > top ? top : b);
    }
    rgb[0] = static_cast<uint8_t>(r >> 22);
    rgb[1] = static_cast<uint8_t>(g >> 22);
    rgb[2] = static_cast<uint8_t>(b >> 22);
}

// The shift that brings samples, through 14-bit taps, to 15 bits: 7 for
// 8-bit samples, the depth less one above (swscale's hScale8To15 and
// hScale16To15).
VMAF_HOST_DEVICE inline int intermediate_shift(int sample_bytes, int depth)
{
    return sample_bytes == 1 ? 7 : depth - 1;
}

// A chroma sample through the horizontal taps, at 15 bits.
template <typename T>
VMAF_HOST_DEVICE inline int16_t chroma_intermediate(const T *row, int first, const int16_t *coef, int size, int shift)
{
    int v = 0;
    for (int j = 0; j < size; j++) v += static_cast<int>(row[first + j]) * coef[j];
    v >>= shift;
    return static_cast<int16_t>(v < (1 << 15) - 1 ? v : (1 << 15) - 1);
}

// Luma at the output stage: the sample at 15 bits (its horizontal taps are
// the identity) through its one vertical tap of 4096.
VMAF_HOST_DEVICE inline int luma_output(int sample, int shift)
{
    const int y15 = (sample << 14) >> shift;
    return ((1 << 9) + y15 * 4096) >> 10;
}

// How an output row's vertical chroma taps apply: swscale's 12-bit taps,
// rounded by a half before the shift by 10; but two taps that sum to 4096
// (read as unsigned: none negative) take its one-tap shortcut, which reads
// the first row alone, or both rows' mean from an even split on.
enum class VerticalStage { kTaps, kFirstRow, kMean };

VMAF_HOST_DEVICE inline VerticalStage vertical_stage(const int16_t *taps, int size)
{
    if (size != 2 || taps[0] < 0 || taps[1] < 0 || taps[0] + taps[1] != 4096) return VerticalStage::kTaps;
    return taps[1] >= 2048 ? VerticalStage::kMean : VerticalStage::kFirstRow;
}

// A chroma value at the output stage from the intermediates of the output
// row's first tap row, `rows`, the next rows `step` apart.
VMAF_HOST_DEVICE inline int chroma_output(VerticalStage stage, const int16_t *taps, int size, const int16_t *rows,
                                          size_t step)
{
    if (stage == VerticalStage::kMean) return (rows[0] + rows[step] - (128 << 8)) * 2;
    if (stage == VerticalStage::kFirstRow) return (rows[0] - (128 << 7)) * 4;
    int v = (1 << 9) - (128 << 19);
    for (int j = 0; j < size; j++) v += rows[static_cast<size_t>(j) * step] * taps[j];
    return v >> 10;
}

// Everything one picture size and format needs: chroma's horizontal and
// vertical taps (identity for full-resolution chroma) and the matrix.
struct Conversion {
    int w, h, chroma_w, chroma_h, depth;
    Taps across, down;
    RgbMatrix matrix;
};

// For a w x h picture of `depth` bits, chroma subsampled by 2^ss_x, 2^ss_y
// (planes ceil(w / 2^ss_x) wide, as FFmpeg's), its samples centred between
// luma's: FFmpeg 5.1 and 7.1 export a Y4M so whatever its C tag says.
Conversion conversion(int w, int h, int depth, int ss_x, int ss_y, Matrix matrix, bool full_range);

// 8-bit R'G'B' (rows of 3 w bytes) of the planes (strides in bytes; 16-bit
// samples above 8 bits). `scratch` holds the 15-bit intermediates.
void rgb_from_yuv(const Conversion &c, const void *const planes[3], const ptrdiff_t strides[3], uint8_t *rgb,
                  std::vector<int16_t> &scratch);

} // namespace vmaf::ssimulacra2
