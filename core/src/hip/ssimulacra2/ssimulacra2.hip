// ssimulacra2_hip kernels. Every step repeats the CPU's arithmetic on one
// sample, row or column: the conversion's integers (rgb_from_yuv), XYB and
// the blur in float with explicit fmaf (the file is built without
// contraction), the maps' terms in double added in the CPU's lanes and
// order: the rows' sums are the CPU's bit for bit, and the host adds the
// rows (ssimulacra2::norms_of) as the CPU does.
#include "feature/ssimulacra2/ssimulacra2_math.h"
#include "hip/ssimulacra2/ssimulacra2_kernel.h"

namespace vmaf::hip::ssimulacra2 {

using namespace vmaf::ssimulacra2;

namespace {

constexpr int kBlock = 256;
constexpr int kBlurred = 15; // five images (x1^2, x2^2, x1 x2, x1, x2) of three channels

// Chroma rows through the horizontal taps (swscale's hScale to 15 bits).
template <typename T> __global__ void chroma_rows_kernel(ConversionArgs a)
{
    const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int y = static_cast<int>(blockIdx.y);
    const int k = static_cast<int>(blockIdx.z); // ref U, ref V, dis U, dis V
    if (x >= a.w) return;
    const T *row = static_cast<const T *>(k < 2 ? a.ref[1 + k] : a.dis[k - 1]) +
                   static_cast<size_t>(y) * static_cast<size_t>(a.chroma_w);
    a.chroma[(static_cast<size_t>(k) * a.chroma_h + y) * a.w + x] =
        chroma_intermediate(row, a.across_first[x], a.across_coef + static_cast<size_t>(x) * a.across_size,
                            a.across_size, intermediate_shift(sizeof(T), a.depth));
}

// Each pixel through the vertical taps and the matrix to 8-bit R'G'B', then
// to linear light (rgb_from_yuv's output stage).
template <typename T> __global__ void linear_kernel(ConversionArgs a)
{
    const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int y = static_cast<int>(blockIdx.y);
    const int side = static_cast<int>(blockIdx.z);
    if (x >= a.w) return;
    const T *luma = static_cast<const T *>(side ? a.dis[0] : a.ref[0]);
    const size_t n = static_cast<size_t>(a.w) * static_cast<size_t>(a.h);
    const size_t plane = static_cast<size_t>(a.chroma_h) * static_cast<size_t>(a.w);
    const int16_t *u0 = a.chroma + (2 * side) * plane + static_cast<size_t>(a.down_first[y]) * a.w + x;
    const int16_t *v0 = u0 + plane;
    const int16_t *taps = a.down_coef + static_cast<size_t>(y) * static_cast<size_t>(a.down_size);
    const VerticalStage stage = vertical_stage(taps, a.down_size);
    const size_t at = static_cast<size_t>(y) * a.w + x;
    uint8_t rgb[3];
    rgb_from_intermediate(a.matrix, luma_output(luma[at], intermediate_shift(sizeof(T), a.depth)),
                          chroma_output(stage, taps, a.down_size, u0, static_cast<size_t>(a.w)),
                          chroma_output(stage, taps, a.down_size, v0, static_cast<size_t>(a.w)), rgb);
    for (int c = 0; c < 3; c++) a.linear[(3 * side + c) * n + at] = a.linear_of_code[rgb[c]];
}

__global__ void downsample_kernel(const float *in, int w, int h, float *out)
{
    const int ow = (w + 1) / 2, oh = (h + 1) / 2;
    const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int y = static_cast<int>(blockIdx.y);
    const int p = static_cast<int>(blockIdx.z);
    if (x >= ow) return;
    const float *plane = in + static_cast<size_t>(p) * w * h;
    float sum = 0.0f;
    for (int iy = 0; iy < 2; iy++)
        for (int ix = 0; ix < 2; ix++)
            sum += plane[static_cast<size_t>(min(2 * y + iy, h - 1)) * w + min(2 * x + ix, w - 1)];
    out[static_cast<size_t>(p) * ow * oh + static_cast<size_t>(y) * ow + x] = sum * 0.25f;
}

__global__ void xyb_kernel(ScaleArgs a)
{
    const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int y = static_cast<int>(blockIdx.y);
    const int side = static_cast<int>(blockIdx.z);
    if (x >= a.w) return;
    const size_t n = static_cast<size_t>(a.w) * a.h, at = static_cast<size_t>(y) * a.w + x;
    const float *lin = a.linear + 3 * side * n;
    float *out = a.xyb + 3 * side * n;
    xyb_from_linear(a.opsin, lin[at], lin[n + at], lin[2 * n + at], out[at], out[n + at], out[2 * n + at]);
}

// Rows of one blurred plane, kRowsPerBlock to a block, a thread a row:
// tiles of kTile columns (and the blur's reach either side) go through
// shared memory, each thread advances its row's recursion over the tile,
// and the outputs go back a tile at a time, so that every global access is
// a row's consecutive samples: a warp's load is 32 of them, and so is a
// store. Every load of a tile is unconditional (a clamped address, the
// value masked after) so that the tile's loads are issued together: a
// load under a branch waits for the one before, and such loads made the
// blur wait on memory once a sample. A block is one warp; the other blocks
// on the multiprocessor run while it waits.
constexpr int kRowsPerBlock = 32;
constexpr int kTile = 32;
constexpr int kReach = 8; // at least radius + 2, a multiple of 4
constexpr int kTileIn = kTile + 2 * kReach;
constexpr int kLoadRows = 16; // rows whose loads are in flight at once
static_assert(kRowsPerBlock == kTile && kTile == 32, "a thread a row, a column of the tile and a lane");

// The planes a blurred image is made of: x1^2 = x1 x1, x2^2, x1 x2, or x1
// or x2 alone. One code path for all five (a kernel of five copies waited
// on its instruction fetches).
struct BlurSource {
    const float *a, *b; // b == a for a square; b unused for a plane alone
    bool product;
};

__device__ BlurSource blur_source(const ScaleArgs &a, int q)
{
    const size_t n = static_cast<size_t>(a.w) * a.h;
    const int c = q % 3, image = q / 3;
    const float *x1 = a.xyb + c * n, *x2 = a.xyb + (3 + c) * n;
    switch (image) {
    case 0: return {x1, x1, true};
    case 1: return {x2, x2, true};
    case 2: return {x1, x2, true};
    case 3: return {x1, x1, false};
    default: return {x2, x2, false};
    }
}

// The input tile at column c0 into tile: thread t takes columns t and
// kTile + t (for t < 2 kReach) of every row, the rows kLoadRows at a time,
// so that each load of the warp is a row's 32 consecutive samples.
__device__ void load_row_tile(const ScaleArgs &a, const BlurSource &src, int y0, int rows, int c0,
                              int t, float (&tile)[kRowsPerBlock][kTileIn + 1])
{
    const int xa = c0 - kReach + t, xb = xa + kTile;
    const bool in_a = xa >= 0 && xa < a.w, in_b = t < 2 * kReach && xb >= 0 && xb < a.w;
    const int ca = min(max(xa, 0), a.w - 1), cb = min(max(xb, 0), a.w - 1);
#pragma unroll
    for (int r0 = 0; r0 < kRowsPerBlock; r0 += kLoadRows) {
        float a1[kLoadRows], a2[kLoadRows], b1[kLoadRows], b2[kLoadRows];
#pragma unroll
        for (int k = 0; k < kLoadRows; k++) {
            const size_t row = static_cast<size_t>(y0 + min(r0 + k, rows - 1)) * a.w;
            a1[k] = src.a[row + ca];
            a2[k] = src.b[row + ca];
            b1[k] = src.a[row + cb];
            b2[k] = src.b[row + cb];
        }
#pragma unroll
        for (int k = 0; k < kLoadRows; k++) {
            const bool row_in = r0 + k < rows;
            const float va = src.product ? a1[k] * a2[k] : a1[k];
            const float vb = src.product ? b1[k] * b2[k] : b1[k];
            tile[r0 + k][t] = row_in && in_a ? va : 0.0f;
            if (t < 2 * kReach) tile[r0 + k][kTile + t] = row_in && in_b ? vb : 0.0f;
        }
    }
}

// Blurred plane q: x1^2, x2^2, x1 x2, x1, x2 (q / 3) of channel q % 3.
__global__ void blur_rows_kernel(ScaleArgs a)
{
    __shared__ float in_tile[kRowsPerBlock][kTileIn + 1];
    __shared__ float out_tile[kRowsPerBlock][kTile + 1];
    const int q = static_cast<int>(blockIdx.y);
    const BlurSource src = blur_source(a, q);
    const int y0 = static_cast<int>(blockIdx.x) * kRowsPerBlock;
    const int rows = min(kRowsPerBlock, a.h - y0);
    const int t = static_cast<int>(threadIdx.x);
    const size_t plane = static_cast<size_t>(q) * a.w * a.h;
    RowBlur blur(a.gauss, a.w);
    for (int c0 = 0; c0 < a.w; c0 += kTile) {
        // The last tile's recursion finished reading in_tile before the
        // barrier that ended it.
        load_row_tile(a, src, y0, rows, c0, t, in_tile);
        __syncthreads();
        if (t < rows)
            blur.advance(
                a.gauss, [&](int x) { return in_tile[t][x - c0 + kReach]; },
                [&](int x, float v) { out_tile[t][x - c0] = v; }, min(c0 + kTile, a.w));
        __syncthreads();
        // out_tile is written again only after the next tile's barrier.
        if (c0 + t < a.w)
            for (int r = 0; r < rows; r++) a.tmp[plane + static_cast<size_t>(y0 + r) * a.w + c0 + t] = out_tile[r][t];
    }
}

// A thread a column of one blurred plane, its inputs read kAhead rows at a
// time (column_sum's reads under no branch, so that they are issued
// together), the next group's loads issued before this group's recursion.
constexpr int kAhead = 32;

__global__ void blur_columns_kernel(ScaleArgs a)
{
    const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (t >= a.w * kBlurred) return;
    const int q = t / a.w, x = t % a.w;
    const size_t n = static_cast<size_t>(a.w) * a.h;
    const float *in = a.tmp + q * n + x;
    float *out = a.blurred + q * n + x;
    auto row = [&](int y) { return in[static_cast<size_t>(y) * a.w]; };
    auto load = [&](int r0, float (&sum)[kAhead]) {
#pragma unroll
        for (int k = 0; k < kAhead; k++) {
            const float s = column_sum(a.gauss, row, min(r0 + k, a.h - 1), a.h);
            sum[k] = r0 + k < a.h ? s : 0.0f;
        }
    };
    float y1[3] = {0, 0, 0}, y2[3] = {0, 0, 0};
    float sum[kAhead], next[kAhead];
    load(-a.gauss.radius + 1, next);
    for (int r0 = -a.gauss.radius + 1; r0 < a.h; r0 += kAhead) {
#pragma unroll
        for (int k = 0; k < kAhead; k++) sum[k] = next[k];
        if (r0 + kAhead < a.h) load(r0 + kAhead, next);
#pragma unroll
        for (int k = 0; k < kAhead; k++) {
            const int r = r0 + k;
            if (r >= a.h) break;
            const float v = column_step(a.gauss, sum[k], y1, y2);
            if (r >= 0) out[static_cast<size_t>(r) * a.w] = v;
        }
    }
}

// kSumLanes threads a row and channel: each adds the samples x = lane,
// lane + 32, ... in order, then the group's first thread joins the lanes in
// order.
constexpr int kGroups = kBlock / kSumLanes;

__global__ void row_sums_kernel(ScaleArgs a)
{
    __shared__ LaneSums lanes[kGroups][kSumLanes];
    const int group = static_cast<int>(threadIdx.x) / kSumLanes, lane = static_cast<int>(threadIdx.x) % kSumLanes;
    const int task = static_cast<int>(blockIdx.x) * kGroups + group;
    const int y = min(task, a.h * 3 - 1) / 3, c = task % 3;
    const size_t n = static_cast<size_t>(a.w) * a.h, row = static_cast<size_t>(y) * a.w;
    // Blurred planes: x1^2, x2^2, x1 x2, x1, x2, three channels each.
    const float *s11 = a.blurred + c * n + row, *s22 = a.blurred + (3 + c) * n + row;
    const float *s12 = a.blurred + (6 + c) * n + row, *m1 = a.blurred + (9 + c) * n + row;
    const float *m2 = a.blurred + (12 + c) * n + row;
    const float *i1 = a.xyb + c * n + row, *i2 = a.xyb + (3 + c) * n + row;
    LaneSums s = {};
    if (task < a.h * 3)
        for (int x = lane; x < a.w; x += kSumLanes)
            add_terms(s, ssim_error(m1[x], m2[x], s11[x], s22[x], s12[x]), edge_ratio(i1[x], m1[x], i2[x], m2[x]));
    lanes[group][lane] = s;
    __syncthreads();
    if (lane == 0 && task < a.h * 3) join_lanes(lanes[group], c, a.row_sums + static_cast<size_t>(y) * kRowSums);
}

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

} // namespace

hipError_t launch_linear(const ConversionArgs &a, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const dim3 rows(blocks_for(a.w), static_cast<unsigned>(a.chroma_h), 4);
    const dim3 pixels(blocks_for(a.w), static_cast<unsigned>(a.h), 2);
    if (a.sample_bytes == 2) {
        hipLaunchKernelGGL(chroma_rows_kernel<uint16_t>, rows, dim3(kBlock), 0, stream, a);
        hipLaunchKernelGGL(linear_kernel<uint16_t>, pixels, dim3(kBlock), 0, stream, a);
    } else {
        hipLaunchKernelGGL(chroma_rows_kernel<uint8_t>, rows, dim3(kBlock), 0, stream, a);
        hipLaunchKernelGGL(linear_kernel<uint8_t>, pixels, dim3(kBlock), 0, stream, a);
    }
    return hipGetLastError();
}

hipError_t launch_downsample(const float *in, int w, int h, float *out, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const dim3 grid(blocks_for((w + 1) / 2), static_cast<unsigned>((h + 1) / 2), 6);
    hipLaunchKernelGGL(downsample_kernel, grid, dim3(kBlock), 0, stream, in, w, h, out);
    return hipGetLastError();
}

hipError_t launch_scale(const ScaleArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(xyb_kernel, dim3(blocks_for(a.w), static_cast<unsigned>(a.h), 2), dim3(kBlock), 0, stream,
                       a);
    hipLaunchKernelGGL(blur_rows_kernel,
                       dim3(static_cast<unsigned>((a.h + kRowsPerBlock - 1) / kRowsPerBlock), kBlurred),
                       dim3(kRowsPerBlock), 0, stream, a);
    hipLaunchKernelGGL(blur_columns_kernel, dim3(blocks_for(static_cast<long long>(a.w) * kBlurred)), dim3(kBlock),
                       0, stream, a);
    hipLaunchKernelGGL(row_sums_kernel, dim3(blocks_for(static_cast<long long>(a.h) * 3 * kSumLanes)), dim3(kBlock),
                       0, stream, a);
    return hipGetLastError();
}

} // namespace vmaf::hip::ssimulacra2
