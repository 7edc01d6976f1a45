// adm_hip kernels: one thread per output sample for the transforms (scale
// 0 from a shared-memory tile of its block's input) and the per-sample
// stages, one block per row for the masked and denominator sums.
// The arithmetic is adm_math.h's, shared with the CPU; sums are 64-bit
// integers, so their order does not change them.
#include "hip/adm/adm_kernel.h"

namespace vmaf::hip::adm {

using vmaf::adm::ScaleMath;

namespace {

constexpr unsigned kTile = 16;   // 16 x 16 threads per block of the 2-D stages
constexpr unsigned kRowBlock = 256;

dim3 grid_2d(int w, int h, int depth = 1)
{
    return dim3((static_cast<unsigned>(w) + kTile - 1) / kTile,
                (static_cast<unsigned>(h) + kTile - 1) / kTile, static_cast<unsigned>(depth));
}

// Clears the error a previous, already reported call may have left, so that
// the status after a launch is that launch's.
void clear_error() { static_cast<void>(hipGetLastError()); }

// Input rows and columns a tile of kTile x kTile outputs reads: taps 2i-1 ..
// 2i+2 of each of its outputs.
constexpr unsigned kDwtSpan = 2 * kTile + 2;

// Where local row or column l of a tile starting at output o reads: the
// reflected position 2o - 1 + l. Positions past the last one an output of
// the picture needs (n + 1) are clamped there; no output uses them.
__device__ int tile_source(int o, int l, int n)
{
    const int v = 2 * o - 1 + l;
    return vmaf::adm::window_index(v < n + 1 ? v : n + 1, n);
}

template <typename Pixel> __global__ void dwt0_kernel(Dwt0Args a)
{
    // The picture's pointers selected, not indexed: a parameter array
    // indexed at run time would be copied to local memory.
    const bool second = blockIdx.z != 0;
    const int j0 = static_cast<int>(blockIdx.x * kTile), i0 = static_cast<int>(blockIdx.y * kTile);
    const Pixel *src = static_cast<const Pixel *>(second ? a.src[1] : a.src[0]);
    // The block's input, loaded once and coalesced (consecutive threads,
    // consecutive columns), then read by each output's 4 x 4 taps.
    __shared__ uint32_t tile[kDwtSpan][kDwtSpan];
    const unsigned tid = threadIdx.y * kTile + threadIdx.x;
    for (unsigned at = tid; at < kDwtSpan * kDwtSpan; at += kTile * kTile) {
        const int r = static_cast<int>(at / kDwtSpan), c = static_cast<int>(at % kDwtSpan);
        tile[r][c] = src[tile_source(i0, r, a.h) * a.w + tile_source(j0, c, a.w)];
    }
    __syncthreads();

    const int j = j0 + static_cast<int>(threadIdx.x), i = i0 + static_cast<int>(threadIdx.y);
    const int ow = (a.w + 1) / 2, oh = (a.h + 1) / 2;
    if (j >= ow || i >= oh) return;
    const unsigned r0 = 2 * threadIdx.y, c0 = 2 * threadIdx.x;
    int16_t lo[4], hi[4];
    for (unsigned k = 0; k < 4; k++) {
        const uint32_t s0 = tile[r0][c0 + k], s1 = tile[r0 + 1][c0 + k],
                       s2 = tile[r0 + 2][c0 + k], s3 = tile[r0 + 3][c0 + k];
        lo[k] = vmaf::adm::dwt0_vertical_lo(s0, s1, s2, s3, a.bpc);
        hi[k] = vmaf::adm::dwt0_vertical_hi(s0, s1, s2, s3, a.bpc);
    }
    using vmaf::adm::dwt0_horizontal;
    using vmaf::adm::hi_taps;
    using vmaf::adm::lo_taps;
    const int at = i * ow + j;
    (second ? a.approx[1] : a.approx[0])[at] =
        dwt0_horizontal(lo_taps<int32_t>(lo[0], lo[1], lo[2], lo[3]));
    int16_t *const h = second ? a.band[1][0] : a.band[0][0];
    int16_t *const v = second ? a.band[1][1] : a.band[0][1];
    int16_t *const d = second ? a.band[1][2] : a.band[0][2];
    if (!h) return;
    v[at] = dwt0_horizontal(hi_taps<int32_t>(lo[0], lo[1], lo[2], lo[3]));
    h[at] = dwt0_horizontal(lo_taps<int32_t>(hi[0], hi[1], hi[2], hi[3]));
    d[at] = dwt0_horizontal(hi_taps<int32_t>(hi[0], hi[1], hi[2], hi[3]));
}

__global__ void dwt_vertical_kernel(DwtArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    const int p = static_cast<int>(blockIdx.z);
    const int oh = (a.h + 1) / 2;
    if (j >= a.w || i >= oh) return;
    int32_t s[4];
    for (int k = 0; k < 4; k++) s[k] = a.in[p][vmaf::adm::tap_index(i, k, a.h) * a.w + j];
    const int at = i * a.w + j;
    a.vlo[p][at] = vmaf::adm::dwt_round(vmaf::adm::lo_taps<int64_t>(s[0], s[1], s[2], s[3]),
                                        a.shifts.vround, a.shifts.vshift);
    a.vhi[p][at] = vmaf::adm::dwt_round(vmaf::adm::hi_taps<int64_t>(s[0], s[1], s[2], s[3]),
                                        a.shifts.vround, a.shifts.vshift);
}

// Position pos of row i in the reference's row layout: the vertical low and
// high pass of the reference, then of the distorted picture, then what its
// buffer holds past that.
__device__ int64_t layout_at(const DwtArgs &a, int i, int pos)
{
    const int w = a.w;
    if (pos >= 4 * w) return a.stale ? a.stale[a.stale_offset + pos - 4 * w] : 0;
    const int p = pos / (2 * w), rem = pos - 2 * w * p;
    const int32_t *pass = rem < w ? a.vlo[p] : a.vhi[p];
    return pass[i * w + (rem < w ? rem : rem - w)];
}

__global__ void dwt_horizontal_kernel(DwtArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    const int p = static_cast<int>(blockIdx.z);
    const int ow = (a.w + 1) / 2, oh = (a.h + 1) / 2;
    if (j >= ow || i >= oh) return;
    const bool raw = j == ow - 1 && vmaf::adm::last_output_unreflected(ow);
    int64_t lo[4], hi[4];
    for (int k = 0; k < 4; k++) {
        const int c = raw ? 2 * j - 1 + k : vmaf::adm::tap_index(j, k, a.w);
        lo[k] = layout_at(a, i, 2 * a.w * p + c);
        hi[k] = layout_at(a, i, 2 * a.w * p + a.w + c);
    }
    using vmaf::adm::dwt_round;
    using vmaf::adm::hi_taps;
    using vmaf::adm::lo_taps;
    const int64_t r = a.shifts.hround;
    const int s = a.shifts.hshift;
    const int at = i * ow + j;
    if (a.approx[p]) a.approx[p][at] = dwt_round(lo_taps<int64_t>(lo[0], lo[1], lo[2], lo[3]), r, s);
    a.band[p][1][at] = dwt_round(hi_taps<int64_t>(lo[0], lo[1], lo[2], lo[3]), r, s);
    a.band[p][0][at] = dwt_round(lo_taps<int64_t>(hi[0], hi[1], hi[2], hi[3]), r, s);
    a.band[p][2][at] = dwt_round(hi_taps<int64_t>(hi[0], hi[1], hi[2], hi[3]), r, s);
}

template <typename T> __global__ void decouple_kernel(DecoupleArgs<T> a)
{
    const int j = a.reg.left + static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = a.reg.top + static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    if (j >= a.reg.right || i >= a.reg.bottom) return;
    const int at = i * a.w + j;
    using vmaf::adm::dot_to_float;
    const T oh = a.ref[0][at], ov = a.ref[1][at], th = a.dis[0][at], tv = a.dis[1][at];
    const bool angle = vmaf::adm::within_one_degree(dot_to_float(oh, th, ov, tv),
                                                    dot_to_float(oh, oh, ov, ov),
                                                    dot_to_float(th, th, tv, tv), a.cos_1deg_sq);
    for (int b = 0; b < 3; b++) {
        const T o = a.ref[b][at], t = a.dis[b][at];
        const int32_t k = ScaleMath<T>::ratio(o, t, a.division_table);
        const T r = ScaleMath<T>::restore(k, o);
        const T rst = vmaf::adm::limit_gain<T>(r, t, k, o, angle, a.egl, j < a.nearest_end);
        a.restored[b][at] = rst;
        a.additive[b][at] = static_cast<T>(t - rst);
    }
}

template <typename T, int B> __device__ T csf_of(T x, uint32_t factor, bool x86)
{
    using Factor = typename ScaleMath<T>::Factors::value_type;
    return ScaleMath<T>::template csf<B>(x, static_cast<Factor>(factor), x86);
}

template <typename T> __global__ void csf_kernel(CsfArgs<T> a)
{
    const int j = a.reg.left + static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = a.reg.top + static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    if (j >= a.reg.right || i >= a.reg.bottom) return;
    // The pass's pointers selected, not indexed: a parameter array indexed
    // at run time would be copied to local memory.
    const bool aim = blockIdx.z != 0;
    const int at = i * a.w + j;
    // As the CPU: the reference's x86 columns (x86_work_end()).
    const bool x86 = j < vmaf::adm::x86_work_end(a.reg);
    const T v[3] = {csf_of<T, 0>((aim ? a.pass[1].in[0] : a.pass[0].in[0])[at], a.factor[0], x86),
                    csf_of<T, 1>((aim ? a.pass[1].in[1] : a.pass[0].in[1])[at], a.factor[1], x86),
                    csf_of<T, 2>((aim ? a.pass[1].in[2] : a.pass[0].in[2])[at], a.factor[2], x86)};
#pragma unroll
    for (int b = 0; b < 3; b++) {
        (aim ? a.pass[1].weighted[b] : a.pass[0].weighted[b])[at] = v[b];
        (aim ? a.pass[1].floor[b] : a.pass[0].floor[b])[at] =
            static_cast<T>(ScaleMath<T>::floor30(v[b]));
    }
}

// Sums of one value per band over a block, in shared memory; thread 0 gets
// the totals. No warp-size assumption (64 on AMD, 32 on NVIDIA).
template <typename V> __device__ void block_sum(V (&v)[3], V (*shared)[kRowBlock])
{
    for (int b = 0; b < 3; b++) shared[b][threadIdx.x] = v[b];
    __syncthreads();
    for (unsigned half = kRowBlock / 2; half > 0; half /= 2) {
        if (threadIdx.x < half)
            for (int b = 0; b < 3; b++) shared[b][threadIdx.x] += shared[b][threadIdx.x + half];
        __syncthreads();
    }
    for (int b = 0; b < 3; b++) v[b] = shared[b][0];
}

template <typename T> __global__ void mask_kernel(MaskArgs<T> a)
{
    const bool aim = blockIdx.y != 0;
    const T *src[3], *weighted[3], *floor[3];
#pragma unroll
    for (int b = 0; b < 3; b++) {
        src[b] = aim ? a.pass[1].src[b] : a.pass[0].src[b];
        weighted[b] = aim ? a.pass[1].weighted[b] : a.pass[0].weighted[b];
        floor[b] = aim ? a.pass[1].floor[b] : a.pass[0].floor[b];
    }
    const int i = a.reg.top + static_cast<int>(blockIdx.x);
    const int r0 = vmaf::adm::window_index(i - 1, a.h), r2 = vmaf::adm::window_index(i + 1, a.h);
    const int rows[3] = {r0 * a.w, i * a.w, r2 * a.w};
    const vmaf::adm::ColumnSpan x86 =
        vmaf::adm::x86_mask_columns(a.reg, a.h, i, ScaleMath<T>::kX86MaskBlock);
    int64_t sum[3] = {0, 0, 0};
    for (int j = a.reg.left + static_cast<int>(threadIdx.x); j < a.reg.right;
         j += static_cast<int>(kRowBlock)) {
        const int cols[3] = {vmaf::adm::window_index(j - 1, a.w), j,
                             vmaf::adm::window_index(j + 1, a.w)};
        const int at = i * a.w + j;
        // The masking threshold: the floors of the 3x3 window without the
        // centre's, plus the centre's |csf| / 15 (the x86 columns' in
        // x86), summed exactly; masked_cube wraps it where the CPU does.
        const bool in_x86 = x86.holds(j);
        int64_t t = 0;
#pragma unroll
        for (int b = 0; b < 3; b++) {
#pragma unroll
            for (int r = 0; r < 3; r++)
#pragma unroll
                for (int c = 0; c < 3; c++) t += floor[b][rows[r] + cols[c]];
            t -= floor[b][at];
            t += ScaleMath<T>::floor15(weighted[b][at], in_x86);
        }
        using Factor = typename ScaleMath<T>::Factors::value_type;
        sum[0] += ScaleMath<T>::template masked_cube<0>(src[0][at],
                                                        static_cast<Factor>(a.factor[0]), t,
                                                        a.cube[0], in_x86);
        sum[1] += ScaleMath<T>::template masked_cube<1>(src[1][at],
                                                        static_cast<Factor>(a.factor[1]), t,
                                                        a.cube[1], in_x86);
        sum[2] += ScaleMath<T>::template masked_cube<2>(src[2][at],
                                                        static_cast<Factor>(a.factor[2]), t,
                                                        a.cube[2], in_x86);
    }
    __shared__ int64_t shared[3][kRowBlock];
    block_sum(sum, shared);
    if (threadIdx.x != 0) return;
    unsigned long long *sums = aim ? a.pass[1].sums : a.pass[0].sums;
#pragma unroll
    for (int b = 0; b < 3; b++)
        atomicAdd(&sums[b],
                  static_cast<unsigned long long>((sum[b] + a.row_round) >> a.row_shift));
}

template <typename T> __global__ void den_kernel(DenArgs<T> a)
{
    const int i = a.reg.top + static_cast<int>(blockIdx.x);
    uint64_t sum[3] = {0, 0, 0};
    for (int j = a.reg.left + static_cast<int>(threadIdx.x); j < a.reg.right;
         j += static_cast<int>(kRowBlock))
        for (int b = 0; b < 3; b++) sum[b] += vmaf::adm::den_cube(a.ref[b][i * a.w + j], a.shifts);
    __shared__ uint64_t shared[3][kRowBlock];
    block_sum(sum, shared);
    if (threadIdx.x != 0) return;
    for (int b = 0; b < 3; b++)
        atomicAdd(&a.sums[b], static_cast<unsigned long long>(
                                  (sum[b] + a.shifts.row_round) >> a.shifts.row));
}

} // namespace

hipError_t launch_dwt0(const Dwt0Args &a, hipStream_t stream)
{
    clear_error();
    const dim3 grid = grid_2d((a.w + 1) / 2, (a.h + 1) / 2, 2), block(kTile, kTile);
    if (a.bpc > 8)
        hipLaunchKernelGGL(dwt0_kernel<uint16_t>, grid, block, 0, stream, a);
    else
        hipLaunchKernelGGL(dwt0_kernel<uint8_t>, grid, block, 0, stream, a);
    return hipGetLastError();
}

hipError_t launch_dwt(const DwtArgs &a, hipStream_t stream)
{
    clear_error();
    const dim3 block(kTile, kTile);
    hipLaunchKernelGGL(dwt_vertical_kernel, grid_2d(a.w, (a.h + 1) / 2, 2), block, 0, stream, a);
    hipLaunchKernelGGL(dwt_horizontal_kernel, grid_2d((a.w + 1) / 2, (a.h + 1) / 2, 2), block, 0,
                       stream, a);
    return hipGetLastError();
}

template <typename T> hipError_t launch_decouple(const DecoupleArgs<T> &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(decouple_kernel<T>, grid_2d(a.reg.width(), a.reg.height()),
                       dim3(kTile, kTile), 0, stream, a);
    return hipGetLastError();
}

template <typename T> hipError_t launch_csf(const CsfArgs<T> &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(csf_kernel<T>, grid_2d(a.reg.width(), a.reg.height(), a.passes),
                       dim3(kTile, kTile), 0, stream, a);
    return hipGetLastError();
}

template <typename T> hipError_t launch_mask(const MaskArgs<T> &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(mask_kernel<T>,
                       dim3(static_cast<unsigned>(a.reg.height()), static_cast<unsigned>(a.passes)),
                       dim3(kRowBlock), 0, stream, a);
    return hipGetLastError();
}

template <typename T> hipError_t launch_den(const DenArgs<T> &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(den_kernel<T>, dim3(static_cast<unsigned>(a.reg.height())),
                       dim3(kRowBlock), 0, stream, a);
    return hipGetLastError();
}

template hipError_t launch_decouple<int16_t>(const DecoupleArgs<int16_t> &, hipStream_t);
template hipError_t launch_decouple<int32_t>(const DecoupleArgs<int32_t> &, hipStream_t);
template hipError_t launch_csf<int16_t>(const CsfArgs<int16_t> &, hipStream_t);
template hipError_t launch_csf<int32_t>(const CsfArgs<int32_t> &, hipStream_t);
template hipError_t launch_mask<int16_t>(const MaskArgs<int16_t> &, hipStream_t);
template hipError_t launch_mask<int32_t>(const MaskArgs<int32_t> &, hipStream_t);
template hipError_t launch_den<int16_t>(const DenArgs<int16_t> &, hipStream_t);
template hipError_t launch_den<int32_t>(const DenArgs<int32_t> &, hipStream_t);

} // namespace vmaf::hip::adm
