// float_adm_hip kernels: bit-exact with the CPU. Every sample runs the CPU
// stage's own arithmetic (float_adm_math.h: the db2 taps, decouple_sample
// with the golden reciprocal estimate, the masking threshold and terms)
// without fused multiply-adds; the pooled sums run along each row left to
// right, in shared memory by one thread of the row's block, then over the
// rows by one thread, as the CPU sums them. The roots and noise floors of
// the pooling are left to the host's pooled_bands.
#include "feature/adm/float_adm_math.h"
#include "feature/common/float_sample.h"
#include "hip/adm/float_adm_kernel.h"

namespace vmaf::hip::float_adm {

namespace {

using namespace vmaf::float_adm;

constexpr unsigned kBlock = 256;
constexpr float kOffset = -128.0f;

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

template <typename Sample> struct SampleReader {
    const Sample *px;
    float scaler;
    __device__ float operator()(long long at) const { return sample_to_float(px[at], scaler, kOffset); }
};

template <> struct SampleReader<float> {
    const float *px;
    float scaler;
    __device__ float operator()(long long at) const { return px[at]; }
};

template <typename Sample> __global__ void dwt_kernel(DwtArgs a, float scaler)
{
    const int ow = (a.w + 1) / 2, oh = (a.h + 1) / 2;
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(ow) * oh) return;
    const bool dis = blockIdx.y == 1;
    const SampleReader<Sample> in{static_cast<const Sample *>(dis ? a.src[1] : a.src[0]), scaler};
    const int x = static_cast<int>(i % ow), y = static_cast<int>(i / ow);
    long long rows[4];
#pragma unroll
    for (int k = 0; k < 4; k++) rows[k] = static_cast<long long>(vmaf::adm::tap_index(y, k, a.h)) * a.w;
    float lo[4], hi[4];
#pragma unroll
    for (int k = 0; k < 4; k++) {
        const int c = vmaf::adm::tap_index(x, k, a.w);
        const float s0 = in(rows[0] + c), s1 = in(rows[1] + c), s2 = in(rows[2] + c),
                    s3 = in(rows[3] + c);
        lo[k] = db2_lo(s0, s1, s2, s3);
        hi[k] = db2_hi(s0, s1, s2, s3);
    }
    (dis ? a.approx[1] : a.approx[0])[i] = db2_lo(lo[0], lo[1], lo[2], lo[3]);
    float *const *band = dis ? a.band[1] : a.band[0];
    if (!band[0]) return;
    band[0][i] = db2_lo(hi[0], hi[1], hi[2], hi[3]);
    band[1][i] = db2_hi(lo[0], lo[1], lo[2], lo[3]);
    band[2][i] = db2_hi(hi[0], hi[1], hi[2], hi[3]);
}

// The offset of sample k of a region's row-major walk.
__device__ long long region_offset(const Region &reg, int w, long long k)
{
    const int rw = reg.width();
    return static_cast<long long>(reg.top + static_cast<int>(k / rw)) * w + reg.left +
           static_cast<int>(k % rw);
}

__global__ void decouple_kernel(DecoupleArgs a)
{
    const long long k = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (k >= static_cast<long long>(a.reg.width()) * a.reg.height()) return;
    const long long at = region_offset(a.reg, a.w, k);
    float o[3], t[3], r[3], s[3];
#pragma unroll
    for (int b = 0; b < 3; b++) {
        o[b] = a.ref[b][at];
        t[b] = a.dis[b][at];
    }
    decouple_sample(o, t, a.gain_limit, a.cos_sq, a.rcp_table, r, s);
#pragma unroll
    for (int b = 0; b < 3; b++) {
        a.restored[b][at] = r[b];
        a.additive[b][at] = s[b];
    }
}

__global__ void csf_kernel(CsfArgs a)
{
    const long long k = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (k >= static_cast<long long>(a.reg.width()) * a.reg.height()) return;
    const long long at = region_offset(a.reg, a.w, k);
    const CsfPass p = blockIdx.y == 0 ? a.pass[0] : a.pass[1];
#pragma unroll
    for (int b = 0; b < 3; b++) {
        const float v = a.factor[b] * p.in[b][at];
        p.weighted[b][at] = v;
        p.floor[b][at] = masking_floor(v);
    }
}

// One block per row of the region and pass: each sample's three band
// terms, then the row's float sums in order.
__global__ void pool_rows_kernel(PoolArgs a)
{
    __shared__ float terms[3][kBlock];
    const PoolPass p = blockIdx.y == 0 ? a.pass[0] : (blockIdx.y == 1 ? a.pass[1] : a.pass[2]);
    const int rows = a.reg.height();
    const int i = a.reg.top + static_cast<int>(blockIdx.x);
    const int i0 = vmaf::adm::window_index(i - 1, a.h), i2 = vmaf::adm::window_index(i + 1, a.h);
    const long long row = static_cast<long long>(i) * a.w;
    float sums[3] = {0.0f, 0.0f, 0.0f};
    for (int j0 = a.reg.left; j0 < a.reg.right; j0 += kBlock) {
        const int j = j0 + static_cast<int>(threadIdx.x);
        if (j < a.reg.right) {
            if (!p.weighted[0]) {
#pragma unroll
                for (int b = 0; b < 3; b++)
                    terms[b][threadIdx.x] = pooled_power(fabsf(a.factor[b] * p.src[b][row + j]), a.p_norm);
            } else {
                const float thr =
                    a.bypass ? 0.0f
                             : masking_threshold(p.weighted, p.floor, a.w, i, j,
                                                 vmaf::adm::window_index(j - 1, a.w),
                                                 vmaf::adm::window_index(j + 1, a.w), i0, i2);
#pragma unroll
                for (int b = 0; b < 3; b++)
                    terms[b][threadIdx.x] = masked_power(p.src[b][row + j], a.factor[b], thr, a.p_norm);
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = a.reg.right - j0 < static_cast<int>(kBlock) ? a.reg.right - j0
                                                                         : static_cast<int>(kBlock);
            // The bands' chains side by side, each in its own order.
#pragma unroll 4
            for (int k = 0; k < count; k++)
#pragma unroll
                for (int b = 0; b < 3; b++) sums[b] += terms[b][k];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        for (int b = 0; b < 3; b++)
            a.row_sums[(static_cast<long long>(blockIdx.y) * 3 + b) * rows + blockIdx.x] = sums[b];
}

// One thread per pass and band: the rows' sums, top to bottom.
__global__ void pool_total_kernel(PoolArgs a)
{
    const int z = static_cast<int>(threadIdx.x) / 3, b = static_cast<int>(threadIdx.x) % 3;
    if (z >= a.passes) return;
    const int rows = a.reg.height();
    const float *r = a.row_sums + (static_cast<long long>(z) * 3 + b) * rows;
    float acc = 0.0f;
    for (int y = 0; y < rows; y++) acc += r[y];
    float *sums = z == 0 ? a.pass[0].sums : (z == 1 ? a.pass[1].sums : a.pass[2].sums);
    sums[b] = acc;
}

template <typename Sample> void queue_dwt(const DwtArgs &a, float scaler, hipStream_t stream)
{
    const long long n = static_cast<long long>((a.w + 1) / 2) * ((a.h + 1) / 2);
    hipLaunchKernelGGL(dwt_kernel<Sample>, dim3(blocks_for(n), 2), dim3(kBlock), 0, stream, a,
                       scaler);
}

long long region_samples(const Region &reg)
{
    return static_cast<long long>(reg.width()) * reg.height();
}

} // namespace

hipError_t launch_dwt(const DwtArgs &a, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    if (a.bpc == 0) queue_dwt<float>(a, 1.0f, stream);
    else if (a.bpc > 8) queue_dwt<unsigned short>(a, sample_scaler(a.bpc), stream);
    else queue_dwt<unsigned char>(a, 1.0f, stream);
    return hipGetLastError();
}

hipError_t launch_decouple(const DecoupleArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(decouple_kernel, dim3(blocks_for(region_samples(a.reg))), dim3(kBlock), 0,
                       stream, a);
    return hipGetLastError();
}

hipError_t launch_csf(const CsfArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(csf_kernel,
                       dim3(blocks_for(region_samples(a.reg)), static_cast<unsigned>(a.passes)),
                       dim3(kBlock), 0, stream, a);
    return hipGetLastError();
}

hipError_t launch_pool(const PoolArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(pool_rows_kernel,
                       dim3(static_cast<unsigned>(a.reg.height()), static_cast<unsigned>(a.passes)),
                       dim3(kBlock), 0, stream, a);
    hipLaunchKernelGGL(pool_total_kernel, dim3(1), dim3(9), 0, stream, a);
    return hipGetLastError();
}

} // namespace vmaf::hip::float_adm
