// psnr_hvs_hip kernels: bit-exact with the CPU. A group of eight threads
// takes an 8x8 block, thread r its row r: the integer DCT's passes by column
// and by row through shared memory, the masking and the error terms from
// psnr_hvs_math.h's arithmetic, in float without fused multiply-adds (the
// double sqrt and float division are correctly rounded on both). The float
// sums of a block (variances, masking energy) are chains in the CPU's
// order, each on one thread of the group, several side by side; the means
// are integer sums, exact in any order. The CPU adds every term of the
// plane to one float, block after block; a block per plane gives that
// sum's bits with chain_sum_segmented (runtime/float_chain.h), after every
// segment of the terms and every sub-segment of those is folded ahead.
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "hip/psnr_hvs/psnr_hvs_kernel.h"
#include "hip/runtime/float_chain.h"

namespace vmaf::hip::psnr_hvs {

namespace {

namespace math = vmaf::psnr_hvs;

constexpr unsigned kBlock = 128;
constexpr int kGroups = kBlock / 8; // 8x8 blocks per thread block
enum Side { kRef, kDis };

// A chain of the variances: the block's (quadrant -1) or one quadrant's sum
// of squared distances to its mean, over the block's samples in raster
// order.
__device__ float variance_chain(const int32_t b[64], int quadrant)
{
    int sum = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            if (quadrant < 0 || math::quadrant(i, j) == quadrant) sum += b[i * 8 + j];
    const float mean = static_cast<float>(sum) / (quadrant < 0 ? 64.f : 16.f);
    float var = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            if (quadrant < 0 || math::quadrant(i, j) == quadrant)
                var += math::centred_square(b[i * 8 + j], mean);
    return var;
}

template <typename Sample>
__global__ void block_terms_kernel(const Sample *ref, const Sample *dis, int w, int h,
                                   PlaneTables tables, float *terms)
{
    __shared__ float csf[8][8], mask[8][8];
    __shared__ int32_t samples[kGroups][2][64];
    __shared__ int32_t columns[kGroups][2][64]; // row i: the DCT of column i
    __shared__ float energy[kGroups][2][64];
    __shared__ float variances[kGroups][2][5];  // the block's, then each quadrant's
    __shared__ float masking[kGroups][2];
    if (threadIdx.x < 64) {
        const int i = static_cast<int>(threadIdx.x) / 8, j = static_cast<int>(threadIdx.x) % 8;
        csf[i][j] = tables.csf[i][j];
        mask[i][j] = tables.mask[i][j];
    }
    const int g = static_cast<int>(threadIdx.x) / 8, r = static_cast<int>(threadIdx.x) % 8;
    const int bw = math::block_count(w);
    const int n = bw * math::block_count(h);
    const int b = static_cast<int>(blockIdx.x) * kGroups + g;
    // A group past the last block still meets every barrier.
    const bool active = b < n;
    {
        const int x = 7 * (active ? b % bw : 0), y = 7 * (active ? b / bw : 0);
        const long long row = static_cast<long long>(y + r) * w + x;
        // An inactive group reads block 0 (no load under a branch: the
        // row's loads are issued together).
        for (int j = 0; j < 8; j++) {
            const int rs = ref[row + j], ds = dis[row + j];
            samples[g][kRef][r * 8 + j] = active ? rs : 0;
            samples[g][kDis][r * 8 + j] = active ? ds : 0;
        }
    }
    __syncthreads();
    // The DCT's first pass, column r, beside the variances' chains: the
    // block's on threads 0 and 1, quadrant q's of both sides on thread 2 + q.
    for (int z = 0; z < 2; z++) math::fdct8(&samples[g][z][r], 8, &columns[g][z][r * 8]);
    if (r < 2) variances[g][r][0] = variance_chain(samples[g][r], -1);
    else if (r < 6)
        for (int z = 0; z < 2; z++) variances[g][z][r - 1] = variance_chain(samples[g][z], r - 2);
    __syncthreads();
    // The second pass: row r of the transform, and its energy terms.
    int32_t coef[2][8];
    for (int z = 0; z < 2; z++) {
        math::fdct8(&columns[g][z][r], 8, coef[z]);
        for (int j = 0; j < 8; j++) energy[g][z][r * 8 + j] = math::energy_term(coef[z][j], mask[r][j]);
    }
    __syncthreads();
    if (r < 2) {
        float sum = 0;
        for (int k = 1; k < 64; k++) sum += energy[g][r][k];
        masking[g][r] = math::masking_of(sum, math::ratio_of_variances(variances[g][r][0],
                                                                         &variances[g][r][1]));
    }
    __syncthreads();
    if (!active) return;
    const float m = masking[g][kRef] > masking[g][kDis] ? masking[g][kRef] : masking[g][kDis];
    float *out = terms + static_cast<long long>(b) * 64 + r * 8;
    for (int j = 0; j < 8; j++) out[j] = math::error_term(coef[kRef][j], coef[kDis][j], m, r, j, csf, mask);
}

// A plane's scratch: the segments' double sums, their folds, then the
// sub-segments' folds.
double *segment_sums(void *scratch) { return static_cast<double *>(scratch); }
__host__ __device__ ChainSegment *segment_folds(void *scratch, int count)
{
    return reinterpret_cast<ChainSegment *>(static_cast<double *>(scratch) +
                                            chain_segments(count));
}
__host__ __device__ ChainSegment *sub_folds(void *scratch, int count)
{
    return segment_folds(scratch, count) + chain_segments(count);
}

__global__ void __launch_bounds__(kChainThreads) segment_sum_kernel(const float *terms, int n, double *sums)
{
    chain_segment_sum(terms, n, sums);
}

__global__ void __launch_bounds__(kChainThreads) segment_fold_kernel(const float *terms, int n, const double *sums,
                                    ChainSegment *folds, ChainSegment *subs)
{
    chain_segment_fold(terms, n, sums, folds, subs);
}

__global__ void __launch_bounds__(kChainThreads) plane_sum_kernel(PlaneSums a)
{
    const unsigned p = blockIdx.x;
    const float *terms = p == 0 ? a.terms[0] : (p == 1 ? a.terms[1] : a.terms[2]);
    const int n = p == 0 ? a.count[0] : (p == 1 ? a.count[1] : a.count[2]);
    void *scratch = p == 0 ? a.scratch[0] : (p == 1 ? a.scratch[1] : a.scratch[2]);
    const float sum = chain_sum_segmented(terms, n, segment_folds(scratch, n), sub_folds(scratch, n));
    if (threadIdx.x == 0) a.result[p] = sum;
}

} // namespace

hipError_t launch_block_terms(const void *ref, const void *dis, int w, int h, bool wide,
                              const PlaneTables &tables, float *terms, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const int n = math::block_count(w) * math::block_count(h);
    const dim3 grid((static_cast<unsigned>(n) + kGroups - 1) / kGroups);
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
                           segment_sums(a.scratch[p]), segment_folds(a.scratch[p], a.count[p]),
                           sub_folds(a.scratch[p], a.count[p]));
    }
    hipLaunchKernelGGL(plane_sum_kernel, dim3(3), dim3(kChainThreads), 0, stream, a);
    return hipGetLastError();
}

size_t plane_sum_scratch_bytes(int count)
{
    // At least one byte: a buffer even for no terms.
    const auto segments = static_cast<size_t>(chain_segments(count));
    const auto subs = static_cast<size_t>(chain_subs(count));
    return segments * (sizeof(double) + sizeof(ChainSegment)) + subs * sizeof(ChainSegment) + 1;
}

} // namespace vmaf::hip::psnr_hvs
