// xpsnr_hip kernel: every block's integer sums (squared errors, spatial and
// temporal activity), a thread block an XPSNR block, reduced in any order:
// integers, so the sums are the CPU's exactly (xpsnr::block_sums, whose
// arithmetic each step here repeats). The weights and the weighted sums, in
// double, are the host's (xpsnr::weighted_sse).
#include "hip/xpsnr/xpsnr_kernel.h"

namespace vmaf::hip::xpsnr {

namespace {

constexpr int kBlock = 256;

// A sample as the filter reads it: its bits as int16.
template <typename Sample> __device__ int at(const void *plane, int w, int x, int y)
{
    return static_cast<int16_t>(static_cast<const Sample *>(plane)[static_cast<long long>(y) * w + x]);
}

template <typename Sample> __device__ int prev_at(const void *plane, int w, int x, int y)
{
    return plane ? at<Sample>(plane, w, x, y) : 0;
}

__device__ int absolute(int v) { return v < 0 ? -v : v; }

// The 3x3 high-pass at (x, y).
template <typename Sample> __device__ int high_pass(const void *o, int w, int x, int y)
{
    return 12 * at<Sample>(o, w, x, y) -
           2 * (at<Sample>(o, w, x - 1, y) + at<Sample>(o, w, x + 1, y) + at<Sample>(o, w, x, y - 1) +
                at<Sample>(o, w, x, y + 1)) -
           (at<Sample>(o, w, x - 1, y - 1) + at<Sample>(o, w, x + 1, y - 1) + at<Sample>(o, w, x - 1, y + 1) +
            at<Sample>(o, w, x + 1, y + 1));
}

// The high-pass of the 2x2 cell at (x, y) on 2x2 sums.
template <typename Sample> __device__ int cell_high_pass(const void *o, int w, int x, int y)
{
    auto s = [&](int dx, int dy) { return at<Sample>(o, w, x + dx, y + dy); };
    return 12 * (s(0, 0) + s(1, 0) + s(0, 1) + s(1, 1)) -
           3 * (s(0, -1) + s(1, -1) + s(0, 2) + s(1, 2)) -
           3 * (s(-1, 0) + s(2, 0) + s(-1, 1) + s(2, 1)) -
           2 * (s(-1, -1) + s(2, -1) + s(-1, 2) + s(2, 2)) -
           (s(-1, -2) + s(0, -2) + s(1, -2) + s(2, -2) + s(-1, 3) + s(0, 3) + s(1, 3) + s(2, 3) +
            s(-2, -1) + s(-2, 0) + s(-2, 1) + s(-2, 2) + s(3, -1) + s(3, 0) + s(3, 1) + s(3, 2));
}

template <typename Sample> __global__ void block_sums_kernel(BlockArgs a)
{
    const int i = static_cast<int>(blockIdx.x);
    const int col = i % a.cols, row = i / a.cols;
    unsigned long long acc[kSumsPerBlock] = {};

    for (int c = 0; c < a.planes; c++) {
        const int x0 = col * a.bw[c], y0 = row * a.bh[c];
        const int bw = min(a.bw[c], a.w[c] - x0), bh = min(a.bh[c], a.h[c] - y0);
        for (int k = static_cast<int>(threadIdx.x); k < bw * bh; k += kBlock) {
            const int x = x0 + k % bw, y = y0 + k / bw;
            const long long e = at<Sample>(a.ref[c], a.w[c], x, y) - at<Sample>(a.dis[c], a.w[c], x, y);
            acc[c] += static_cast<unsigned long long>(e * e);
        }
    }

    const int w = a.w[0], h = a.h[0];
    const int bx = col * a.bw[0], by = row * a.bh[0];
    const int bw = min(a.bw[0], w - bx), bh = min(a.bh[0], h - by);
    // The active area, as xpsnr::active_area.
    const int x0 = bx > 0 ? 0 : a.edge, y0 = by > 0 ? 0 : a.edge;
    const int x1 = bx + bw < w ? bw : bw - a.edge, y1 = by + bh < h ? bh : bh - a.edge;
    if (x1 > x0 && y1 > y0) {
        const void *o = a.ref[0];
        if (a.edge > 1) {
            // The reference drops the activity of at most 12 active columns.
            if (x1 > 12) {
                const int nx = (x1 - x0 + 1) / 2, ny = (y1 - y0 + 1) / 2;
                for (int k = static_cast<int>(threadIdx.x); k < nx * ny; k += kBlock)
                    acc[kSpatial] += static_cast<unsigned long long>(absolute(
                        cell_high_pass<Sample>(o, w, bx + x0 + 2 * (k % nx), by + y0 + 2 * (k / nx))));
            }
        } else {
            const int nx = x1 - x0;
            for (int k = static_cast<int>(threadIdx.x); k < nx * (y1 - y0); k += kBlock)
                acc[kSpatial] += static_cast<unsigned long long>(
                    absolute(high_pass<Sample>(o, w, bx + x0 + k % nx, by + y0 + k / nx)));
        }
        if (a.temporal) {
            const int step = a.edge > 1 ? 2 : 1;
            const int nx = (bw + step - 1) / step, ny = (bh + step - 1) / step;
            for (int k = static_cast<int>(threadIdx.x); k < nx * ny; k += kBlock) {
                const int x = bx + step * (k % nx), y = by + step * (k / nx);
                int t = 0;
                for (int dy = 0; dy < step; dy++)
                    for (int dx = 0; dx < step; dx++) {
                        const int now = at<Sample>(o, w, x + dx, y + dy);
                        const int m1 = prev_at<Sample>(a.prev1, w, x + dx, y + dy);
                        t += a.second_order ? now - 2 * m1 + prev_at<Sample>(a.prev2, w, x + dx, y + dy)
                                            : now - m1;
                    }
                acc[kTemporal] += static_cast<unsigned long long>(absolute(t));
            }
        }
    }

    // A tree in shared memory: no warp size assumed (AMD's is 64).
    __shared__ unsigned long long partial[kSumsPerBlock][kBlock];
    for (int s = 0; s < kSumsPerBlock; s++) partial[s][threadIdx.x] = acc[s];
    __syncthreads();
    for (int half = kBlock / 2; half > 0; half /= 2) {
        if (static_cast<int>(threadIdx.x) < half)
            for (int s = 0; s < kSumsPerBlock; s++) partial[s][threadIdx.x] += partial[s][threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        unsigned long long *out = a.sums + static_cast<long long>(i) * kSumsPerBlock;
        for (int s = 0; s < kSumsPerBlock; s++) out[s] = partial[s][0];
        out[kTemporal] *= 2; // the filter's gain on the temporal term
    }
}

} // namespace

hipError_t launch_block_sums(const BlockArgs &a, int blocks, unsigned sample_bytes, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    if (sample_bytes == 2)
        hipLaunchKernelGGL(block_sums_kernel<unsigned short>, dim3(static_cast<unsigned>(blocks)), dim3(kBlock),
                           0, stream, a);
    else
        hipLaunchKernelGGL(block_sums_kernel<unsigned char>, dim3(static_cast<unsigned>(blocks)), dim3(kBlock),
                           0, stream, a);
    return hipGetLastError();
}

} // namespace vmaf::hip::xpsnr
