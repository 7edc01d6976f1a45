// SpEED's kernels: speed_math.h's arithmetic, so bit for bit the CPU's but
// where the device's log2 (double, within an ulp) rounds otherwise. The
// sums that the CPU forms in order (window means, covariances, the score)
// are formed in order here: the window means one thread each, the
// covariances a warp each (a lane per accumulator of the CPU's), the score
// by one thread from terms the block works out; the 25 x 25 products and the
// back substitution and the tridiagonalisation's updates are spread over a
// block, each entry or column summed in the CPU's order; the Householder
// vectors and the eigenvalue steps run on one thread, beside the QR solve
// on a block of its own.
#include "feature/speed/speed_math.h"
#include "hip/speed/speed_kernel.h"

namespace vmaf::hip::speed {

namespace {

using namespace vmaf::speed;

constexpr unsigned kBlockThreads = 256;
constexpr int kN = kBlockArea;
constexpr int kN2 = kN * kN;
// A picture's flags: whether its covariance is regular, whether the back
// substitution met a pivot too small.
enum Flag { kRegular, kFailed, kFlags };

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlockThreads - 1) / kBlockThreads); }

template <typename T> __device__ T *plane_of(PlanePair<T> p, unsigned side)
{
    return side == 0 ? p.plane[0] : p.plane[1];
}

__global__ void difference_kernel(PlanePair<const float> a, PlanePair<const float> b, long long n,
                                  PlanePair<float> out)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlockThreads + threadIdx.x;
    if (i >= n) return;
    plane_of(out, blockIdx.y)[i] = plane_of(a, blockIdx.y)[i] - plane_of(b, blockIdx.y)[i];
}

// Thread p of picture blockIdx.y: the mean of position p's window.
__global__ void means_kernel(BlockArgs a)
{
    const int p = static_cast<int>(threadIdx.x);
    if (p >= kN) return;
    const float *band = plane_of(a.band, blockIdx.y);
    a.means[blockIdx.y * kN + p] = window_mean(band + position(a.stride, p), a.stride, a.window_w, a.window_h);
}

// Covariance (p, q), q <= p, a warp each: lane c runs covariance_sum's
// chain c, lane 0 folds them as it does.
constexpr int kPairs = kN * (kN + 1) / 2;
constexpr unsigned kPairsPerBlock = kBlockThreads / 32;

__global__ void covariance_kernel(BlockArgs a)
{
    __shared__ double chains[kPairsPerBlock][kCovarianceChains];
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int pair = static_cast<int>(blockIdx.x * kPairsPerBlock + warp);
    int p = 0;
    while ((p + 1) * (p + 2) / 2 <= pair) p++;
    const int q = pair - p * (p + 1) / 2;
    const float *band = plane_of(a.band, blockIdx.y);
    const float *means = a.means + blockIdx.y * kN;
    if (pair < kPairs && lane < kCovarianceChains)
        chains[warp][lane] = covariance_chain(band + position(a.stride, p), band + position(a.stride, q),
                                              a.stride, a.window_h, a.window_w, means[p], means[q],
                                              static_cast<int>(lane));
    __syncthreads();
    if (pair >= kPairs || lane != 0) return;
    const double *c = chains[warp];
    const double sum = covariance_fold(c, c + kCovarianceLanes, c[2 * kCovarianceLanes]);
    const float v = static_cast<float>(sum / static_cast<double>(static_cast<long long>(a.window_w) * a.window_h));
    float *cov = a.cov + blockIdx.y * kN2;
    cov[p * kN + q] = v;
    cov[q * kN + p] = v;
}

__global__ void observations_kernel(BlockArgs a)
{
    const int blocks = a.blocks;
    const long long i = static_cast<long long>(blockIdx.x) * kBlockThreads + threadIdx.x;
    if (i >= static_cast<long long>(kN) * blocks) return;
    const int p = static_cast<int>(i / blocks), b = static_cast<int>(i % blocks);
    a.observed[blockIdx.y * static_cast<long long>(kN) * blocks + i] =
        observation(plane_of(a.band, blockIdx.y), a.stride, a.blocks_x, p, b);
}

// out (kN x cols) = m (kN x kN) * b (kN x cols), entries spread over the block.
__device__ void block_multiply(const float *m, const float *b, int cols, float *out)
{
    for (int e = static_cast<int>(threadIdx.x); e < kN * cols; e += kBlockThreads)
        out[e] = product_entry(m, b, kN, cols, e / cols, e % cols);
    __syncthreads();
}

// speed_math.h's tridiagonalize with its row products, updates and rank-2
// update spread over the block (each entry in the CPU's order); the
// Householder vectors and the dot products on thread 0.
__device__ void block_tridiagonalize(float *a, float *d, float *e, float *v, float *x, float *tau)
{
    for (int i = 0; i < kN - 2; i++) {
        if (threadIdx.x == 0) {
            *tau = householder(a, kN, i, i + 1);
            for (int j = i + 1; j < kN; j++) v[j] = a[j * kN + i];
            v[i + 1] = 1.0f;
        }
        __syncthreads();
        const float t = *tau;
        // Every thread has read tau before thread 0 writes the next one.
        __syncthreads();
        if (t == 0.0f) continue;
        const int lo = i + 1, m = kN - lo;
        for (int r = lo + static_cast<int>(threadIdx.x); r < kN; r += kBlockThreads)
            x[r] = tridiagonal_row(a, v, t, kN, lo, r);
        __syncthreads();
        if (threadIdx.x == 0) *tau = tridiagonal_shift(x, v, t, kN, lo);
        __syncthreads();
        const float alpha = *tau;
        for (int r = lo + static_cast<int>(threadIdx.x); r < kN; r += kBlockThreads) x[r] += alpha * v[r];
        __syncthreads();
        for (int q = static_cast<int>(threadIdx.x); q < m * m; q += kBlockThreads) {
            const int r = lo + q / m, c = lo + q % m;
            a[r * kN + c] -= x[r] * v[c] + v[r] * x[c];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        for (int i = 0; i < kN; i++) d[i] = a[i * kN + i];
        for (int i = 0; i < kN - 1; i++) e[i] = a[(i + 1) * kN + i];
    }
    __syncthreads();
}

// The eigenvalues of a picture's covariance, and whether it is regular.
__device__ void eigen_role(BlockArgs a, unsigned side)
{
    __shared__ float work[kN2], eig[kN], e[kN], v[kN], x[kN], tau;
    for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads) work[i] = a.cov[side * kN2 + i];
    __syncthreads();
    block_tridiagonalize(work, eig, e, v, x, &tau);
    if (threadIdx.x == 0) {
        tridiagonal_eigenvalues(eig, e, kN);
        for (int i = 0; i < kN; i++) a.eigenvalues[side * kN + i] = eig[i];
        a.flags[side * kFlags + kRegular] = regular(eig, kN) ? 1 : 0;
    }
}

// The QR solve of a picture's covariance against its observations, wanted
// only where the covariance is regular but computed beside its
// eigenvalues, not after them; whether the substitution met a small pivot.
__device__ void solve_role(BlockArgs a, unsigned side)
{
    __shared__ float cov[kN2], p[kN2], r[kN2], z[kN2], h[kN2], product[kN2], v[kN];
    const int blocks = a.blocks;
    const long long plane = static_cast<long long>(kN) * blocks;
    const float *observed = a.observed + side * plane;
    float *solution = a.solution + side * plane;
    for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads) {
        cov[i] = a.cov[side * kN2 + i];
        z[i] = cov[i];
        p[i] = i / kN == i % kN ? 1.0f : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < kN - 1; k++) {
        for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads)
            hold_identity(z, kN, k, i / kN, i % kN);
        __syncthreads();
        if (threadIdx.x == 0) reflection(cov, z, kN, k, v);
        __syncthreads();
        for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads)
            h[i] = reflection_entry(v, i / kN, i % kN);
        __syncthreads();
        block_multiply(h, z, kN, product);
        for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads) z[i] = product[i];
        __syncthreads();
        block_multiply(h, p, kN, product);
        for (int i = static_cast<int>(threadIdx.x); i < kN2; i += kBlockThreads) p[i] = product[i];
        __syncthreads();
    }
    block_multiply(p, cov, kN, r);
    // R X = P B: P B into the solution, then each column substituted back
    // on its own.
    block_multiply(p, observed, blocks, solution);
    int failed = 0;
    for (int j = static_cast<int>(threadIdx.x); j < blocks && !failed; j += kBlockThreads)
        for (int i = kN - 1; i >= 0 && !failed; i--)
            failed = !back_substitute(r, solution, solution, kN, blocks, i, j);
    if (__syncthreads_or(failed) && threadIdx.x == 0) a.flags[side * kFlags + kFailed] = 1;
    else if (threadIdx.x == 0) a.flags[side * kFlags + kFailed] = 0;
}

// Blocks (0, side) the eigenvalues, blocks (1, side) the solve: the
// eigenvalue iteration runs on one thread, the QR on a block, side by side.
__global__ void solve_kernel(BlockArgs a)
{
    if (blockIdx.x == 0) eigen_role(a, blockIdx.y);
    else solve_role(a, blockIdx.y);
}

// Each block's variance scale and entropy, from a solution that stands
// where the covariance is regular and every pivot large enough (else 0).
__global__ void entropy_kernel(BlockArgs a)
{
    // One more than the eigenvalues: the compiler reads them in pairs,
    // the last pair past the 25th (compute-sanitizer's memcheck).
    __shared__ float eig[kN + 1];
    const unsigned side = blockIdx.y;
    const int blocks = a.blocks;
    const long long plane = static_cast<long long>(kN) * blocks;
    const float *observed = a.observed + side * plane;
    float *solution = a.solution + side * plane;
    const bool solved = a.flags[side * kFlags + kRegular] && !a.flags[side * kFlags + kFailed];
    if (threadIdx.x < kN) eig[threadIdx.x] = a.eigenvalues[side * kN + threadIdx.x];
    if (!solved)
        for (long long i = threadIdx.x; i < plane; i += kBlockThreads) solution[i] = 0.0f;
    __syncthreads();
    for (int b = static_cast<int>(threadIdx.x); b < blocks; b += kBlockThreads) {
        const float s = variance_scale(solution, observed, kN, blocks, b);
        a.variance[side * blocks + b] = s;
        a.entropy[side * blocks + b] = entropy(eig, kN, s, a.sigma_nn);
    }
    if (threadIdx.x == 0) a.singular[side] = solved ? 0.0f : 1.0f;
}

// The weighted difference over the blocks, in order, and the CPU's rule for
// a singular side: each block's term by a thread (0 where the CPU skips the
// block: adding 0 leaves the non-negative sum as it is), summed in order
// by thread 0.
__global__ void score_kernel(BlockArgs a)
{
    __shared__ float terms[kBlockThreads];
    const int blocks = a.blocks;
    const bool ref_ok = a.singular[0] == 0.0f, dis_ok = a.singular[1] == 0.0f;
    if (ref_ok != dis_ok) {
        if (threadIdx.x == 0) {
            a.result[0] = 0.0f;
            a.result[1] = 1.0f;
        }
        return;
    }
    const float floor = entropy_floor(kN, a.nn_floor, a.sigma_nn);
    const float *er = a.entropy, *ed = a.entropy + blocks;
    const float *vr = a.variance, *vd = a.variance + blocks;
    float score = 0;
    for (int b0 = 0; b0 < blocks; b0 += static_cast<int>(kBlockThreads)) {
        const int b = b0 + static_cast<int>(threadIdx.x);
        if (b < blocks)
            terms[threadIdx.x] = er[b] < floor && ed[b] < floor
                                     ? 0.0f
                                     : weighted_difference(a.weight_var_mode, er[b], ed[b], vr[b], vd[b]);
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = blocks - b0 < static_cast<int>(kBlockThreads) ? blocks - b0 : static_cast<int>(kBlockThreads);
            for (int k = 0; k < count; k++) score += terms[k];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        a.result[0] = score / static_cast<float>(blocks);
        a.result[1] = ref_ok ? 0.0f : 1.0f;
    }
}

} // namespace

hipError_t launch_difference(PlanePair<const float> a, PlanePair<const float> b, long long n,
                             PlanePair<float> out, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(difference_kernel, dim3(blocks_for(n), 2), dim3(kBlockThreads), 0, stream, a,
                       b, n, out);
    return hipGetLastError();
}

hipError_t launch_blocks(const BlockArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const int blocks = a.blocks;
    hipLaunchKernelGGL(means_kernel, dim3(1, 2), dim3(32), 0, stream, a);
    hipLaunchKernelGGL(covariance_kernel, dim3((kPairs + kPairsPerBlock - 1) / kPairsPerBlock, 2),
                       dim3(kBlockThreads), 0, stream, a);
    hipLaunchKernelGGL(observations_kernel, dim3(blocks_for(static_cast<long long>(kN) * blocks), 2),
                       dim3(kBlockThreads), 0, stream, a);
    hipLaunchKernelGGL(solve_kernel, dim3(2, 2), dim3(kBlockThreads), 0, stream, a);
    hipLaunchKernelGGL(entropy_kernel, dim3(1, 2), dim3(kBlockThreads), 0, stream, a);
    hipLaunchKernelGGL(score_kernel, dim3(1), dim3(kBlockThreads), 0, stream, a);
    return hipGetLastError();
}

} // namespace vmaf::hip::speed
