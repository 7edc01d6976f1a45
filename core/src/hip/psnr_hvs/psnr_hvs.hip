// psnr_hvs_hip kernels: bit-exact with the CPU. One thread per 8x8 block
// runs the CPU's block_terms (integer DCT, float masking in the CPU's
// order, no fused multiply-adds; the double sqrt and float division are
// correctly rounded on both). The CPU adds every term of the plane to one
// float, block after block; a block per plane gives that sum's bits with
// chain_sum_segmented (runtime/float_chain.h), after every segment of the
// terms is folded ahead on a block of its own.
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "hip/psnr_hvs/psnr_hvs_kernel.h"
#include "hip/runtime/float_chain.h"

namespace vmaf::hip::psnr_hvs {

namespace {

constexpr unsigned kBlock = 128;

template <typename Sample>
__global__ void block_terms_kernel(const Sample *ref, const Sample *dis, int w, int h,
                                   PlaneTables tables, float *terms)
{
    __shared__ float csf[8][8], mask[8][8];
    if (threadIdx.x < 64) {
        const int i = static_cast<int>(threadIdx.x) / 8, j = static_cast<int>(threadIdx.x) % 8;
        csf[i][j] = tables.csf[i][j];
        mask[i][j] = tables.mask[i][j];
    }
    __syncthreads();
    const int bw = vmaf::psnr_hvs::block_count(w);
    const int n = bw * vmaf::psnr_hvs::block_count(h);
    const int b = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
    if (b >= n) return;
    const int x = 7 * (b % bw), y = 7 * (b / bw);
    int32_t s[64], d[64];
    for (int i = 0; i < 8; i++) {
        const long long row = static_cast<long long>(y + i) * w + x;
        for (int j = 0; j < 8; j++) {
            s[i * 8 + j] = ref[row + j];
            d[i * 8 + j] = dis[row + j];
        }
    }
    float *out = terms + static_cast<long long>(b) * 64;
    vmaf::psnr_hvs::block_terms(s, d, csf, mask, [&](int k, float term) { out[k] = term; });
}

// A plane's scratch: the segments' double sums, then their folds.
double *segment_sums(void *scratch) { return static_cast<double *>(scratch); }
__host__ __device__ ChainSegment *segment_folds(void *scratch, int count)
{
    return reinterpret_cast<ChainSegment *>(static_cast<double *>(scratch) +
                                            chain_segments(count));
}

__global__ void segment_sum_kernel(const float *terms, int n, double *sums)
{
    chain_segment_sum(terms, n, sums);
}

__global__ void segment_fold_kernel(const float *terms, int n, const double *sums,
                                    ChainSegment *folds)
{
    chain_segment_fold(terms, n, sums, folds);
}

__global__ void plane_sum_kernel(PlaneSums a)
{
    const unsigned p = blockIdx.x;
    const float *terms = p == 0 ? a.terms[0] : (p == 1 ? a.terms[1] : a.terms[2]);
    const int n = p == 0 ? a.count[0] : (p == 1 ? a.count[1] : a.count[2]);
    void *scratch = p == 0 ? a.scratch[0] : (p == 1 ? a.scratch[1] : a.scratch[2]);
    const float sum = chain_sum_segmented(terms, n, segment_folds(scratch, n));
    if (threadIdx.x == 0) a.result[p] = sum;
}

} // namespace

hipError_t launch_block_terms(const void *ref, const void *dis, int w, int h, bool wide,
                              const PlaneTables &tables, float *terms, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const int n = vmaf::psnr_hvs::block_count(w) * vmaf::psnr_hvs::block_count(h);
    const dim3 grid((static_cast<unsigned>(n) + kBlock - 1) / kBlock);
    if (wide)
        hipLaunchKernelGGL(block_terms_kernel<unsigned short>, grid, dim3(kBlock), 0, stream,
                           static_cast<const unsigned short *>(ref),
                           static_cast<const unsigned short *>(dis), w, h, tables, terms);
    else
        hipLaunchKernelGGL(block_terms_kernel<unsigned char>, grid, dim3(kBlock), 0, stream,
                           static_cast<const unsigned char *>(ref),
                           static_cast<const unsigned char *>(dis), w, h, tables, terms);
    return hipGetLastError();
}

hipError_t launch_plane_sums(const PlaneSums &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    // The segments of every plane folded at once, then one block per plane
    // adds them up.
    for (int p = 0; p < 3; p++) {
        const int segments = chain_segments(a.count[p]);
        if (segments == 0) continue;
        hipLaunchKernelGGL(segment_sum_kernel, dim3(static_cast<unsigned>(segments)),
                           dim3(kChainThreads), 0, stream, a.terms[p], a.count[p],
                           segment_sums(a.scratch[p]));
        hipLaunchKernelGGL(segment_fold_kernel, dim3(static_cast<unsigned>(segments)),
                           dim3(kChainThreads), 0, stream, a.terms[p], a.count[p],
                           segment_sums(a.scratch[p]), segment_folds(a.scratch[p], a.count[p]));
    }
    hipLaunchKernelGGL(plane_sum_kernel, dim3(3), dim3(kChainThreads), 0, stream, a);
    return hipGetLastError();
}

size_t plane_sum_scratch_bytes(int count)
{
    // At least one byte: a buffer even for no terms.
    const auto segments = static_cast<size_t>(chain_segments(count));
    return segments * (sizeof(double) + sizeof(ChainSegment)) + 1;
}

} // namespace vmaf::hip::psnr_hvs
