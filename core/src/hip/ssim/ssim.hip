// Kernels of float_ssim_hip and float_ms_ssim_hip. Each computes what the
// CPU's loops compute, in their order: float products added to double sums
// tap by tap, rounded to float where the CPU stores floats (the build turns
// off multiply-add contraction, so each product rounds as on the CPU). Only
// the sum over window positions is grouped differently: per block, then
// over blocks, in double and in an order that depends on the picture size
// alone, so a frame gives the same result on every run.
#include <algorithm>
#include <cstddef>

#include "feature/common/edge.h"
#include "feature/common/float_sample.h"
#include "hip/ssim/ssim_kernel.h"

namespace vmaf::hip::ssim {

using vmaf::ssim::add_sums;
using vmaf::ssim::add_terms;
using vmaf::ssim::kWindowLen;
using vmaf::ssim::ssim_terms;
using vmaf::ssim::SsimSums;

namespace {

constexpr unsigned kBlock = 256;
// Enough blocks to fill any current GPU; larger planes loop in each thread.
constexpr unsigned long long kMaxBlocks = 1024;

__device__ size_t index_of(int x, int y, int w)
{
    return static_cast<size_t>(y) * static_cast<size_t>(w) + x;
}

// Sums the block's per-thread sums in shared memory, in a tree that needs no
// warp size (64 on AMD, 32 on NVIDIA); thread 0 gets the total.
__device__ SsimSums block_total(SsimSums *shared, const SsimSums &mine, unsigned t)
{
    shared[t] = mine;
    __syncthreads();
    for (unsigned half = kBlock / 2; half > 0; half /= 2) {
        if (t < half) add_sums(shared[t], shared[t + half]);
        __syncthreads();
    }
    return shared[0];
}

template <typename Sample>
__global__ void to_float_kernel(const Sample *ref, const Sample *dis, unsigned long long n,
                                float scaler, FloatPairOut out)
{
    const Sample *src = blockIdx.y == 0 ? ref : dis;
    float *dst = blockIdx.y == 0 ? out.ref : out.dis;
    const unsigned long long step = static_cast<unsigned long long>(gridDim.x) * kBlock;
    for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * kBlock + threadIdx.x;
         i < n; i += step)
        dst[i] = sample_to_float(src[i], scaler, 0.0f);
}

// Decimation: one thread per output, blocks of kDecimateW x kDecimateH
// outputs, blockIdx.z picks ref or dis.
constexpr int kDecimateW = 32, kDecimateH = 8;
static_assert(kDecimateW * kDecimateH == kBlock);
// Largest source tile a tiled decimation stages in shared memory.
constexpr size_t kMaxTileBytes = 16 * 1024;

__host__ __device__ int tile_width(int len, int factor) { return (kDecimateW - 1) * factor + len; }
__host__ __device__ int tile_height(int len, int factor)
{
    return (kDecimateH - 1) * factor + len;
}

// The tiled decimation's source samples, in dynamic shared memory.
__device__ float *decimate_tile()
{
    extern __shared__ float tile[];
    return tile;
}

// The tile's padding past the last output may lie beyond the mirror's
// reach; clamped, it reads a sample no output uses.
__device__ int tile_source(int i, int n)
{
    const int m = edge::reflect_about_edge(i, n);
    return m < 0 ? 0 : m >= n ? n - 1 : m;
}

// kTiled: the block first stages its source tile in shared memory, mirrored,
// for filters whose windows overlap (longer than the step); otherwise each
// source sample serves one output and is read where it lies.
template <bool kTiled>
__global__ void decimate_kernel(FloatPair src, int w, int h, Taps2d taps, int factor,
                                FloatPairOut dst, int dst_w, int dst_h)
{
    const float *in = blockIdx.z == 0 ? src.ref : src.dis;
    float *out = blockIdx.z == 0 ? dst.ref : dst.dis;
    const int len = taps.len, half = len / 2;
    const float *k = taps.taps;
    const int x0 = blockIdx.x * kDecimateW, y0 = blockIdx.y * kDecimateH;
    const int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    if constexpr (kTiled) {
        const int t = threadIdx.y * kDecimateW + threadIdx.x;
        float *tile = decimate_tile();
        const int tw = tile_width(len, factor), th = tile_height(len, factor);
        const int sx = x0 * factor - half, sy = y0 * factor - half;
        for (int i = t; i < tw * th; i += kBlock)
            tile[i] = in[index_of(tile_source(sx + i % tw, w), tile_source(sy + i / tw, h), w)];
        __syncthreads();
    }
    if (x >= dst_w || y >= dst_h) return;

    // Row by row, left to right: the CPU's order of the kernel's taps.
    double acc = 0.0;
    for (int v = 0; v < len; v++) {
        if constexpr (kTiled) {
            const float *row = decimate_tile() + index_of(threadIdx.x * factor,
                                                          threadIdx.y * factor + v,
                                                          tile_width(len, factor));
            for (int u = 0; u < len; u++) acc += row[u] * k[v * len + u];
        } else {
            const int source_y = edge::reflect_about_edge(y * factor + v - half, h);
            const float *row = in + index_of(0, source_y, w);
            for (int u = 0; u < len; u++)
                acc += row[edge::reflect_about_edge(x * factor + u - half, w)] * k[v * len + u];
        }
    }
    out[index_of(x, y, dst_w)] = static_cast<float>(acc);
}

// SSIM: a block covers kSsimW x kSsimH window positions with kSsimW x
// kSsimThreadsY threads, each thread kSsimH / kSsimThreadsY rows of them.
constexpr int kSsimW = 32, kSsimH = 16, kSsimThreadsY = 8;
static_assert(kSsimW * kSsimThreadsY == kBlock && kSsimH % kSsimThreadsY == 0);
constexpr int kHalo = kWindowLen - 1;
constexpr int kInW = kSsimW + kHalo, kInH = kSsimH + kHalo;
// The five blurred planes: ref, dis, ref^2, dis^2, ref*dis.
enum Blurred { kMuRef, kMuDis, kRefSq, kDisSq, kBoth, kBlurredPlanes };

int ssim_grid_w(int w) { return (w - kHalo + kSsimW - 1) / kSsimW; }
int ssim_grid_h(int h) { return (h - kHalo + kSsimH - 1) / kSsimH; }

__global__ void ssim_kernel(FloatPair src, int w, int h, SsimWindow window, SsimSums *partials)
{
    __shared__ float in_ref[kInH][kInW], in_dis[kInH][kInW];
    // The horizontal pass over the tile's rows, rounded to float as the CPU
    // stores it.
    __shared__ float rows[kBlurredPlanes][kInH][kSsimW];
    __shared__ SsimSums sums_of_threads[kBlock];
    const int t = threadIdx.y * kSsimW + threadIdx.x;
    const int x0 = blockIdx.x * kSsimW, y0 = blockIdx.y * kSsimH;
    const int dst_w = w - kHalo, dst_h = h - kHalo;

    // Samples past the picture only feed positions past the valid region.
    for (int i = t; i < kInH * kInW; i += kBlock) {
        const int tx = i % kInW, ty = i / kInW, x = x0 + tx, y = y0 + ty;
        const bool inside = x < w && y < h;
        in_ref[ty][tx] = inside ? src.ref[index_of(x, y, w)] : 0.0f;
        in_dis[ty][tx] = inside ? src.dis[index_of(x, y, w)] : 0.0f;
    }
    __syncthreads();

    for (int i = t; i < kInH * kSsimW; i += kBlock) {
        const int tx = i % kSsimW, ty = i / kSsimW;
        double acc[kBlurredPlanes] = {};
#pragma unroll
        for (int u = 0; u < kWindowLen; u++) {
            const float r = in_ref[ty][tx + u], d = in_dis[ty][tx + u], k = window.taps[u];
            // The CPU blurs the planes of r * r, d * d and r * d: the same
            // float products, then times the tap.
            const float r_sq = r * r, d_sq = d * d, both = r * d;
            acc[kMuRef] += r * k;
            acc[kMuDis] += d * k;
            acc[kRefSq] += r_sq * k;
            acc[kDisSq] += d_sq * k;
            acc[kBoth] += both * k;
        }
#pragma unroll
        for (int b = 0; b < kBlurredPlanes; b++) rows[b][ty][tx] = static_cast<float>(acc[b]);
    }
    __syncthreads();

    SsimSums sums{};
    for (int ty = threadIdx.y; ty < kSsimH; ty += kSsimThreadsY) {
        if (x0 + static_cast<int>(threadIdx.x) >= dst_w || y0 + ty >= dst_h) continue;
        float blurred[kBlurredPlanes];
#pragma unroll
        for (int b = 0; b < kBlurredPlanes; b++) {
            double acc = 0.0;
#pragma unroll
            for (int v = 0; v < kWindowLen; v++)
                acc += rows[b][ty + v][threadIdx.x] * window.taps[v];
            blurred[b] = static_cast<float>(acc);
        }
        add_terms(sums, ssim_terms(blurred[kMuRef], blurred[kMuDis], blurred[kRefSq],
                                   blurred[kDisSq], blurred[kBoth], window.k));
    }
    const SsimSums total = block_total(sums_of_threads, sums, t);
    if (t == 0) partials[blockIdx.y * gridDim.x + blockIdx.x] = total;
}

// One block per run; thread i adds partials i, i + kBlock, ... in turn.
__global__ void sum_partials_kernel(const SsimSums *partials, PartialRuns runs, SsimSums *sums)
{
    __shared__ SsimSums sums_of_threads[kBlock];
    const unsigned r = blockIdx.x;
    const SsimSums *run = partials + runs.first[r];
    SsimSums mine{};
    for (unsigned i = threadIdx.x; i < runs.count[r]; i += kBlock) add_sums(mine, run[i]);
    const SsimSums total = block_total(sums_of_threads, mine, threadIdx.x);
    if (threadIdx.x == 0) sums[r] = total;
}

// hipGetLastError also returns failures of earlier calls, which were checked
// and reported when they happened: clear them so that the status a launcher
// returns is its launch's.
void clear_last_error() { static_cast<void>(hipGetLastError()); }

} // namespace

hipError_t launch_to_float(const void *ref, const void *dis, unsigned long long samples,
                           unsigned sample_bytes, float scaler, FloatPairOut out,
                           hipStream_t stream)
{
    const unsigned blocks =
        static_cast<unsigned>(std::min((samples + kBlock - 1) / kBlock, kMaxBlocks));
    const dim3 grid(blocks, 2), block(kBlock);
    clear_last_error();
    if (sample_bytes == 2)
        hipLaunchKernelGGL(to_float_kernel<unsigned short>, grid, block, 0, stream,
                           static_cast<const unsigned short *>(ref),
                           static_cast<const unsigned short *>(dis), samples, scaler, out);
    else
        hipLaunchKernelGGL(to_float_kernel<unsigned char>, grid, block, 0, stream,
                           static_cast<const unsigned char *>(ref),
                           static_cast<const unsigned char *>(dis), samples, scaler, out);
    return hipGetLastError();
}

hipError_t launch_decimate(FloatPair src, int w, int h, const Taps2d &taps, int factor,
                           FloatPairOut dst, int dst_w, int dst_h, hipStream_t stream)
{
    const dim3 grid((dst_w + kDecimateW - 1) / kDecimateW, (dst_h + kDecimateH - 1) / kDecimateH,
                    2);
    const dim3 block(kDecimateW, kDecimateH);
    const size_t tile_bytes = static_cast<size_t>(tile_width(taps.len, factor)) *
                              static_cast<size_t>(tile_height(taps.len, factor)) * sizeof(float);
    clear_last_error();
    if (taps.len > factor && tile_bytes <= kMaxTileBytes)
        hipLaunchKernelGGL(decimate_kernel<true>, grid, block, tile_bytes, stream, src, w, h, taps,
                           factor, dst, dst_w, dst_h);
    else
        hipLaunchKernelGGL(decimate_kernel<false>, grid, block, 0, stream, src, w, h, taps,
                           factor, dst, dst_w, dst_h);
    return hipGetLastError();
}

unsigned ssim_blocks(int w, int h)
{
    return static_cast<unsigned>(ssim_grid_w(w) * ssim_grid_h(h));
}

hipError_t launch_ssim(FloatPair src, int w, int h, const SsimWindow &window,
                       SsimSums *partials, hipStream_t stream)
{
    const dim3 grid(ssim_grid_w(w), ssim_grid_h(h)), block(kSsimW, kSsimThreadsY);
    clear_last_error();
    hipLaunchKernelGGL(ssim_kernel, grid, block, 0, stream, src, w, h, window, partials);
    return hipGetLastError();
}

hipError_t launch_sum_partials(const SsimSums *partials, const PartialRuns &runs,
                               unsigned run_count, SsimSums *sums, hipStream_t stream)
{
    clear_last_error();
    hipLaunchKernelGGL(sum_partials_kernel, dim3(run_count), dim3(kBlock), 0, stream, partials,
                       runs, sums);
    return hipGetLastError();
}

} // namespace vmaf::hip::ssim
