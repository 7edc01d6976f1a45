// ciede_hip kernels: each pixel's difference with the CPU's arithmetic
// (ciede_math.h), without fused multiply-adds; the GPU's pow, atan2, sin,
// cos, exp and sqrt may round the last bit of a double differently from
// the C library's, so a pixel's float difference can differ in its last
// bit. The sum is deterministic: a block per row, one thread adding the
// row's differences in double, then one thread adding the rows.
#include "feature/ciede/ciede_math.h"
#include "hip/ciede/ciede_kernel.h"

namespace vmaf::hip::ciede {

namespace {

constexpr unsigned kBlock = 256;
constexpr int kChunk = 1024;

template <typename Sample>
__device__ float pixel_delta_e(const CiedeArgs &a, int x, int y)
{
    const long long luma = static_cast<long long>(y) * a.w + x;
    const unsigned cx = static_cast<unsigned>(x) >> a.ss_x, cy = static_cast<unsigned>(y) >> a.ss_y;
    const Sample *ry = static_cast<const Sample *>(a.ref[0]), *dy = static_cast<const Sample *>(a.dis[0]);
    // Past an odd size's planes, what the CPU reads (ChromaAt).
    const vmaf::ciede::ChromaAt at{static_cast<unsigned>(a.chroma_w), static_cast<unsigned>(a.chroma_h)};
    auto sample = [&](const void *const planes[3], unsigned p) -> unsigned {
        const vmaf::ciede::ChromaAt::Where w = at.at(p, cx, cy);
        if (!w.plane) return 0u;
        const Sample *plane = static_cast<const Sample *>(w.plane == 1 ? planes[1] : planes[2]);
        return plane[static_cast<long long>(w.y) * a.chroma_w + w.x];
    };
    const unsigned r_u = sample(a.ref, 1), d_u = sample(a.dis, 1);
    const unsigned r_v = sample(a.ref, 2), d_v = sample(a.dis, 2);
    // Equal colours differ by exactly 0, as the CPU skips them.
    if (ry[luma] == dy[luma] && r_u == d_u && r_v == d_v) return 0.0f;
    const vmaf::ciede::Lab p = vmaf::ciede::to_lab(ry[luma], r_u, r_v, a.bpc);
    const vmaf::ciede::Lab q = vmaf::ciede::to_lab(dy[luma], d_u, d_v, a.bpc);
    return vmaf::ciede::delta_e00(p, q);
}

template <typename Sample>
__global__ void row_sums_kernel(CiedeArgs a, double *row_sums)
{
    __shared__ float delta[kChunk];
    const int y = blockIdx.x;
    double sum = 0.0;
    for (int x0 = 0; x0 < a.w; x0 += kChunk) {
        const int n = min(kChunk, a.w - x0);
        for (int i = threadIdx.x; i < n; i += kBlock) delta[i] = pixel_delta_e<Sample>(a, x0 + i, y);
        __syncthreads();
        if (threadIdx.x == 0)
            for (int i = 0; i < n; i++) sum += delta[i];
        __syncthreads();
    }
    if (threadIdx.x == 0) row_sums[y] = sum;
}

__global__ void total_kernel(const double *row_sums, int h, double *sum)
{
    double total = 0.0;
    for (int y = 0; y < h; y++) total += row_sums[y];
    sum[0] = total;
}

} // namespace

hipError_t launch_ciede(const CiedeArgs &args, double *row_sums, double *sum, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    if (args.bpc > 8)
        hipLaunchKernelGGL(row_sums_kernel<unsigned short>, dim3(args.h), dim3(kBlock), 0, stream,
                           args, row_sums);
    else
        hipLaunchKernelGGL(row_sums_kernel<unsigned char>, dim3(args.h), dim3(kBlock), 0, stream,
                           args, row_sums);
    if (hipError_t e = hipGetLastError(); e != hipSuccess) return e;
    hipLaunchKernelGGL(total_kernel, dim3(1), dim3(1), 0, stream, row_sums, args.h, sum);
    return hipGetLastError();
}

} // namespace vmaf::hip::ciede
