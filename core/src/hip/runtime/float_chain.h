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
// terms one by one until it is a normal float. ADR 0018.
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

// The sequential float sum of t[0..n) (finite, none negative), for every
// thread of the block (a block of kChainThreads threads, all calling it).
// Every thread keeps the running sum and position itself, in step with the
// others: each is computed from values all threads read between the same
// two barriers, so shared memory is written only where no thread reads it
// (compute-sanitizer's racecheck holds it to that).
__device__ inline float chain_sum(const float *t, int n)
{
    __shared__ ChainStep scan[kChainThreads];
    __shared__ int cross;
    __shared__ long long s_cross;
    const int tid = static_cast<int>(threadIdx.x);
    float sum = 0.0f;
    int next = 0;
    for (;;) {
        // Zero terms leave a zero sum as it is: find the first other one.
        if (sum == 0.0f) {
            if (tid == 0) cross = INT_MAX;
            __syncthreads();
            bool found = false;
            for (int base = next; base < n && !found; base += kChainThreads) {
                const int j = base + tid;
                if (j < n && t[j] != 0.0f) atomicMin(&cross, j);
                __syncthreads();
                found = cross != INT_MAX; // read by all between two barriers
                __syncthreads();
            }
            next = found ? cross : n;
        }
        while (next < n && sum < FLT_MIN) sum += t[next++];
        const int k = next;
        if (k >= n) break;

        // s = S u, 2^23 <= S < 2^24.
        int e;
        frexp(static_cast<double>(sum), &e); // sum = m 2^e, 0.5 <= m < 1
        const double scale = ldexp(1.0, 24 - e);
        const long long s0 = static_cast<long long>(static_cast<double>(sum) * scale);
        const int p0 = static_cast<int>(s0 & 1);
        const int chunk = n - k < kChainChunk ? n - k : kChainChunk;
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
            const long long end = s0 + scan[kChainThreads - 1].inc[p0];
            sum = static_cast<float>(static_cast<double>(end) / scale);
            next = k + chunk;
        } else {
            // The term that leaves the binade, added as the loop adds it.
            sum = static_cast<float>(static_cast<double>(s_cross) / scale) + t[cross];
            next = cross + 1;
        }
        __syncthreads(); // every read of scan, cross and s_cross is done
    }
    return sum;
}

} // namespace vmaf::hip
