// cambi_hip kernels. Every step but the top-k sum is exact (integer codes,
// masks and counts; each c-value is the CPU's c_value_of on the same counts
// and tables, so the same float). The c-values count their windows from a
// shared-memory tile, a group of threads sliding the window along a run of
// a row (cambi's CPU slides its histograms down the columns instead). The top-k
// mean adds the same values as the CPU in another order (a fixed one), so
// it may differ in the last bits of a double.
#include "feature/cambi/c_values.h"
#include "feature/cambi/preprocess.h"
#include "feature/cambi/scale_filters.h"
#include "feature/cambi/spatial_mask.h"
#include "hip/cambi/cambi_kernel.h"

namespace vmaf::hip::cambi {

namespace {

using namespace vmaf::cambi;

constexpr unsigned kBlock = 256;
constexpr uint16_t kNotCounted = 0xffff; // a code no window asks for

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

__device__ long long thread_index() { return static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; }

__global__ void out_of_range_kernel(const uint16_t *luma, long long n, unsigned max,
                                    unsigned long long *result)
{
    const long long i = thread_index();
    if (i >= n || luma[i] <= max) return;
    atomicMin(result, (static_cast<unsigned long long>(i) << 16) | luma[i]);
}

template <typename Sample> __global__ void to_10bit_kernel(To10BitArgs a)
{
    const long long i = thread_index();
    if (i >= static_cast<long long>(a.w) * a.h) return;
    const int x = static_cast<int>(i % a.w), y = static_cast<int>(i / a.w);
    const auto *luma = static_cast<const Sample *>(a.luma);
    const unsigned v = luma[static_cast<long long>(a.ys[y]) * a.pw + a.xs[x]];
    a.out[i] = static_cast<uint16_t>(to_10bit_sample(v, a.bpc));
}

__global__ void undo_dithering_kernel(const uint16_t *in, int w, int h, uint16_t *out)
{
    const long long i = thread_index();
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    const uint16_t *row = in + (i - x);
    if (y + 1 < h) {
        const uint16_t *below = row + w;
        out[i] = x + 1 < w ? mean4(row[x], row[x + 1], below[x], below[x + 1])
                           : mean2(row[x], below[x]);
    } else {
        out[i] = x + 1 < w ? mean2(row[x], row[x + 1]) : row[x];
    }
}

__global__ void flat_kernel(const uint16_t *image, int w, int h, uint8_t *flat)
{
    const long long i = thread_index();
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    const uint16_t *row = image + (i - x);
    flat[i] = is_flat(row, y + 1 < h ? row + w : row, x, w) ? 1 : 0;
}

__global__ void mask_kernel(const uint8_t *flat, int w, int h, int threshold, uint16_t *mask)
{
    const long long i = thread_index();
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    constexpr int half = kMaskWindow / 2;
    const int y0 = y - half < 0 ? 0 : y - half, y1 = y + half >= h ? h - 1 : y + half;
    const int x0 = x - half < 0 ? 0 : x - half, x1 = x + half >= w ? w - 1 : x + half;
    int sum = 0;
    for (int r = y0; r <= y1; r++)
        for (int c = x0; c <= x1; c++) sum += flat[static_cast<long long>(r) * w + c];
    mask[i] = sum > threshold ? 1 : 0;
}

__global__ void halve_kernel(const uint16_t *in, int w, int h, uint16_t *out)
{
    const int hw = (w + 1) >> 1, hh = (h + 1) >> 1;
    const long long i = thread_index();
    if (i >= static_cast<long long>(hw) * hh) return;
    const int x = static_cast<int>(i % hw), y = static_cast<int>(i / hw);
    out[i] = in[static_cast<long long>(2 * y) * w + 2 * x];
}

// The horizontal mode of sample x of a row (the end samples stay).
__device__ uint16_t horizontal_mode(const uint16_t *row, int x, int w)
{
    return x == 0 || x == w - 1 ? row[x] : mode3(row[x - 1], row[x], row[x + 1]);
}

__global__ void mode_filter_kernel(const uint16_t *in, int w, int h, uint16_t *out)
{
    const long long i = thread_index();
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    if (h < 3 || y == 0 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    const uint16_t *row = in + (i - x);
    out[i] = mode3(horizontal_mode(row - w, x, w), horizontal_mode(row, x, w),
                   horizontal_mode(row + w, x, w));
}

// Counts of kCount consecutive codes from a base, 16 bits each, four to a
// register: room for the codes an output asks for (v - N .. v + N), with
// kSlack more so that the outputs after it may use them too.
template <int N> struct RangeCounts {
    static constexpr int kSlack = 7;
    static constexpr int kCount = (2 * N + 1 + kSlack + 3) / 4 * 4;
    static constexpr int kWords = kCount / 4;
    unsigned long long word[kWords];

    __device__ void clear()
    {
#pragma unroll
        for (int k = 0; k < kWords; k++) word[k] = 0;
    }
    __device__ void add(int i)
    {
        if (static_cast<unsigned>(i) >= static_cast<unsigned>(kCount)) return;
        const unsigned long long one = 1ull << ((i & 3) * 16);
#pragma unroll
        for (int k = 0; k < kWords; k++)
            if (i >> 2 == k) word[k] += one;
    }
    __device__ void take(int i)
    {
        if (static_cast<unsigned>(i) >= static_cast<unsigned>(kCount)) return;
        const unsigned long long one = 1ull << ((i & 3) * 16);
#pragma unroll
        for (int k = 0; k < kWords; k++)
            if (i >> 2 == k) word[k] -= one;
    }
    __device__ int at(int i) const
    {
        unsigned long long w = 0;
#pragma unroll
        for (int k = 0; k < kWords; k++)
            if (i >> 2 == k) w = word[k];
        return static_cast<int>((w >> ((i & 3) * 16)) & 0xffffu);
    }
};

// The sum of v over the kLanes threads of a group (consecutive threads,
// all active here): the packed counts add lane by lane, as none reaches
// 2^16.
template <int kLanes> __device__ unsigned long long group_sum(unsigned long long v)
{
#if defined(__CUDA_ARCH__)
    const unsigned lane = threadIdx.x % 32u;
    const unsigned group =
        kLanes == 32 ? 0xffffffffu : ((1u << (kLanes % 32)) - 1u) << (lane / kLanes * kLanes);
#pragma unroll
    for (int m = kLanes / 2; m > 0; m /= 2) v += __shfl_xor_sync(group, v, m, kLanes);
#else
#pragma unroll
    for (int m = kLanes / 2; m > 0; m /= 2) v += __shfl_xor(v, m, kLanes);
#endif
    return v;
}

// How a block splits its tile of outputs: runs along a row, whose window
// slides a column at a time, kLanes threads per run of kRun outputs, each
// counting every kLanes-th row of the windows; kRunsPerRow by kTileRows
// runs per block.
template <int Lanes, int Run, int RunsPerRow, int TileRows> struct Layout {
    static constexpr int kLanes = Lanes, kRun = Run, kRunsPerRow = RunsPerRow;
    static constexpr int kTileRows = TileRows, kTileCols = Run * RunsPerRow;
    static constexpr int kThreads = Lanes * RunsPerRow * TileRows;
};
// Large pictures: eight threads a run of 16 outputs. Small ones (the coarse
// scales, whose windows are as wide as at full size, 31 rows at 1080p): a
// warp a run of 8, one or two rows of each window a thread, so that the
// windows' work spreads over four times the threads (ADR 0044).
using WideLayout = Layout<8, 16, 4, 4>;
using SmallLayout = Layout<32, 8, 2, 2>;
constexpr long long kSmallPicture = 1ll << 20; // outputs

// The c-values of a tile of L::kTileCols x L::kTileRows outputs. The masked codes
// of the tile's windows (kNotCounted where not masked or outside the
// picture) go to shared memory. The lanes of a run slide their rows of its
// window along it, counting the codes from a base; where an output asks for
// codes outside the counted ones (the run's codes spread too far for one
// base), they count its whole window again from a base that suits it. The
// lanes' counts are added for each output, and one lane of the run works out
// its c-value.
// The tile's row pitch in codes: its width made an odd number of 32-bit
// words, so that the lanes of a run, each on its own row of the window at
// the same column, read from different banks (an even pitch put up to eight
// of them on one bank).
__host__ __device__ inline int tile_pitch(int width) { return (width + 1) / 4 * 4 + 2; }

template <int N, typename L> __global__ void c_values_kernel(CValueArgs a)
{
    extern __shared__ uint16_t tile[];
    const int side = 2 * a.half + 1;
    const int tw = L::kTileCols - 1 + side, th = L::kTileRows - 1 + side;
    const int pitch = tile_pitch(tw);
    const int x0 = static_cast<int>(blockIdx.x) * L::kTileCols - a.half;
    const int y0 = static_cast<int>(blockIdx.y) * L::kTileRows - a.half;
    const int thread = static_cast<int>(threadIdx.x);
    for (int k = thread; k < tw * th; k += L::kThreads) {
        const int tx = x0 + k % tw, ty = y0 + k / tw;
        uint16_t code = kNotCounted;
        if (tx >= 0 && tx < a.w && ty >= 0 && ty < a.h) {
            const long long at = static_cast<long long>(ty) * a.w + tx;
            if (a.mask[at]) code = a.image[at];
        }
        tile[k / tw * pitch + k % tw] = code;
    }
    __syncthreads();
    const int lane = thread % L::kLanes, run_id = thread / L::kLanes;
    const int row = run_id / L::kRunsPerRow;
    const int run = run_id % L::kRunsPerRow * L::kRun; // the run's first column in the tile
    const int y = y0 + a.half + row, xs = x0 + a.half + run;
    if (y >= a.h || xs >= a.w) return; // whole groups: a run's lanes share y and xs
    const int outputs = a.w - xs < L::kRun ? a.w - xs : L::kRun;
    const uint16_t *window = tile + row * pitch + run;      // the first window's top left
    const uint16_t *own = window + a.half * pitch + a.half; // the run's own codes
    float *c = a.c + static_cast<long long>(y) * a.w + xs;

    using Counts = RangeCounts<N>;
    // A base that suits the whole run where its codes spread little.
    int low = 0x7fffffff, high = -1;
    for (int i = 0; i < outputs; i++) {
        if (own[i] == kNotCounted) continue;
        low = own[i] < low ? own[i] : low;
        high = own[i] > high ? own[i] : high;
    }
    Counts counts;
    int base = 0, counted = -1; // the counts' first code, and the output they are of
    if (high >= 0 && high + N < low - N + Counts::kCount) {
        base = low - N;
        counts.clear();
        for (int r = lane; r < side; r += L::kLanes)
            for (int j = 0; j < side; j++) counts.add(window[r * pitch + j] - base);
        counted = 0;
    }
    // Output i's c-value is worked out by lane i % kLanes alone, from the
    // group's counts that lane keeps: the counting needs every lane, the
    // c-value one.
    constexpr int kMine = (L::kRun + L::kLanes - 1) / L::kLanes;
    Counts mine[kMine];
    int mine_base[kMine];
    for (int i = 0; i < outputs; i++) {
        const int v = own[i];
        if (v == kNotCounted) continue;
        if (counted < 0 || v - N < base || v + N >= base + Counts::kCount) {
            // Room for the codes of outputs a little brighter or darker.
            base = v - N - Counts::kSlack / 2;
            counts.clear();
            for (int r = lane; r < side; r += L::kLanes)
                for (int j = 0; j < side; j++) counts.add(window[r * pitch + i + j] - base);
        } else {
            for (; counted < i; counted++) {
                for (int r = lane; r < side; r += L::kLanes) {
                    counts.take(window[r * pitch + counted] - base);
                    counts.add(window[r * pitch + counted + side] - base);
                }
            }
        }
        counted = i;
        Counts total;
#pragma unroll
        for (int k = 0; k < Counts::kWords; k++) total.word[k] = group_sum<L::kLanes>(counts.word[k]);
#pragma unroll
        for (int m = 0; m < kMine; m++) {
            if (i == lane + m * L::kLanes) {
                mine[m] = total;
                mine_base[m] = base;
            }
        }
    }
#pragma unroll
    for (int m = 0; m < kMine; m++) {
        const int i = lane + m * L::kLanes;
        if (i < outputs) {
            const int v = own[i];
            const Counts &total = mine[m];
            const int b = mine_base[m];
            c[i] = v == kNotCounted ? 0.0f : c_value_of(a.tables, v, [&](int u) { return total.at(u - b); });
        }
    }
}

// Radix selection of the k-th largest value, 8 bits a pass from the top:
// non-negative floats order as their bits do.
__global__ void topk_start_kernel(int k, unsigned *histogram, unsigned *select)
{
    for (int d = 0; d < 256; d++) histogram[d] = 0;
    select[0] = 0;
    select[1] = static_cast<unsigned>(k);
}

__global__ void topk_histogram_kernel(const float *values, int n, int shift, unsigned high_mask,
                                      const unsigned *select, unsigned *histogram)
{
    __shared__ unsigned bins[256];
    for (unsigned d = threadIdx.x; d < 256; d += blockDim.x) bins[d] = 0;
    __syncthreads();
    const unsigned prefix = select[0];
    // Zeros (most samples are not masked) are counted apart: one bin would
    // serialise every thread's atomic.
    unsigned zeros = 0;
    for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += static_cast<long long>(gridDim.x) * blockDim.x) {
        const unsigned bits = bits_as<unsigned>(values[i]);
        if ((bits & high_mask) != prefix) continue;
        if (bits == 0) zeros++;
        else atomicAdd(&bins[(bits >> shift) & 0xffu], 1u);
    }
    if (zeros) atomicAdd(&bins[0], zeros);
    __syncthreads();
    for (unsigned d = threadIdx.x; d < 256; d += blockDim.x)
        if (bins[d]) atomicAdd(&histogram[d], bins[d]);
}

// The bin of the rank-th largest value, as the loop from the top bin down
// that subtracts each bin's count from the rank until a bin holds it finds
// it: the largest bin d whose count together with those above reaches the
// rank. A thread per bin, the counts from the top summed by a scan; the
// histogram left at zero for the next pass.
__global__ void topk_select_kernel(int shift, unsigned *histogram, unsigned *select)
{
    __shared__ unsigned from_top[256]; // the counts of bin d and every bin above it
    const unsigned d = threadIdx.x;
    from_top[d] = histogram[d];
    const unsigned rank = select[1];
    __syncthreads(); // every thread has read select
    histogram[d] = 0;
    for (unsigned offset = 1; offset < 256; offset *= 2) {
        const unsigned add = d + offset < 256 ? from_top[d + offset] : 0;
        __syncthreads();
        from_top[d] += add;
        __syncthreads();
    }
    const unsigned above = d < 255 ? from_top[d + 1] : 0;
    if (from_top[d] >= rank && above < rank) {
        select[0] |= d << shift;
        select[1] = rank - above;
    } else if (d == 0 && from_top[0] < rank) {
        select[1] = rank - from_top[0]; // no bin holds it (as the loop leaves it)
    }
}

__global__ void topk_sum_kernel(const float *values, int n, const unsigned *select,
                                double *partials)
{
    __shared__ double sums[kBlock];
    const unsigned kth = select[0];
    double sum = 0.0;
    for (long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; i < n;
         i += static_cast<long long>(gridDim.x) * kBlock) {
        const float v = values[i];
        if (bits_as<unsigned>(v) > kth) sum += v;
    }
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) partials[blockIdx.x] = sums[0];
}

__global__ void topk_mean_kernel(const double *partials, int k, const unsigned *select,
                                 double *result)
{
    double sum = 0.0;
    for (unsigned b = 0; b < kTopkBlocks; b++) sum += partials[b];
    // The k-th largest, as often as it is among the k largest.
    sum += static_cast<double>(select[1]) * bits_as<float>(select[0]);
    *result = sum / k;
}

template <int N, typename L> void queue_c_values_in(const CValueArgs &a, hipStream_t stream)
{
    const int side = 2 * a.half + 1;
    const size_t tile = static_cast<size_t>(tile_pitch(L::kTileCols - 1 + side)) * (L::kTileRows - 1 + side);
    const dim3 grid((a.w + L::kTileCols - 1) / L::kTileCols, (a.h + L::kTileRows - 1) / L::kTileRows);
    hipLaunchKernelGGL((c_values_kernel<N, L>), grid, dim3(L::kThreads), tile * sizeof(uint16_t),
                       stream, a);
}

template <int N> void queue_c_values(const CValueArgs &a, hipStream_t stream)
{
    if (static_cast<long long>(a.w) * a.h < kSmallPicture) queue_c_values_in<N, SmallLayout>(a, stream);
    else queue_c_values_in<N, WideLayout>(a, stream);
}

} // namespace

hipError_t launch_find_out_of_range(const uint16_t *luma, int w, int h, unsigned max,
                                    unsigned long long *result, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const long long n = static_cast<long long>(w) * h;
    hipLaunchKernelGGL(out_of_range_kernel, dim3(blocks_for(n)), dim3(kBlock), 0, stream, luma, n,
                       max, result);
    return hipGetLastError();
}

hipError_t launch_to_10bit(const To10BitArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const dim3 grid(blocks_for(static_cast<long long>(a.w) * a.h));
    if (a.wide) hipLaunchKernelGGL(to_10bit_kernel<uint16_t>, grid, dim3(kBlock), 0, stream, a);
    else hipLaunchKernelGGL(to_10bit_kernel<uint8_t>, grid, dim3(kBlock), 0, stream, a);
    return hipGetLastError();
}

hipError_t launch_undo_dithering(const uint16_t *in, int w, int h, uint16_t *out,
                                 hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(undo_dithering_kernel, dim3(blocks_for(static_cast<long long>(w) * h)),
                       dim3(kBlock), 0, stream, in, w, h, out);
    return hipGetLastError();
}

hipError_t launch_spatial_mask(const uint16_t *image, int w, int h, int threshold, uint8_t *flat,
                               uint16_t *mask, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const dim3 grid(blocks_for(static_cast<long long>(w) * h));
    hipLaunchKernelGGL(flat_kernel, grid, dim3(kBlock), 0, stream, image, w, h, flat);
    hipLaunchKernelGGL(mask_kernel, grid, dim3(kBlock), 0, stream, flat, w, h, threshold, mask);
    return hipGetLastError();
}

hipError_t launch_halve(const uint16_t *in, int w, int h, uint16_t *out, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const long long n = static_cast<long long>((w + 1) >> 1) * ((h + 1) >> 1);
    hipLaunchKernelGGL(halve_kernel, dim3(blocks_for(n)), dim3(kBlock), 0, stream, in, w, h, out);
    return hipGetLastError();
}

hipError_t launch_mode_filter(const uint16_t *in, int w, int h, uint16_t *out,
                              hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(mode_filter_kernel, dim3(blocks_for(static_cast<long long>(w) * h)),
                       dim3(kBlock), 0, stream, in, w, h, out);
    return hipGetLastError();
}

hipError_t launch_c_values(const CValueArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    switch (a.num_diffs) {
    case 1: queue_c_values<1>(a, stream); break;
    case 2: queue_c_values<2>(a, stream); break;
    case 4: queue_c_values<4>(a, stream); break;
    case 8: queue_c_values<8>(a, stream); break;
    case 16: queue_c_values<16>(a, stream); break;
    default: queue_c_values<32>(a, stream); break;
    }
    return hipGetLastError();
}

hipError_t launch_topk_mean(const TopkArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(topk_start_kernel, dim3(1), dim3(1), 0, stream, a.k, a.histogram, a.select);
    unsigned high_mask = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
        hipLaunchKernelGGL(topk_histogram_kernel, dim3(kTopkBlocks), dim3(kBlock), 0, stream,
                           a.values, a.n, shift, high_mask, a.select, a.histogram);
        hipLaunchKernelGGL(topk_select_kernel, dim3(1), dim3(256), 0, stream, shift, a.histogram,
                           a.select);
        high_mask |= 0xffu << shift;
    }
    hipLaunchKernelGGL(topk_sum_kernel, dim3(kTopkBlocks), dim3(kBlock), 0, stream, a.values,
                       a.n, a.select, a.partials);
    hipLaunchKernelGGL(topk_mean_kernel, dim3(1), dim3(1), 0, stream, a.partials, a.k, a.select,
                       a.result);
    return hipGetLastError();
}

} // namespace vmaf::hip::cambi
