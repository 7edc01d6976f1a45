// cambi_hip kernels. Every step but the top-k sum is exact (integer codes,
// masks and counts; each c-value is the CPU's c_value_of on the same counts
// and tables, so the same float). The c-values count their windows from the
// band's codes in a shared-memory tile, a group of threads
// sliding the window along a run of a row, each thread with its own counts
// in shared memory (cambi's CPU slides its histograms down the columns
// instead). The top-k
// mean adds the same values as the CPU in another order (a fixed one), so
// it may differ in the last bits of a double.
#include "feature/cambi/c_values.h"
#include "feature/cambi/preprocess.h"
#include "feature/cambi/reciprocal_table.h"
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

__global__ void band_codes_kernel(BandCodesArgs a)
{
    const int pw = a.w + 2 * a.half, ph = a.h + 2 * a.half;
    const long long i = thread_index();
    if (i >= static_cast<long long>(pw) * ph) return;
    const int x = static_cast<int>(i % pw) - a.half, y = static_cast<int>(i / pw) - a.half;
    uint16_t code = kNotCounted;
    if (x >= 0 && x < a.w && y >= 0 && y < a.h) {
        const long long at = static_cast<long long>(y) * a.w + x;
        const int u = a.image[at] - a.band_low;
        if (a.mask[at] && u >= 0 && u < a.band_count) code = a.image[at];
    }
    a.codes[i] = code;
}

// The lanes of a run (kLanes consecutive threads of a warp) wait for each
// other and see each other's shared-memory writes.
template <int kLanes> __device__ void group_sync()
{
#if defined(__CUDA_ARCH__)
    const unsigned lane = threadIdx.x % 32u;
    const unsigned group =
        kLanes == 32 ? 0xffffffffu : ((1u << (kLanes % 32)) - 1u) << (lane / kLanes * kLanes);
    __syncwarp(group);
#elif defined(__HIP_DEVICE_COMPILE__)
    // A wavefront runs in lockstep: only the order of its memory operations
    // needs a fence.
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#endif
}

// How a block splits its tile of outputs: runs along a row, whose window
// slides a column at a time, kLanes threads per run of kRun outputs, each
// counting every kLanes-th row of the windows; kRunsPerRow by kTileRows
// runs per block.
template <int Lanes, int Run, int RunsPerRow, int TileRows> struct Layout {
    static constexpr int kLanes = Lanes, kRun = Run, kRunsPerRow = RunsPerRow;
    static constexpr int kTileRows = TileRows, kTileCols = Run * RunsPerRow;
    static constexpr int kThreads = Lanes * RunsPerRow * TileRows;
    static constexpr int kRuns = RunsPerRow * TileRows;
};
// Large pictures (a quarter million outputs or more): eight threads a run
// of 32 outputs. Small ones (the coarse scales, whose windows are as wide as
// at full size, 33 rows at 1080p): a warp a run of 8, one or two rows of
// each window a thread, so that the windows' work spreads over more threads
// (ADRs 0045, 0046).
using WideLayout = Layout<8, 32, 2, 8>;
using SmallLayout = Layout<32, 8, 2, 2>;
constexpr long long kSmallPicture = 1ll << 18; // outputs

// An output asks for 2 N + 1 codes (v - N .. v + N); each thread counts
// kCount codes from its run's base, kSlack more, so that the outputs after
// it may use the same base (8-bit video's codes step by 4 at 10 bits).
template <int N> struct CountRange {
    static constexpr int kAsked = 2 * N + 1;
    static constexpr int kSlack = 23;
    static constexpr int kCount = kAsked + kSlack;
};

// The kernel's shared memory: the asked counts of each run (32-bit), every
// thread's counts (16-bit, a code's counts kStride apart: an odd number of
// 32-bit words, so that the lanes adding up one code's counts of a run
// read from different banks), then the tile of codes.
template <int N, typename L> struct CValueShared {
    using R = CountRange<N>;
    static constexpr int kStride = L::kThreads + 2;
    static constexpr size_t kAskedBytes = size_t{L::kRuns} * R::kAsked * sizeof(uint32_t);
    static constexpr size_t kCountBytes = size_t{R::kCount} * kStride * sizeof(uint16_t);
    static constexpr size_t kFixedBytes = kAskedBytes + kCountBytes;
};

// The tile's row pitch in codes: its width made an odd number of 32-bit
// words, so that the lanes of a run, each on its own row of the window at
// the same column, read from different banks.
__host__ __device__ constexpr int tile_pitch(int width) { return (width + 1) / 4 * 4 + 2; }

// The c-values of a tile of L::kTileCols x L::kTileRows outputs, from the
// band's codes of the padded plane, copied to shared memory. The lanes of a
// run slide their rows of the window along it, each counting in its own
// counts the codes from the run's base; where an output asks for codes
// outside them (the run's codes spread too far for one base) they count its
// whole window again from a base that suits it. For each output that tests
// a step, the lanes add up their counts of the codes it asks for, and one
// lane works out its c-value.
template <int N, typename L> __global__ void c_values_kernel(CValueArgs a)
{
    using R = CountRange<N>;
    using Shared = CValueShared<N, L>;
    extern __shared__ uint32_t shared[];
    uint32_t *asked_counts = shared;
    uint16_t *counts = reinterpret_cast<uint16_t *>(shared + L::kRuns * R::kAsked);
    uint16_t *tile = counts + R::kCount * Shared::kStride;

    const int side = 2 * a.half + 1, pw = a.w + 2 * a.half, ph = a.h + 2 * a.half;
    const int tw = L::kTileCols - 1 + side, th = L::kTileRows - 1 + side;
    const int pitch = tile_pitch(tw);
    // Output (x, y)'s window starts at (x, y) in the padded plane.
    const int x0 = static_cast<int>(blockIdx.x) * L::kTileCols;
    const int y0 = static_cast<int>(blockIdx.y) * L::kTileRows;
    const int thread = static_cast<int>(threadIdx.x);
    for (int k = thread; k < tw * th; k += L::kThreads) {
        const int tx = x0 + k % tw, ty = y0 + k / tw;
        tile[k / tw * pitch + k % tw] =
            tx < pw && ty < ph ? a.codes[static_cast<long long>(ty) * pw + tx] : kNotCounted;
    }
    __syncthreads();
    const int lane = thread % L::kLanes, run_id = thread / L::kLanes;
    const int row = run_id / L::kRunsPerRow;
    const int run = run_id % L::kRunsPerRow * L::kRun; // the run's first column in the tile
    const int y = y0 + row, xs = x0 + run;
    if (y >= a.h || xs >= a.w) return; // whole groups: a run's lanes share y and xs
    const int outputs = a.w - xs < L::kRun ? a.w - xs : L::kRun;
    const uint16_t *window = tile + row * pitch + run;      // the first window's top left
    const uint16_t *own = window + a.half * pitch + a.half; // the run's own codes
    float *c = a.c + static_cast<long long>(y) * a.w + xs;

    // The outputs whose c-value can be non-zero (a counted code that tests
    // a step); the others are 0 without counts and move no base.
    static_assert(L::kRun <= 32, "one bit an output");
    unsigned wanted = 0;
    int low = 0x7fffffff, high = -1;
    for (int i = 0; i < outputs; i++) {
        if (own[i] == kNotCounted || !a.tables.steps[own[i] - a.tables.band_low]) continue;
        wanted |= 1u << i;
        low = own[i] < low ? own[i] : low;
        high = own[i] > high ? own[i] : high;
    }
    for (int i = lane; i < outputs; i += L::kLanes)
        if (!(wanted >> i & 1u)) c[i] = 0.0f;

    uint16_t *mine = counts + thread; // the count of code base + k is mine[k * kStride]
    const auto add = [&](int k) {
        if (static_cast<unsigned>(k) < static_cast<unsigned>(R::kCount)) mine[k * Shared::kStride]++;
    };
    const auto take = [&](int k) {
        if (static_cast<unsigned>(k) < static_cast<unsigned>(R::kCount)) mine[k * Shared::kStride]--;
    };
    int base = 0;
    const auto count_window = [&](int at) {
        for (int k = 0; k < R::kCount; k++) mine[k * Shared::kStride] = 0;
        for (int r = lane; r < side; r += L::kLanes)
            for (int j = 0; j < side; j++) add(window[r * pitch + at + j] - base);
    };
    // One base for the whole run where its codes spread little.
    int counted = -1; // the output the counts are of
    if (wanted && high + N < low - N + R::kCount) {
        base = low - N;
        counted = lowest_bit(wanted);
        count_window(counted);
    }
    uint32_t *asked = asked_counts + run_id * R::kAsked;
    const uint16_t *run_counts = counts + (thread - lane);
    for (; wanted; wanted &= wanted - 1) {
        const int i = lowest_bit(wanted);
        const int v = own[i];
        if (counted < 0 || v - N < base || v + N >= base + R::kCount) {
            // Room for the codes of outputs a little brighter or darker.
            base = v - N - R::kSlack / 2;
            count_window(i);
        } else {
            for (; counted < i; counted++) {
                for (int r = lane; r < side; r += L::kLanes) {
                    take(window[r * pitch + counted] - base);
                    add(window[r * pitch + counted + side] - base);
                }
            }
        }
        counted = i;
        group_sync<L::kLanes>();
        for (int k = lane; k < R::kAsked; k += L::kLanes) {
            const uint16_t *at = run_counts + (v - N - base + k) * Shared::kStride;
            uint32_t sum = 0;
#pragma unroll
            for (int l = 0; l < L::kLanes; l++) sum += at[l];
            asked[k] = sum;
        }
        group_sync<L::kLanes>();
        if (lane == i % L::kLanes)
            c[i] = c_value_of(a.tables, v, [&](int u) { return static_cast<int>(asked[u - (v - N)]); });
    }
}

// The top-k mean (launch_topk_mean): radix selection of the k-th largest
// value, 8 bits a pass from the top (non-negative floats order as their
// bits do), each pass's last block to finish choosing the bin.

// Whether this block is the last of its launch to get here; every write
// of the launch before it is then visible to the block.
__device__ bool last_block(unsigned *arrived)
{
    __shared__ bool last;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) last = atomicAdd(arrived, 1u) == gridDim.x - 1;
    __syncthreads();
    return last;
}

// Adds the block's bins to the histogram. Zeros (most samples are not
// masked) are counted apart and added to bin 0 once: one bin would
// serialise every thread's atomic.
__device__ void add_bins(unsigned *bins, unsigned zeros, unsigned *histogram)
{
    if (zeros) atomicAdd(&bins[0], zeros);
    __syncthreads();
    for (unsigned d = threadIdx.x; d < 256; d += kBlock)
        if (bins[d]) atomicAdd(&histogram[d], bins[d]);
}

// Run by the last block (kBlock threads, one a bin): the bin of the
// rank-th largest value, as the loop from the top bin down that subtracts
// each bin's count from the rank until a bin holds it finds it: the
// largest bin d whose count together with those above reaches the rank.
// The counts from the top are summed by a scan; the histogram is left at 0.
__device__ void select_bin(int shift, unsigned prefix, unsigned rank, unsigned *histogram,
                           TopkState *state)
{
    static_assert(kBlock == 256, "a thread a bin");
    __shared__ unsigned from_top[256]; // the counts of bin d and every bin above it
    const unsigned d = threadIdx.x;
    volatile unsigned *bins = histogram;
    from_top[d] = bins[d];
    bins[d] = 0;
    __syncthreads();
    for (unsigned offset = 1; offset < 256; offset *= 2) {
        const unsigned add = d + offset < 256 ? from_top[d + offset] : 0;
        __syncthreads();
        from_top[d] += add;
        __syncthreads();
    }
    const unsigned above = d < 255 ? from_top[d + 1] : 0;
    if (from_top[d] >= rank && above < rank) {
        state->prefix = prefix | d << shift;
        state->rank = rank - above;
    } else if (d == 0 && from_top[0] < rank) {
        state->prefix = prefix; // no bin holds it (as the loop leaves it)
        state->rank = rank - from_top[0];
    }
}

// The sum of a block's per-thread sums, in a fixed tree.
__device__ double block_sum(double *sums, double sum)
{
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
        __syncthreads();
    }
    return sums[0];
}

// Run by thread 0 of the last block: the mean of the partial sums in
// block order and `copies` copies of the k-th largest.
__device__ void write_mean(const double *partials, unsigned copies, float kth, int k,
                           double *result)
{
    const volatile double *p = partials;
    double sum = 0.0;
    for (unsigned b = 0; b < kTopkBlocks; b++) sum += p[b];
    sum += static_cast<double>(copies) * kth;
    *result = sum / k;
}

// The first pass: the histogram of the values' top 8 bits, their positives
// counted and summed in the order topk_finish_kernel sums the values above
// a k-th largest of 0, which it is where fewer than k are positive: then
// the mean is written here.
__global__ void topk_first_pass_kernel(TopkArgs a)
{
    __shared__ unsigned bins[256];
    __shared__ unsigned positives;
    __shared__ double sums[kBlock];
    for (unsigned d = threadIdx.x; d < 256; d += kBlock) bins[d] = 0;
    if (threadIdx.x == 0) positives = 0;
    __syncthreads();
    unsigned zeros = 0, mine = 0;
    double sum = 0.0;
    for (long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; i < a.n;
         i += static_cast<long long>(gridDim.x) * kBlock) {
        const float v = a.values[i];
        const unsigned bits = bits_as<unsigned>(v);
        if (bits == 0) {
            zeros++;
        } else {
            mine++;
            sum += v;
            atomicAdd(&bins[bits >> 24], 1u);
        }
    }
    if (mine) atomicAdd(&positives, mine);
    add_bins(bins, zeros, a.histogram);
    const double block = block_sum(sums, sum);
    if (threadIdx.x == 0) {
        a.partials[blockIdx.x] = block;
        atomicAdd(&a.state->positives, positives);
    }
    if (!last_block(&a.state->arrived)) return;
    volatile TopkState *state = a.state;
    const unsigned total = state->positives;
    const bool done = total < static_cast<unsigned>(a.k);
    __syncthreads(); // every thread has read the count
    if (threadIdx.x == 0) {
        state->arrived = 0;
        state->positives = 0;
        state->done = done ? 1u : 0u;
        if (done) write_mean(a.partials, 0, 0.0f, a.k, a.result);
    }
    if (done) static_cast<volatile unsigned *>(a.histogram)[threadIdx.x] = 0;
    else select_bin(24, 0, static_cast<unsigned>(a.k), a.histogram, a.state);
}

// A later pass: the histogram of the next 8 bits of the values whose
// higher bits are those selected so far, and the next bin.
__global__ void topk_pass_kernel(TopkArgs a, int shift, unsigned high_mask)
{
    if (a.state->done) return;
    __shared__ unsigned bins[256];
    for (unsigned d = threadIdx.x; d < 256; d += kBlock) bins[d] = 0;
    __syncthreads();
    const unsigned prefix = a.state->prefix, rank = a.state->rank;
    unsigned zeros = 0;
    for (long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; i < a.n;
         i += static_cast<long long>(gridDim.x) * kBlock) {
        const unsigned bits = bits_as<unsigned>(a.values[i]);
        if ((bits & high_mask) != prefix) continue;
        if (bits == 0) zeros++;
        else atomicAdd(&bins[(bits >> shift) & 0xffu], 1u);
    }
    add_bins(bins, zeros, a.histogram);
    if (!last_block(&a.state->arrived)) return;
    if (threadIdx.x == 0) a.state->arrived = 0;
    select_bin(shift, prefix, rank, a.histogram, a.state);
}

// The values above the k-th largest summed, and the mean.
__global__ void topk_finish_kernel(TopkArgs a)
{
    if (a.state->done) return;
    __shared__ double sums[kBlock];
    const unsigned kth = a.state->prefix, copies = a.state->rank;
    double sum = 0.0;
    for (long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; i < a.n;
         i += static_cast<long long>(gridDim.x) * kBlock) {
        const float v = a.values[i];
        if (bits_as<unsigned>(v) > kth) sum += v;
    }
    const double block = block_sum(sums, sum);
    if (threadIdx.x == 0) a.partials[blockIdx.x] = block;
    if (!last_block(&a.state->arrived)) return;
    if (threadIdx.x == 0) {
        a.state->arrived = 0;
        write_mean(a.partials, copies, bits_as<float>(kth), a.k, a.result);
    }
}

// The tile of the largest window (cambi_config refuses windows whose area
// the reciprocal table does not reach) fits beside the counts in the shared
// memory every device gives a block without asking (48 KiB).
constexpr int kLargestSide = 65;
static_assert(kLargestSide * kLargestSide < vmaf::cambi::kReciprocalCount &&
              (kLargestSide + 2) * (kLargestSide + 2) >= vmaf::cambi::kReciprocalCount);
constexpr size_t kSharedBytes = 48 * 1024;

template <typename L> constexpr size_t tile_bytes(int side)
{
    return static_cast<size_t>(tile_pitch(L::kTileCols - 1 + side)) * (L::kTileRows - 1 + side) * sizeof(uint16_t);
}

template <int N, typename L> void queue_c_values_in(const CValueArgs &a, hipStream_t stream)
{
    using Shared = CValueShared<N, L>;
    static_assert(Shared::kFixedBytes + tile_bytes<L>(kLargestSide) <= kSharedBytes);
    const dim3 grid((a.w + L::kTileCols - 1) / L::kTileCols, (a.h + L::kTileRows - 1) / L::kTileRows);
    hipLaunchKernelGGL((c_values_kernel<N, L>), grid, dim3(L::kThreads),
                       Shared::kFixedBytes + tile_bytes<L>(2 * a.half + 1), stream, a);
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

hipError_t launch_band_codes(const BandCodesArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const long long n = static_cast<long long>(a.w + 2 * a.half) * (a.h + 2 * a.half);
    hipLaunchKernelGGL(band_codes_kernel, dim3(blocks_for(n)), dim3(kBlock), 0, stream, a);
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
    hipLaunchKernelGGL(topk_first_pass_kernel, dim3(kTopkBlocks), dim3(kBlock), 0, stream, a);
    unsigned high_mask = 0xffu << 24;
    for (int shift = 16; shift >= 0; shift -= 8) {
        hipLaunchKernelGGL(topk_pass_kernel, dim3(kTopkBlocks), dim3(kBlock), 0, stream, a, shift,
                           high_mask);
        high_mask |= 0xffu << shift;
    }
    hipLaunchKernelGGL(topk_finish_kernel, dim3(kTopkBlocks), dim3(kBlock), 0, stream, a);
    return hipGetLastError();
}

} // namespace vmaf::hip::cambi
