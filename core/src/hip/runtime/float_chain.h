// A float sum of non-negative terms with the bits of the sequential loop
// s = ((t0 + t1) + t2) + ..., computed by one block of kChainThreads
// threads. Device code: included by kernels (.hip) only.
//
// While the running sum stays in one binade [2^e, 2^(e+1)), every sum is a
// multiple of u = 2^(e-23): s = S u with S an integer below 2^24, and adding
// t gives S + R, R the nearest integer to t / u, ties going to the even
// result. R depends on the running S only at ties, and there only on its
// parity, so a run of terms is a function of S's parity (an increment and
// an outgoing parity for each), and such functions compose: a block scans
// a chunk of terms, finds the first term that leaves the binade (S + R
// reaching 2^24), adds that one term in float as the loop would, and goes
// on from the next in the new binade. A sum starts with every thread adding
// terms one by one until it is a normal float. ADR 0018. chain_sum_segmented
// folds runs of terms ahead, on many blocks, so that the one block of the
// sum adds a run that stays in its binade at once (ADR 0041).
#pragma once

#include <cfloat>
#include <climits>

namespace vmaf::hip {

inline constexpr int kChainThreads = 1024; // the block size a caller launches
inline constexpr int kChainPerThread = 16;
inline constexpr int kChainChunk = kChainThreads * kChainPerThread;
// Any R at least 2^24 leaves the binade; larger ones are capped so that the
// increments of a chunk cannot overflow.
inline constexpr long long kChainCap = 1ll << 30;
inline constexpr long long kChainTop = 1ll << 24;

// What a run of terms does to S, for each parity of S on entry.
struct ChainStep {
    long long inc[2];
    int out[2];
};

__device__ inline ChainStep chain_identity() { return {{0, 0}, {0, 1}}; }

// `a`, then `b`.
__device__ inline ChainStep chain_then(const ChainStep &a, const ChainStep &b)
{
    ChainStep c;
#pragma unroll
    for (int p = 0; p < 2; p++) {
        c.inc[p] = a.inc[p] + b.inc[a.out[p]];
        c.out[p] = b.out[a.out[p]];
    }
    return c;
}

// One term, on the grid where u is 1 / scale.
__device__ inline ChainStep chain_term(float t, double scale)
{
    const double q = static_cast<double>(t) * scale; // exact: scale is a power of 2
    const double whole = floor(q);
    const double frac = q - whole;
    const long long n = whole < static_cast<double>(kChainCap) ? static_cast<long long>(whole)
                                                                : kChainCap;
    ChainStep s;
    if (frac < 0.5 || frac > 0.5) {
        const long long r = frac < 0.5 ? n : n + 1;
        s.inc[0] = s.inc[1] = r;
        s.out[0] = static_cast<int>(r & 1);
        s.out[1] = static_cast<int>((r + 1) & 1);
    } else {
        // A tie: to the even S + R.
#pragma unroll
        for (int p = 0; p < 2; p++) {
            s.inc[p] = n + ((p ^ static_cast<int>(n & 1)) ? 1 : 0);
            s.out[p] = 0;
        }
    }
    return s;
}

// Goes on with the sequential float sum `sum` of t[0..next) up to t[end)
// (finite terms, none negative), for every thread of the block (a block of
// kChainThreads threads, all calling it with the same values). Every thread
// keeps the running sum and position itself, in step with the others: each
// is computed from values all threads read between the same two barriers,
// so shared memory is written only where no thread reads it
// (compute-sanitizer's racecheck holds it to that).
__device__ inline void chain_run(const float *t, int end, float &sum, int &next)
{
    __shared__ ChainStep scan[kChainThreads];
    __shared__ int cross;
    __shared__ long long s_cross;
    const int tid = static_cast<int>(threadIdx.x);
    for (;;) {
        // Zero terms leave a zero sum as it is: find the first other one.
        if (sum == 0.0f) {
            if (tid == 0) cross = INT_MAX;
            __syncthreads();
            bool found = false;
            for (int base = next; base < end && !found; base += kChainThreads) {
                const int j = base + tid;
                if (j < end && t[j] != 0.0f) atomicMin(&cross, j);
                __syncthreads();
                found = cross != INT_MAX; // read by all between two barriers
                __syncthreads();
            }
            next = found ? cross : end;
        }
        while (next < end && sum < FLT_MIN) sum += t[next++];
        const int k = next;
        if (k >= end) break;

        // s = S u, 2^23 <= S < 2^24.
        int e;
        frexp(static_cast<double>(sum), &e); // sum = m 2^e, 0.5 <= m < 1
        const double scale = ldexp(1.0, 24 - e);
        const long long s0 = static_cast<long long>(static_cast<double>(sum) * scale);
        const int p0 = static_cast<int>(s0 & 1);
        const int chunk = end - k < kChainChunk ? end - k : kChainChunk;
        const int first = k + tid * kChainPerThread;
        const int last = first + kChainPerThread < k + chunk ? first + kChainPerThread : k + chunk;

        ChainStep mine = chain_identity();
        for (int j = first; j < last; j++) mine = chain_then(mine, chain_term(t[j], scale));
        scan[tid] = mine;
        __syncthreads(); // every read of `cross` above is done
        if (tid == 0) cross = INT_MAX;
        // Inclusive scan, earlier runs first.
        for (int offset = 1; offset < kChainThreads; offset *= 2) {
            const ChainStep before = tid >= offset ? scan[tid - offset] : chain_identity();
            __syncthreads();
            if (tid >= offset) scan[tid] = chain_then(before, scan[tid]);
            __syncthreads();
        }
        const ChainStep entry = tid == 0 ? chain_identity() : scan[tid - 1];
        long long s = s0 + entry.inc[p0];
        int p = entry.out[p0];
        int my_cross = INT_MAX;
        long long my_before = 0;
        for (int j = first; j < last; j++) {
            const ChainStep step = chain_term(t[j], scale);
            if (s + step.inc[p] >= kChainTop) {
                my_cross = j;
                my_before = s;
                atomicMin(&cross, j);
                break;
            }
            s += step.inc[p];
            p = step.out[p];
        }
        __syncthreads();
        if (my_cross != INT_MAX && my_cross == cross) s_cross = my_before;
        __syncthreads();
        if (cross == INT_MAX) {
            const long long s_end = s0 + scan[kChainThreads - 1].inc[p0];
            sum = static_cast<float>(static_cast<double>(s_end) / scale);
            next = k + chunk;
        } else {
            // The term that leaves the binade, added as the loop adds it.
            sum = static_cast<float>(static_cast<double>(s_cross) / scale) + t[cross];
            next = cross + 1;
        }
        __syncthreads(); // every read of scan, cross and s_cross is done
    }
    // The zero search's last read of `cross` is done before a next call
    // (chain_sum_segmented's next segment) writes it.
    __syncthreads();
}

// The sequential float sum of t[0..n) (finite, none negative), for every
// thread of the block (a block of kChainThreads threads, all calling it).
__device__ inline float chain_sum(const float *t, int n)
{
    float sum = 0.0f;
    int next = 0;
    chain_run(t, n, sum, next);
    return sum;
}

// Segments: the terms in runs of kChainChunk, each folded ahead of the sum,
// all at once, on the grids of the binades the running sum may be in when it
// gets there (ADR 0041). The running sum of n terms is within a factor
// 1 + n 2^-24 of the exact one, so below 2^24 terms its binade at a
// segment's start is within one of the exact prefix's: three grids around
// the double sum of the terms before it. A segment whose fold keeps the sum
// in its binade (no term of it reaches 2^24 on the grid: the increments are
// never negative, so the end tells) is one addition; any other, chain_run.
inline constexpr int kChainCandidates = 3;
inline constexpr int kNoBinade = INT_MIN; // the terms before are all zero

struct ChainSegment {
    ChainStep step[kChainCandidates]; // on the grids of binades e0 - 1, e0, e0 + 1
    int e0;                           // frexp's exponent of the double prefix, or kNoBinade
};

__host__ __device__ inline int chain_segments(int n) { return (n + kChainChunk - 1) / kChainChunk; }

// One block per segment of t[0..n): its terms' double sum, in any order.
__device__ inline void chain_segment_sum(const float *t, int n, double *segment_sums)
{
    __shared__ double part[kChainThreads];
    const int tid = static_cast<int>(threadIdx.x);
    const int g = static_cast<int>(blockIdx.x);
    const int first = g * kChainChunk;
    const int end = first + kChainChunk < n ? first + kChainChunk : n;
    double mine = 0;
    for (int j = first + tid; j < end; j += kChainThreads) mine += t[j];
    part[tid] = mine;
    __syncthreads();
    for (int half = kChainThreads / 2; half > 0; half /= 2) {
        if (tid < half) part[tid] += part[tid + half];
        __syncthreads();
    }
    if (tid == 0) segment_sums[g] = part[0];
}

// One block per segment: its folds on the three grids around the binade of
// the double sum of the segments before it (chain_segment_sum's).
__device__ inline void chain_segment_fold(const float *t, int n, const double *segment_sums,
                                          ChainSegment *segments)
{
    __shared__ ChainStep fold[kChainThreads];
    __shared__ double prefix[kChainThreads];
    const int tid = static_cast<int>(threadIdx.x);
    const int g = static_cast<int>(blockIdx.x);
    double mine = 0;
    for (int i = tid; i < g; i += kChainThreads) mine += segment_sums[i];
    prefix[tid] = mine;
    __syncthreads();
    for (int half = kChainThreads / 2; half > 0; half /= 2) {
        if (tid < half) prefix[tid] += prefix[tid + half];
        __syncthreads();
    }
    const double before = prefix[0];
    int e0 = kNoBinade;
    if (before > 0) frexp(before, &e0);
    if (tid == 0) segments[g].e0 = e0;
    if (e0 == kNoBinade) return; // the block returns as one: `before` is the same for all
    const int first = g * kChainChunk + tid * kChainPerThread;
    const int end = (g + 1) * kChainChunk < n ? (g + 1) * kChainChunk : n;
    const int last = first + kChainPerThread < end ? first + kChainPerThread : end;
#pragma unroll 1
    for (int c = 0; c < kChainCandidates; c++) {
        const double scale = ldexp(1.0, 24 - (e0 - 1 + c));
        ChainStep mine_step = chain_identity();
        for (int j = first; j < last; j++) mine_step = chain_then(mine_step, chain_term(t[j], scale));
        __syncthreads(); // the last candidate's fold[0] is read
        fold[tid] = mine_step;
        __syncthreads();
        // Neighbours joined in order: the fold of the segment, left to right.
        for (int width = 1; width < kChainThreads; width *= 2) {
            if (tid % (2 * width) == 0) fold[tid] = chain_then(fold[tid], fold[tid + width]);
            __syncthreads();
        }
        if (tid == 0) segments[g].step[c] = fold[0];
    }
}

// chain_sum with the segments folded ahead (chain_segment_fold's, for the
// same t and n): one addition per segment whose fold stays in the binade.
__device__ inline float chain_sum_segmented(const float *t, int n, const ChainSegment *segments)
{
    float sum = 0.0f;
    int next = 0;
    const int count = chain_segments(n);
    for (int g = 0; g < count; g++) {
        const int end = (g + 1) * kChainChunk < n ? (g + 1) * kChainChunk : n;
        const ChainSegment &seg = segments[g];
        if (next == g * kChainChunk && sum >= FLT_MIN && seg.e0 != kNoBinade) {
            int e;
            frexp(static_cast<double>(sum), &e);
            const int c = e - (seg.e0 - 1);
            if (c >= 0 && c < kChainCandidates) {
                const double scale = ldexp(1.0, 24 - e);
                const long long s0 = static_cast<long long>(static_cast<double>(sum) * scale);
                const long long s = s0 + seg.step[c].inc[s0 & 1];
                if (s < kChainTop) {
                    sum = static_cast<float>(static_cast<double>(s) / scale);
                    next = end;
                    continue;
                }
            }
        }
        chain_run(t, end, sum, next);
    }
    return sum;
}

} // namespace vmaf::hip
