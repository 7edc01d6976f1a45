// XPSNR (Fraunhofer HHI's extended perceptually weighted PSNR) as FFmpeg 7.1's
// xpsnr filter computes it: per luma block, a weight from the reference's
// spatial activity (a high-pass) and temporal activity (its difference from
// the previous one or two reference frames); each plane's squared error
// summed block by block with the luma block's weight (ADR 0050).
//
// A frame is worked out in two parts: integer sums per block (block_sums:
// squared errors and activities, in any order), then the weights and the
// weighted sums in double, in the filter's order (weighted_sse). The HIP
// twin computes the first part on the GPU and shares the second.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vmaf::xpsnr {

// One plane of samples widened to 16 bits, `stride` samples a row.
struct PlaneView {
    const int16_t *px;
    int w, h, stride;
};

struct FrameInputs {
    PlaneView ref[3], dis[3];
    // The reference's luma one and two frames back (px null: none yet, read
    // as zeros, as the filter's history starts). The filter rewrites its
    // history block by block as it goes; every block it reads was rewritten
    // with the previous frame's samples, so the previous pictures themselves
    // give the same numbers.
    PlaneView prev1, prev2;
};

// How a frame is cut into blocks, from its planes' sizes.
struct Layout {
    int planes;          // 1 (luma only) or 3
    int w[3], h[3];      // each plane's size
    int bw[3], bh[3];    // each plane's block size (chroma: luma's scaled)
    int cols[3], rows[3]; // each plane's blocks
    int edge;            // 1, or 2 above 2048x1152 luma samples (2x2 cells)
    bool smoothed;       // pictures up to 640x480: weights smoothed
    bool second_order;   // the temporal term's order: frame rates of 32 and more
    bool temporal;       // the temporal term at all (the filter always has it)
};

// `high_rate`: a frame rate of at least 32 (the filter's second-order
// temporal difference). The layout has the temporal term.
Layout layout_of(int planes, const int w[3], const int h[3], bool high_rate);

// The luma block size: 4 * round(32 * sqrt(w h / (3840 * 2160))).
unsigned block_size(int w, int h);

// Whether the filter's arithmetic is defined at this size. Under 2025 luma
// samples the block size is 0 (FFmpeg 7.1's filter divides by it and
// crashes). Above 2048x1152 it works on 2x2 cells, and an odd width or
// height leaves a last cell half outside the picture (the filter reads and
// writes past its planes there and crashes).
bool size_supported(int w, int h);

// The integer part: for each block of each plane (row-major) its squared
// error, and for each luma block its spatial and temporal activity (0 for a
// block without an active area).
struct BlockSums {
    std::vector<uint64_t> sse[3];
    std::vector<uint64_t> spatial, temporal;
};
void block_sums(const FrameInputs &in, const Layout &l, BlockSums &sums);

// Whether luma block (col, row) has an active area, and its bounds within the
// block ([x0, x1) x [y0, y1)): the filter leaves `edge` samples out at the
// picture's borders.
struct ActiveArea {
    int x0, y0, x1, y1;
    bool empty() const { return x1 <= x0 || y1 <= y0; }
};
ActiveArea active_area(const Layout &l, int col, int row);

// The double part: each plane's weighted squared error as the filter rounds
// it (uint64). `weight` is scratch for the luma blocks' weights.
void weighted_sse(const BlockSums &sums, const Layout &l, unsigned depth, std::vector<double> &weight,
                  uint64_t wsse[3]);

// The frame's XPSNR of one plane: 10 log10(w h (2^depth - 1)^2 / wsse),
// infinite where wsse is 0.
double plane_xpsnr(uint64_t wsse, int w, int h, unsigned depth);

// The sequence's XPSNR of one plane as the filter's summary prints it: from
// the sum of the frames' sqrt(wsse) (square-mean-root) where that sum is at
// least the frame count, else the mean of the frames' values.
double average_xpsnr(double sum_root_wsse, double sum_xpsnr, uint64_t frames, int w, int h, unsigned depth);

} // namespace vmaf::xpsnr
