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
// sum adds a run that stays in its binade at once (ADR 0041), and scans
// only the short runs in which the sum leaves it (ADR 0052).
#pragma once

#include <cfloat>
#include <climits>

#include "base/host_device.h"

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

        // Threads past the chunk hold no terms: a short chunk (a sub-segment
        // of chain_sum_segmented) scans only the threads that do.
        const int active = (chunk + kChainPerThread - 1) / kChainPerThread;

        // The thread's terms, loaded at once (one wait, not one a term: no
        // load under a branch, an index past the run reads t[k]) and kept
        // for the replay.
        float v[kChainPerThread];
#pragma unroll
        for (int j = 0; j < kChainPerThread; j++) {
            const float x = t[first + j < last ? first + j : k];
            v[j] = first + j < last ? x : 0.0f;
        }
        ChainStep mine = chain_identity();
#pragma unroll
        for (int j = 0; j < kChainPerThread; j++)
            if (first + j < last) mine = chain_then(mine, chain_term(v[j], scale));
        scan[tid] = mine;
        __syncthreads(); // every read of `cross` above is done
        if (tid == 0) cross = INT_MAX;
        // Inclusive scan, earlier runs first.
        for (int offset = 1; offset < active; offset *= 2) {
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
        // No break: a loop that breaks is not unrolled by every compiler,
        // and v must stay in registers.
#pragma unroll
        for (int j = 0; j < kChainPerThread; j++) {
            if (my_cross != INT_MAX || first + j >= last) continue;
            const ChainStep step = chain_term(v[j], scale);
            if (s + step.inc[p] >= kChainTop) {
                my_cross = first + j;
                my_before = s;
            } else {
                s += step.inc[p];
                p = step.out[p];
            }
        }
        if (my_cross != INT_MAX) atomicMin(&cross, my_cross);
        __syncthreads();
        if (my_cross != INT_MAX && my_cross == cross) s_cross = my_before;
        __syncthreads();
        if (cross == INT_MAX) {
            const long long s_end = s0 + scan[active - 1].inc[p0];
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

// Segments: the terms in runs of kChainChunk, and each segment in
// sub-segments of kChainSub, folded ahead of the sum, all at once, on the
// grids of the binades the running sum may be in where the run starts (ADR
// 0041, ADR 0052). The running sum of n terms is within a factor
// 1 + n 2^-24 of the exact one, so below 2^24 terms its binade at any
// position is within one of the exact prefix's: three grids around the
// double sum of the terms before the run. A run whose fold keeps the sum in
// its binade (no term of it reaches 2^24 on the grid: the increments are
// never negative, so the end tells) is one addition; a run of zeros none.
// chain_sum_segmented adds a segment at once where it can, else its
// sub-segments, and calls chain_run only on a sub-segment in which the sum
// leaves its binade (or has not yet become a normal float).
inline constexpr int kChainCandidates = 3;
inline constexpr int kNoBinade = INT_MIN; // the terms before are all zero
inline constexpr int kChainSubThreads = 32;
inline constexpr int kChainSub = kChainSubThreads * kChainPerThread;
inline constexpr int kChainSubsPerSegment = kChainChunk / kChainSub;

struct ChainSegment {
    ChainStep step[kChainCandidates]; // on the grids of binades e0 - 1, e0, e0 + 1
    int e0;                           // frexp's exponent of the double prefix, or kNoBinade
    int zeros;                        // every term of the run is 0
};

__host__ __device__ inline int chain_segments(int n) { return (n + kChainChunk - 1) / kChainChunk; }
__host__ __device__ inline int chain_subs(int n) { return (n + kChainSub - 1) / kChainSub; }

// A fold that no sum can add at once: it leaves every binade.
__device__ inline ChainStep chain_leaves() { return {{kChainTop, kChainTop}, {0, 1}}; }

// One block per segment of t[0..n): its terms' double sum, in any order.
__device__ inline void chain_segment_sum(const float *t, int n, double *segment_sums)
{
    __shared__ double part[kChainThreads];
    const int tid = static_cast<int>(threadIdx.x);
    const int g = static_cast<int>(blockIdx.x);
    const int first = g * kChainChunk;
    const int end = first + kChainChunk < n ? first + kChainChunk : n;
    // Every load issued before the first addition (an index past the
    // segment reads its first term).
    float x[kChainPerThread];
#pragma unroll
    for (int r = 0; r < kChainPerThread; r++) {
        const int j = first + tid + r * kChainThreads;
        x[r] = t[j < end ? j : first];
    }
    double mine = 0;
#pragma unroll
    for (int r = 0; r < kChainPerThread; r++)
        if (first + tid + r * kChainThreads < end) mine += x[r];
    part[tid] = mine;
    __syncthreads();
    for (int half = kChainThreads / 2; half > 0; half /= 2) {
        if (tid < half) part[tid] += part[tid + half];
        __syncthreads();
    }
    if (tid == 0) segment_sums[g] = part[0];
}

// Joins fold[0..count) left to right in groups of `group` threads (a power
// of two): each group's fold ends at its first index. Every thread calls it.
__device__ inline void chain_join(ChainStep *fold, int group)
{
    const int tid = static_cast<int>(threadIdx.x);
    for (int width = 1; width < group; width *= 2) {
        if (tid % (2 * width) == 0) fold[tid] = chain_then(fold[tid], fold[tid + width]);
        __syncthreads();
    }
}

// One block per segment: the folds of each of its sub-segments on the three
// grids around the binade of the double sum of the terms before it, then the
// segment's on the three grids around its own start's, joined from the
// sub-segments' (a sub-segment's grids are the segment's or one binade up:
// a segment grid that one of them lacks gives chain_leaves, which the sum
// could not have needed). t is 16-byte aligned (a device allocation).
__device__ inline void chain_segment_fold(const float *t, int n, const double *segment_sums,
                                          ChainSegment *segments, ChainSegment *subs)
{
    __shared__ ChainStep fold[kChainThreads];
    __shared__ ChainStep sub_fold[kChainCandidates][kChainSubsPerSegment];
    __shared__ double part[kChainThreads];
    __shared__ double sub_before[kChainSubsPerSegment];
    __shared__ int sub_e0[kChainSubsPerSegment];
    const int tid = static_cast<int>(threadIdx.x);
    const int g = static_cast<int>(blockIdx.x);

    // The double sum of the segments before, then this thread's terms'.
    double mine = 0;
    for (int i = tid; i < g; i += kChainThreads) mine += segment_sums[i];
    part[tid] = mine;
    __syncthreads();
    for (int half = kChainThreads / 2; half > 0; half /= 2) {
        if (tid < half) part[tid] += part[tid + half];
        __syncthreads();
    }
    const double before = part[0];
    const int end = (g + 1) * kChainChunk < n ? (g + 1) * kChainChunk : n;
    const int first = g * kChainChunk + tid * kChainPerThread;
    const int count = end - first < 0 ? 0 : (end - first < kChainPerThread ? end - first : kChainPerThread);
    float v[kChainPerThread];
    if (count == kChainPerThread) {
        // Four 16-byte loads (t is a device allocation: first is a multiple
        // of 16 terms), where 16 scalar ones 64 bytes apart across the warp
        // throttled the load unit.
        const float4 *quads = reinterpret_cast<const float4 *>(t + first);
#pragma unroll
        for (int j = 0; j < kChainPerThread / 4; j++) {
            const float4 q = quads[j];
            v[4 * j] = q.x;
            v[4 * j + 1] = q.y;
            v[4 * j + 2] = q.z;
            v[4 * j + 3] = q.w;
        }
    } else {
#pragma unroll
        for (int j = 0; j < kChainPerThread; j++) {
            const float x = t[j < count ? first + j : g * kChainChunk]; // no load under a branch
            v[j] = j < count ? x : 0.0f;
        }
    }
    double own = 0;
#pragma unroll
    for (int j = 0; j < kChainPerThread; j++) own += v[j];
    __syncthreads(); // every thread has read part[0]
    part[tid] = own;
    __syncthreads();
    if (tid < kChainSubsPerSegment) {
        double s = 0;
        for (int i = 0; i < kChainSubThreads; i++) s += part[tid * kChainSubThreads + i];
        sub_before[tid] = s;
    }
    __syncthreads();
    const int sub = tid / kChainSubThreads;
    const int sub_index = g * kChainSubsPerSegment + sub;
    const bool sub_first = tid % kChainSubThreads == 0 && sub_index * kChainSub < n;
    const double sub_sum = sub_before[sub];
    __syncthreads(); // every thread has read its sub-segment's sum
    int e0 = kNoBinade;
    if (before > 0) frexp(before, &e0);
    if (tid == 0) {
        double run = before;
        bool zeros = true;
        for (int k = 0; k < kChainSubsPerSegment; k++) {
            const double s = sub_before[k];
            zeros = zeros && s == 0;
            sub_before[k] = run;
            run += s;
        }
        segments[g].e0 = e0;
        segments[g].zeros = zeros;
    }
    __syncthreads();
    int e_sub = kNoBinade;
    if (sub_before[sub] > 0) frexp(sub_before[sub], &e_sub);
    if (sub_first) {
        subs[sub_index].e0 = e_sub;
        subs[sub_index].zeros = sub_sum == 0;
    }
    if (tid % kChainSubThreads == 0) sub_e0[sub] = e_sub;

    // Each sub-segment's folds. Where the terms before are all zero, any
    // grid: the sum never takes them.
#pragma unroll 1
    for (int c = 0; c < kChainCandidates; c++) {
        const double scale = ldexp(1.0, 24 - (e_sub == kNoBinade ? 0 : e_sub - 1 + c));
        ChainStep mine_step = chain_identity();
#pragma unroll
        for (int j = 0; j < kChainPerThread; j++)
            if (j < count) mine_step = chain_then(mine_step, chain_term(v[j], scale));
        fold[tid] = mine_step;
        __syncthreads();
        chain_join(fold, kChainSubThreads);
        if (tid % kChainSubThreads == 0) {
            sub_fold[c][sub] = fold[tid];
            if (sub_first) subs[sub_index].step[c] = fold[tid];
        }
        __syncthreads(); // fold is read before the next candidate writes it
    }

    // The segment's folds from its sub-segments', on one warp's worth of
    // threads (the others meet the barriers); sub-segments past the end hold
    // no terms.
    if (e0 == kNoBinade) return; // the block returns as one: `before` is the same for all
#pragma unroll 1
    for (int c = 0; c < kChainCandidates; c++) {
        if (tid < kChainSubsPerSegment) {
            const int k = (e0 - 1 + c) - (sub_e0[tid] - 1);
            if ((g * kChainSubsPerSegment + tid) * kChainSub >= n) fold[tid] = chain_identity();
            else fold[tid] = k >= 0 && k < kChainCandidates ? sub_fold[k][tid] : chain_leaves();
        }
        __syncthreads();
        chain_join(fold, kChainSubsPerSegment);
        if (tid == 0) segments[g].step[c] = fold[0];
        __syncthreads();
    }
}

// Adds t[start..end) at once from its fold, where the sum is there, normal,
// in one of the fold's binades, and stays in it; or skips the run where its
// terms are all zero. False where chain_run must add it. Integer steps
// only: a normal float sum in binade e (frexp's) is S 2^(e-24) with S its
// significand and hidden bit, and a new S in [2^23, 2^24) is a float of the
// same binade, its bits put together.
__device__ inline bool chain_add_fold(const ChainSegment &f, int start, int end, float &sum,
                                      int &next)
{
    if (next != start) return false;
    if (f.zeros) {
        next = end; // s + 0 = s for every s at or above +0
        return true;
    }
    if (sum < FLT_MIN || f.e0 == kNoBinade) return false;
    const unsigned bits = vmaf::bits_as<unsigned>(sum);
    const int e = static_cast<int>(bits >> 23) - 126; // sum is positive and normal
    const int c = e - (f.e0 - 1);
    if (c < 0 || c >= kChainCandidates) return false;
    const long long s0 = static_cast<long long>((bits & 0x7fffffu) | 0x800000u);
    const long long s = s0 + f.step[c].inc[s0 & 1];
    if (s >= kChainTop) return false;
    sum = vmaf::bits_as<float>((bits & 0xff800000u) | (static_cast<unsigned>(s) & 0x7fffffu));
    next = end;
    return true;
}

// Copies records[0..count) to shared memory, for every thread of the block.
__device__ inline void chain_stage(const ChainSegment *records, int count, ChainSegment *staged)
{
    __syncthreads(); // every read of what was staged before is done
    for (int i = static_cast<int>(threadIdx.x); i < count; i += kChainThreads) staged[i] = records[i];
    __syncthreads();
}

// The running sum where thread 0 stopped adding runs at once, handed to
// the block: every thread then holds thread 0's sum, position and run.
struct ChainWalk {
    float sum;
    int next, at;
};

__device__ inline void chain_share(ChainWalk &walk, float &sum, int &next, int &at)
{
    if (threadIdx.x == 0) walk = {sum, next, at};
    __syncthreads();
    sum = walk.sum;
    next = walk.next;
    at = walk.at;
    __syncthreads(); // every thread has read walk before thread 0 writes it again
}

// chain_sum with the segments and sub-segments folded ahead
// (chain_segment_fold's, for the same t and n). Thread 0 alone adds the
// runs it can at once, from records staged in shared memory, and hands its
// sum to the block only where a sub-segment needs chain_run (the other
// threads wait at a barrier instead of repeating its steps).
__device__ inline float chain_sum_segmented(const float *t, int n, const ChainSegment *segments,
                                            const ChainSegment *subs)
{
    __shared__ ChainSegment staged_segments[kChainSubsPerSegment];
    __shared__ ChainSegment staged_subs[kChainSubsPerSegment];
    __shared__ ChainWalk walk;
    float sum = 0.0f;
    int next = 0;
    const int count = chain_segments(n);
    for (int batch = 0; batch < count; batch += kChainSubsPerSegment) {
        const int in_batch = count - batch < kChainSubsPerSegment ? count - batch : kChainSubsPerSegment;
        chain_stage(segments + batch, in_batch, staged_segments);
        int k = 0;
        for (;;) {
            if (threadIdx.x == 0) {
                for (; k < in_batch; k++) {
                    const int g = batch + k, start = g * kChainChunk;
                    const int end = start + kChainChunk < n ? start + kChainChunk : n;
                    if (!chain_add_fold(staged_segments[k], start, end, sum, next)) break;
                }
            }
            chain_share(walk, sum, next, k);
            if (k >= in_batch) break;
            // Segment g, sub-segment by sub-segment.
            const int g = batch + k;
            const int end = (g + 1) * kChainChunk < n ? (g + 1) * kChainChunk : n;
            const int first_sub = g * kChainSubsPerSegment;
            const int subs_here = chain_subs(end) - first_sub;
            chain_stage(subs + first_sub, subs_here, staged_subs);
            int j = 0;
            for (;;) {
                if (threadIdx.x == 0) {
                    for (; j < subs_here; j++) {
                        const int a = (first_sub + j) * kChainSub;
                        const int b = a + kChainSub < end ? a + kChainSub : end;
                        if (!chain_add_fold(staged_subs[j], a, b, sum, next)) break;
                    }
                }
                chain_share(walk, sum, next, j);
                if (j >= subs_here) break;
                const int a = (first_sub + j) * kChainSub;
                chain_run(t, a + kChainSub < end ? a + kChainSub : end, sum, next);
                j++;
            }
            k++;
        }
    }
    return sum;
}

} // namespace vmaf::hip
