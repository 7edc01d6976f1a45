// vif_hip kernels: one thread per sample for the vertical passes and the
// decimation, one block per row for the horizontal pass of the statistic,
// whose per-sample contributions (vif::accumulate, shared with the CPU) are
// summed in 64-bit integers, so their order does not change them.
#include "hip/vif/vif_kernel.h"

#include "feature/common/edge.h"

namespace vmaf::hip::vif {

using vmaf::edge::reflect_about_sample;

namespace {

constexpr unsigned kTile = 16; // 16 x 16 threads per block of the 2-D passes
constexpr unsigned kRowBlock = 256;
constexpr int kSums = 4;

dim3 grid_2d(int w, int h, int depth = 1)
{
    return dim3((static_cast<unsigned>(w) + kTile - 1) / kTile,
                (static_cast<unsigned>(h) + kTile - 1) / kTile, static_cast<unsigned>(depth));
}

// Clears the error a previous, already reported call may have left, so that
// the status after a launch is that launch's.
void clear_error() { static_cast<void>(hipGetLastError()); }

template <typename Sample> __global__ void moments_kernel(MomentsArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    if (j >= a.w || i >= a.h) return;
    const Sample *ref = static_cast<const Sample *>(a.ref);
    const Sample *dis = static_cast<const Sample *>(a.dis);
    const int half = a.filter.width / 2;
    uint32_t mu1 = 0, mu2 = 0;
    uint64_t xx = 0, yy = 0, xy = 0;
    for (int k = 0; k < a.filter.width; k++) {
        const int at = reflect_about_sample(i - half + k, a.h) * a.w + j;
        const uint32_t f = a.filter.taps[k], r = ref[at], d = dis[at];
        const uint32_t fr = f * r, fd = f * d;
        mu1 += fr;
        mu2 += fd;
        xx += uint64_t{fr} * r;
        yy += uint64_t{fd} * d;
        xy += uint64_t{fr} * d;
    }
    const int at = i * a.w + j;
    a.mu1[at] = vmaf::vif::round_mean(mu1, a.shift);
    a.mu2[at] = vmaf::vif::round_mean(mu2, a.shift);
    a.xx[at] = vmaf::vif::round_moment(xx, a.shift);
    a.yy[at] = vmaf::vif::round_moment(yy, a.shift);
    a.xy[at] = vmaf::vif::round_moment(xy, a.shift);
}

__global__ void statistic_kernel(StatisticArgs a)
{
    const int i = static_cast<int>(blockIdx.x);
    const int half = a.filter.width / 2;
    const size_t row = static_cast<size_t>(i) * a.w;
    vmaf::vif::Accumulator acc;
    for (int j = static_cast<int>(threadIdx.x); j < a.w; j += static_cast<int>(kRowBlock)) {
        uint32_t mu1 = 0, mu2 = 0;
        uint64_t xx = 0, yy = 0, xy = 0;
        for (int k = 0; k < a.filter.width; k++) {
            const size_t at = row + reflect_about_sample(j - half + k, a.w);
            const uint32_t f = a.filter.taps[k];
            mu1 += f * a.mu1[at];
            mu2 += f * a.mu2[at];
            xx += uint64_t{f} * a.xx[at];
            yy += uint64_t{f} * a.yy[at];
            xy += uint64_t{f} * a.xy[at];
        }
        vmaf::vif::accumulate(acc, a.log2_table, mu1, mu2, xx, yy, xy, a.gain_limit);
    }
    // A tree over the block in shared memory: no warp-size assumption (64
    // on AMD, 32 on NVIDIA).
    __shared__ int64_t shared[kSums][kRowBlock];
    shared[0][threadIdx.x] = acc.num_log;
    shared[1][threadIdx.x] = acc.den_log;
    shared[2][threadIdx.x] = acc.num_non_log;
    shared[3][threadIdx.x] = acc.den_non_log;
    __syncthreads();
    for (unsigned half_block = kRowBlock / 2; half_block > 0; half_block /= 2) {
        if (threadIdx.x < half_block)
            for (int s = 0; s < kSums; s++)
                shared[s][threadIdx.x] += shared[s][threadIdx.x + half_block];
        __syncthreads();
    }
    if (threadIdx.x != 0) return;
    for (int s = 0; s < kSums; s++)
        atomicAdd(&a.sums[s], static_cast<unsigned long long>(shared[s][0]));
}

template <typename Sample> __global__ void decimate_vertical_kernel(DecimateArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    const int p = static_cast<int>(blockIdx.z);
    if (j >= a.w || i >= a.h / 2) return;
    const Sample *src = static_cast<const Sample *>(a.src[p]);
    const int half = a.filter.width / 2;
    uint32_t sum = 0;
    for (int k = 0; k < a.filter.width; k++)
        sum += a.filter.taps[k] * uint32_t{src[reflect_about_sample(2 * i - half + k, a.h) * a.w + j]};
    a.conv[p][i * a.w + j] = vmaf::vif::round_mean(sum, a.shift);
}

__global__ void decimate_horizontal_kernel(DecimateArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    const int p = static_cast<int>(blockIdx.z);
    const int ow = a.w / 2;
    if (j >= ow || i >= a.h / 2) return;
    const uint32_t *conv = a.conv[p] + static_cast<size_t>(i) * a.w;
    const int half = a.filter.width / 2;
    uint32_t sum = 0;
    for (int k = 0; k < a.filter.width; k++)
        sum += a.filter.taps[k] * conv[reflect_about_sample(2 * j - half + k, a.w)];
    a.out[p][i * ow + j] = vmaf::vif::round_decimated(sum);
}

} // namespace

hipError_t launch_moments(const MomentsArgs &a, hipStream_t stream)
{
    clear_error();
    const dim3 grid = grid_2d(a.w, a.h), block(kTile, kTile);
    if (a.wide)
        hipLaunchKernelGGL(moments_kernel<uint16_t>, grid, block, 0, stream, a);
    else
        hipLaunchKernelGGL(moments_kernel<uint8_t>, grid, block, 0, stream, a);
    return hipGetLastError();
}

hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(statistic_kernel, dim3(static_cast<unsigned>(a.h)), dim3(kRowBlock), 0,
                       stream, a);
    return hipGetLastError();
}

hipError_t launch_decimate(const DecimateArgs &a, hipStream_t stream)
{
    clear_error();
    const dim3 block(kTile, kTile);
    if (a.wide)
        hipLaunchKernelGGL(decimate_vertical_kernel<uint16_t>, grid_2d(a.w, a.h / 2, 2), block, 0,
                           stream, a);
    else
        hipLaunchKernelGGL(decimate_vertical_kernel<uint8_t>, grid_2d(a.w, a.h / 2, 2), block, 0,
                           stream, a);
    hipLaunchKernelGGL(decimate_horizontal_kernel, grid_2d(a.w / 2, a.h / 2, 2), block, 0, stream,
                       a);
    return hipGetLastError();
}

} // namespace vmaf::hip::vif
