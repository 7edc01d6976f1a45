// vif_hip kernels. Each block works on a tile of its output: it runs the
// vertical pass for the tile's rows over the columns the horizontal taps
// reach (edges reflected) into shared memory, then the horizontal pass from
// there, so the intermediate planes never go through device memory. The
// statistic's per-sample contributions (vif::accumulate, shared with the
// CPU) are summed in 64-bit integers, so their order does not change them.
#include "hip/vif/vif_kernel.h"

#include <type_traits>

#include "feature/common/edge.h"

namespace vmaf::hip::vif {

using vmaf::edge::reflect_about_sample;

namespace {

constexpr unsigned kThreads = 256;
constexpr int kMaxHalf = 8; // the widest filter has 17 taps
constexpr int kSums = 4;

// The statistic's tile: kStatRows x kStatCols outputs. In the vertical
// pass each thread filters kRowsPerThread rows of one column, in the
// horizontal pass kColsPerThread outputs of one row: each load serves every
// output whose taps reach it.
constexpr int kStatRows = 16, kStatCols = 48;
constexpr int kStatSpan = kStatCols + 2 * kMaxHalf;
constexpr int kRowsPerThread = kStatRows * kStatSpan / static_cast<int>(kThreads);
constexpr int kColsPerThread = kStatRows * kStatCols / static_cast<int>(kThreads);
static_assert(kStatSpan * (kStatRows / kRowsPerThread) == kThreads, "a thread per column and rows");
static_assert(kStatRows * (kStatCols / kColsPerThread) == kThreads, "a thread per row and columns");

// The decimation's tile: kDecRows x kDecCols outputs, whose horizontal taps
// reach 2 * kDecCols - 1 + 2 * half columns of the vertical pass (half <= 4:
// the decimating filters are those of scales 1-3). In the vertical pass
// each thread filters kDecRowsPerThread output rows of one column.
constexpr int kDecRows = 16, kDecCols = 28;
constexpr int kDecHalf = 4;
constexpr int kDecSpan = 64;
constexpr int kDecRowsPerThread = kDecRows * kDecSpan / static_cast<int>(kThreads);
static_assert(2 * kDecCols - 1 + 2 * kDecHalf <= kDecSpan, "the taps' reach fits the tile");
static_assert(kDecSpan * (kDecRows / kDecRowsPerThread) == kThreads, "a thread per column and rows");

// The vertical pass's sums of one sample. For 8-bit samples the second
// moments fit 32 bits (taps sum to 65536: at most 65536 * 255^2 < 2^32),
// which halves the work; wider samples need 64.
template <typename Sample> struct VerticalSums {
    using Moment = uint64_t;
};
template <> struct VerticalSums<uint8_t> {
    using Moment = uint32_t;
};

// Tap k of the filter: a compile-time index, so the kernel reads the taps
// from its parameters in place rather than from a local copy.
#define VIF_TAP(a, k) static_cast<uint32_t>((a).filter.taps[k])

// Clears the error a previous, already reported call may have left, so that
// the status after a launch is that launch's.
void clear_error() { static_cast<void>(hipGetLastError()); }

unsigned tiles(int n, int tile) { return static_cast<unsigned>((n + tile - 1) / tile); }

// Width is the filter's (a.filter.width), known at compile time so that the
// tap loops unroll.
template <typename Sample, int Width>
__global__ void __launch_bounds__(kThreads, 3) statistic_kernel(StatisticArgs a)
{
    using Moment = typename VerticalSums<Sample>::Moment;
    __shared__ uint32_t mu1[kStatRows][kStatSpan], mu2[kStatRows][kStatSpan];
    __shared__ uint32_t xx[kStatRows][kStatSpan], yy[kStatRows][kStatSpan],
        xy[kStatRows][kStatSpan];
    const Sample *ref = static_cast<const Sample *>(a.ref);
    const Sample *dis = static_cast<const Sample *>(a.dis);
    constexpr int half = Width / 2;
    const int i0 = static_cast<int>(blockIdx.y) * kStatRows;
    const int j0 = static_cast<int>(blockIdx.x) * kStatCols;
    const int rows = min(kStatRows, a.h - i0), cols = min(kStatCols, a.w - j0);
    // Only the columns the tile's outputs reach: further ones may lie beyond
    // what reflection maps into the picture.
    const int span = cols + 2 * half;

    // Vertical pass: tile column c is picture column j0 - half + c,
    // reflected; this thread's rows are r0 .. r0 + kRowsPerThread - 1.
    const int c = static_cast<int>(threadIdx.x) % kStatSpan;
    const int r0 = static_cast<int>(threadIdx.x) / kStatSpan * kRowsPerThread;
    if (c < span && r0 < rows) {
        const int col = reflect_about_sample(j0 - half + c, a.w);
        uint32_t m1[kRowsPerThread] = {}, m2[kRowsPerThread] = {};
        Moment sxx[kRowsPerThread] = {}, syy[kRowsPerThread] = {}, sxy[kRowsPerThread] = {};
#pragma unroll
        for (int k = 0; k < Width + kRowsPerThread - 1; k++) {
            // Rows past the picture's last output row serve only outputs
            // that are not kept: held at the last row any kept one reads.
            const int row = min(i0 + r0 - half + k, a.h - 1 + half);
            const int src = reflect_about_sample(row, a.h) * a.w + col;
            const uint32_t x = ref[src], y = dis[src];
#pragma unroll
            for (int o = 0; o < kRowsPerThread; o++) {
                const int tap = k - o;
                if (tap < 0 || tap >= Width) continue;
                const uint32_t f = VIF_TAP(a, tap), fx = f * x, fy = f * y;
                m1[o] += fx;
                m2[o] += fy;
                sxx[o] += Moment{fx} * x;
                syy[o] += Moment{fy} * y;
                sxy[o] += Moment{fx} * y;
            }
        }
#pragma unroll
        for (int o = 0; o < kRowsPerThread; o++) {
            const int r = r0 + o;
            if (r >= rows) continue;
            mu1[r][c] = vmaf::vif::round_mean(m1[o], a.shift);
            mu2[r][c] = vmaf::vif::round_mean(m2[o], a.shift);
            xx[r][c] = vmaf::vif::round_moment(sxx[o], a.shift);
            yy[r][c] = vmaf::vif::round_moment(syy[o], a.shift);
            xy[r][c] = vmaf::vif::round_moment(sxy[o], a.shift);
        }
    }
    __syncthreads();

    // Horizontal pass and each sample's contribution: outputs t0 .. t0 +
    // kColsPerThread - 1 of row r.
    vmaf::vif::Accumulator acc;
    constexpr int kGroups = kStatCols / kColsPerThread;
    const int r = static_cast<int>(threadIdx.x) / kGroups;
    const int t0 = static_cast<int>(threadIdx.x) % kGroups * kColsPerThread;
    if (r < rows && t0 < cols) {
        uint32_t m1[kColsPerThread] = {}, m2[kColsPerThread] = {};
        uint64_t sxx[kColsPerThread] = {}, syy[kColsPerThread] = {}, sxy[kColsPerThread] = {};
#pragma unroll
        for (int k = 0; k < Width + kColsPerThread - 1; k++) {
            // Within the arrays: t0 + k < kStatSpan. Columns past span serve
            // only outputs that are not kept.
            const uint32_t v1 = mu1[r][t0 + k], v2 = mu2[r][t0 + k];
            const uint32_t vxx = xx[r][t0 + k], vyy = yy[r][t0 + k], vxy = xy[r][t0 + k];
#pragma unroll
            for (int o = 0; o < kColsPerThread; o++) {
                const int tap = k - o;
                if (tap < 0 || tap >= Width) continue;
                const uint32_t f = VIF_TAP(a, tap);
                m1[o] += f * v1;
                m2[o] += f * v2;
                sxx[o] += uint64_t{f} * vxx;
                syy[o] += uint64_t{f} * vyy;
                sxy[o] += uint64_t{f} * vxy;
            }
        }
#pragma unroll
        for (int o = 0; o < kColsPerThread; o++) {
            if (t0 + o >= cols) continue;
            vmaf::vif::accumulate(acc, a.log2_table, m1[o], m2[o], sxx[o], syy[o], sxy[o],
                                  a.gain_limit);
        }
    }

    // A tree over the block in shared memory: no warp-size assumption (64
    // on AMD, 32 on NVIDIA).
    __shared__ int64_t shared[kSums][kThreads];
    shared[0][threadIdx.x] = acc.num_log;
    shared[1][threadIdx.x] = acc.den_log;
    shared[2][threadIdx.x] = acc.num_non_log;
    shared[3][threadIdx.x] = acc.den_non_log;
    __syncthreads();
    for (unsigned half_block = kThreads / 2; half_block > 0; half_block /= 2) {
        if (threadIdx.x < half_block)
            for (int s = 0; s < kSums; s++)
                shared[s][threadIdx.x] += shared[s][threadIdx.x + half_block];
        __syncthreads();
    }
    if (threadIdx.x != 0) return;
    for (int s = 0; s < kSums; s++)
        atomicAdd(&a.sums[s], static_cast<unsigned long long>(shared[s][0]));
}

template <typename Sample, int Width> __global__ void decimate_kernel(DecimateArgs a)
{
    __shared__ uint32_t conv[kDecRows][kDecSpan];
    // Selected, not indexed: a parameter array indexed at run time would be
    // copied to local memory.
    const bool second = blockIdx.z != 0;
    const Sample *src = static_cast<const Sample *>(second ? a.src[1] : a.src[0]);
    uint16_t *out = second ? a.out[1] : a.out[0];
    constexpr int half = Width / 2;
    const int i0 = static_cast<int>(blockIdx.y) * kDecRows;
    const int j0 = static_cast<int>(blockIdx.x) * kDecCols;
    const int oh = a.h / 2, ow = a.w / 2;
    const int rows = min(kDecRows, oh - i0), cols = min(kDecCols, ow - j0);
    const int span = 2 * cols - 1 + 2 * half;

    // Vertical pass of output rows r0 .. r0 + kDecRowsPerThread - 1 (output
    // row i reads picture rows 2i - half ...); tile column c is picture
    // column 2 * j0 - half + c, reflected.
    const int c = static_cast<int>(threadIdx.x) % kDecSpan;
    const int r0 = static_cast<int>(threadIdx.x) / kDecSpan * kDecRowsPerThread;
    if (c < span && r0 < rows) {
        const int col = reflect_about_sample(2 * j0 - half + c, a.w);
        uint32_t sum[kDecRowsPerThread] = {};
#pragma unroll
        for (int k = 0; k < Width + 2 * (kDecRowsPerThread - 1); k++) {
            // Rows past the last kept output's reach serve only outputs that
            // are not kept.
            const int row = min(2 * (i0 + r0) - half + k, 2 * (oh - 1) + half);
            const uint32_t v = src[reflect_about_sample(row, a.h) * a.w + col];
#pragma unroll
            for (int o = 0; o < kDecRowsPerThread; o++) {
                const int tap = k - 2 * o;
                if (tap >= 0 && tap < Width) sum[o] += VIF_TAP(a, tap) * v;
            }
        }
#pragma unroll
        for (int o = 0; o < kDecRowsPerThread; o++)
            if (r0 + o < rows) conv[r0 + o][c] = vmaf::vif::round_mean(sum[o], a.shift);
    }
    __syncthreads();

    for (int at = static_cast<int>(threadIdx.x); at < rows * kDecCols; at += kThreads) {
        const int r = at / kDecCols, t = at % kDecCols;
        if (t >= cols) continue;
        uint32_t sum = 0;
#pragma unroll
        for (int k = 0; k < Width; k++) sum += VIF_TAP(a, k) * conv[r][2 * t + k];
        out[(i0 + r) * ow + j0 + t] = vmaf::vif::round_decimated(sum);
    }
}

template <typename Sample, int Width> void launch_statistic_at(const StatisticArgs &a, hipStream_t stream)
{
    const dim3 grid(tiles(a.w, kStatCols), tiles(a.h, kStatRows));
    hipLaunchKernelGGL((statistic_kernel<Sample, Width>), grid, dim3(kThreads), 0, stream, a);
}

template <typename Sample, int Width> void launch_decimate_at(const DecimateArgs &a, hipStream_t stream)
{
    // Only the decimating filters' widths (launch_decimate checks).
    if constexpr (Width / 2 <= kDecHalf) {
        const dim3 grid(tiles(a.w / 2, kDecCols), tiles(a.h / 2, kDecRows), 2);
        hipLaunchKernelGGL((decimate_kernel<Sample, Width>), grid, dim3(kThreads), 0, stream, a);
    }
}

// The kernel for a filter width of vif::kFilterWidth (17, 9, 5 or 3).
template <typename Launch> hipError_t by_width(int width, Launch &&launch)
{
    switch (width) {
    case 17: launch(std::integral_constant<int, 17>{}); break;
    case 9: launch(std::integral_constant<int, 9>{}); break;
    case 5: launch(std::integral_constant<int, 5>{}); break;
    case 3: launch(std::integral_constant<int, 3>{}); break;
    default: return hipErrorInvalidValue;
    }
    return hipGetLastError();
}

} // namespace

hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream)
{
    clear_error();
    return by_width(a.filter.width, [&](auto width) {
        if (a.wide)
            launch_statistic_at<uint16_t, width()>(a, stream);
        else
            launch_statistic_at<uint8_t, width()>(a, stream);
    });
}

hipError_t launch_decimate(const DecimateArgs &a, hipStream_t stream)
{
    clear_error();
    if (a.filter.width / 2 > kDecHalf) return hipErrorInvalidValue;
    return by_width(a.filter.width, [&](auto width) {
        if (a.wide)
            launch_decimate_at<uint16_t, width()>(a, stream);
        else
            launch_decimate_at<uint8_t, width()>(a, stream);
    });
}

} // namespace vmaf::hip::vif
