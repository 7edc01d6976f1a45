// SpEED's arithmetic, one definition for the CPU extractors and their HIP
// twins: the block statistics of a band-passed plane (window means, the
// covariance sum), the linear algebra of its 25 x 25 block covariance
// (eigenvalues; the Householder QR whose product and back substitution are
// per entry, so the GPU may spread them over threads), the entropies and
// the weighted difference. Float with the reference's rounding: its C
// promotions to double written out, no contraction (ADR 0027).
#pragma once

#include <math.h>

#include "base/host_device.h"

namespace vmaf::speed {

// log2(2 pi e), as the reference's compiler folds it (log2 of the double
// product (2 pi) e, correctly rounded).
inline constexpr double kLog2TwoPiE = 0x1.06073a671183dp+2;
inline constexpr double kEps = 1.0e-6;
inline constexpr int kMaxEigenSteps = 500;

// The square root of a float in double, as the reference's sqrt(float).
VMAF_HOST_DEVICE inline float root(float v) { return static_cast<float>(sqrt(static_cast<double>(v))); }
VMAF_HOST_DEVICE inline float hypotenuse(float a, float b) { return root(a * a + b * b); }
VMAF_HOST_DEVICE inline float sign_of(float v) { return v >= 0 ? 1.0f : -1.0f; }

// SpEED's blocks: 5 x 5 samples of the band-passed plane.
inline constexpr int kBlock = 5;
inline constexpr int kBlockArea = kBlock * kBlock;

// Where position p (0-24) of the first block is in a plane of row stride
// `stride`: the origin of the window that position's samples span.
VMAF_HOST_DEVICE inline long long position(int stride, int p)
{
    return static_cast<long long>(p / kBlock) * stride + p % kBlock;
}

// Position p of block b (blocks_x blocks a row).
VMAF_HOST_DEVICE inline float observation(const float *band, int stride, int blocks_x, int p, int b)
{
    const int by = b / blocks_x, bx = b % blocks_x;
    return band[static_cast<long long>(by * kBlock) * stride + bx * kBlock + position(stride, p)];
}

// The mean of the window_w x window_h samples from `at` (row stride
// `stride`), summed in float row by row.
VMAF_HOST_DEVICE inline float window_mean(const float *at, int stride, int window_w, int window_h)
{
    float sum = 0;
    for (int i = 0; i < window_h; i++)
        for (int j = 0; j < window_w; j++) sum += at[i * stride + j];
    return sum / static_cast<float>(static_cast<long long>(window_w) * window_h);
}

// The covariance sum over an h x w window, the definition of speed_cov.h:
// two 8-lane fused accumulators (16 samples a step, then 8), folded as a
// 512-bit reduction, the row tails summed apart. Its 17 accumulators are
// independent chains (covariance_chain), which the GPU runs side by side.
inline constexpr int kCovarianceLanes = 8;
inline constexpr int kCovarianceChains = 2 * kCovarianceLanes + 1; // first, second, the tail

// The lanes and the tail folded as the 512-bit reduction folds them.
VMAF_HOST_DEVICE inline double covariance_fold(const double *first, const double *second, double tail)
{
    double lane[kCovarianceLanes];
    for (int l = 0; l < kCovarianceLanes; l++) lane[l] = first[l] + second[l];
    double quarter[4];
    for (int k = 0; k < 4; k++) quarter[k] = lane[k + 4] + lane[k];
    const double even = quarter[2] + quarter[0], odd = quarter[3] + quarter[1];
    return even + odd + tail;
}

VMAF_HOST_DEVICE inline double covariance_sum(const float *x, const float *y, long long stride, int h,
                                              int w, double mean_x, double mean_y)
{
    constexpr int kLanes = kCovarianceLanes;
    double first[kLanes] = {}, second[kLanes] = {};
    double tail = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        int j = 0;
        for (; j + 2 * kLanes <= w; j += 2 * kLanes) {
            for (int l = 0; l < kLanes; l++) {
                first[l] = fma(rx[j + l] - mean_x, ry[j + l] - mean_y, first[l]);
                second[l] = fma(rx[j + kLanes + l] - mean_x, ry[j + kLanes + l] - mean_y, second[l]);
            }
        }
        for (; j + kLanes <= w; j += kLanes)
            for (int l = 0; l < kLanes; l++) first[l] = fma(rx[j + l] - mean_x, ry[j + l] - mean_y, first[l]);
        for (; j < w; j++) tail += (rx[j] - mean_x) * (ry[j] - mean_y);
    }
    return covariance_fold(first, second, tail);
}

// Accumulator `chain` of covariance_sum alone: first[chain] for chain < 8,
// second[chain - 8] for chain < 16, else the tail; the same operations in
// the same order, so the same double.
VMAF_HOST_DEVICE inline double covariance_chain(const float *x, const float *y, long long stride, int h,
                                                int w, double mean_x, double mean_y, int chain)
{
    constexpr int kLanes = kCovarianceLanes;
    const int wide_end = w / (2 * kLanes) * (2 * kLanes); // the 16-sample steps
    const int lane_end = wide_end + (w - wide_end) / kLanes * kLanes; // then one 8-sample step
    double acc = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        if (chain < kLanes) {
            for (int j = chain; j < lane_end; j += j + kLanes < wide_end ? 2 * kLanes : kLanes)
                acc = fma(rx[j] - mean_x, ry[j] - mean_y, acc);
        } else if (chain < 2 * kLanes) {
            for (int j = chain; j < wide_end; j += 2 * kLanes) acc = fma(rx[j] - mean_x, ry[j] - mean_y, acc);
        } else {
            for (int j = lane_end; j < w; j++) acc += (rx[j] - mean_x) * (ry[j] - mean_y);
        }
    }
    return acc;
}

// Entry (i, j) of a (rows x inner) times b (inner x cols): summed from 0
// over the inner index in order.
VMAF_HOST_DEVICE inline float product_entry(const float *a, const float *b, int inner, int cols, int i,
                                            int j)
{
    float sum = 0.0f;
    for (int k = 0; k < inner; k++) sum += a[i * inner + k] * b[static_cast<long long>(k) * cols + j];
    return sum;
}

VMAF_HOST_DEVICE inline float norm(const float *v, int n)
{
    float sum = 0;
    for (int i = 0; i < n; i++) sum += v[i] * v[i];
    return root(sum);
}

// Householder reflection of column `col` from row `top` down that zeroes
// it below row `top` (GSL's gsl_linalg_householder_transform): returns tau,
// leaves beta at (top, col) and v (its first element implicitly 1) below.
VMAF_HOST_DEVICE inline float householder(float *a, int n, int col, int top)
{
    if (n - top == 1) return 0.0f;
    float below = 0;
    for (int i = top + 1; i < n; i++) below += a[i * n + col] * a[i * n + col];
    const float tail = root(below);
    if (tail == 0.0f) return 0.0f;
    const float alpha = a[top * n + col];
    const float beta = -sign_of(alpha) * hypotenuse(alpha, tail);
    const float tau = (beta - alpha) / beta;
    const float s = alpha - beta;
    if (s != 0.0f) {
        for (int i = top; i < n; i++) a[i * n + col] /= s;
        a[top * n + col] = beta;
    }
    return tau;
}

// Step i of the reduction of a symmetric `a` (n x n) to tridiagonal form
// P' A P (GSL's gsl_linalg_symmtd_decomp), on rows and columns lo = i + 1
// onwards: with v the Householder vector (v[lo] = 1), x = tau A v, then
// x -= (tau / 2) (x . v) v, then A -= x v' + v x'. Row r of the first:
VMAF_HOST_DEVICE inline float tridiagonal_row(const float *a, const float *v, float tau, int n, int lo,
                                              int r)
{
    float acc = 0.0f;
    for (int c = lo; c < n; c++) acc += tau * a[r * n + c] * v[c];
    return acc;
}

// The factor of the second, -(tau / 2) (x . v).
VMAF_HOST_DEVICE inline float tridiagonal_shift(const float *x, const float *v, float tau, int n, int lo)
{
    float xv = 0;
    for (int r = lo; r < n; r++) xv += x[r] * v[r];
    return static_cast<float>(-0.5 * tau * xv);
}

// The whole reduction: the diagonal to d, the subdiagonal to e; v and x are
// n floats of scratch.
VMAF_HOST_DEVICE inline void tridiagonalize(float *a, int n, float *d, float *e, float *v, float *x)
{
    for (int i = 0; i < n - 2; i++) {
        const float tau = householder(a, n, i, i + 1);
        for (int j = i + 1; j < n; j++) v[j] = a[j * n + i];
        if (tau == 0.0f) continue;
        v[i + 1] = 1.0f;
        const int lo = i + 1;
        for (int r = lo; r < n; r++) x[r] = tridiagonal_row(a, v, tau, n, lo, r);
        const float alpha = tridiagonal_shift(x, v, tau, n, lo);
        for (int r = lo; r < n; r++) x[r] += alpha * v[r];
        for (int r = lo; r < n; r++)
            for (int c = lo; c < n; c++) a[r * n + c] -= x[r] * v[c] + v[r] * x[c];
    }
    for (int i = 0; i < n; i++) d[i] = a[i * n + i];
    for (int i = 0; i < n - 1; i++) e[i] = a[(i + 1) * n + i];
}

VMAF_HOST_DEVICE inline void chop_small(float *d, float *e, int n)
{
    for (int i = 0; i < n - 1; i++)
        if (fabsf(e[i]) < kEps * (fabsf(d[i]) + fabsf(d[i + 1]))) e[i] = 0.0f;
}

// The eigenvalue of the trailing 2 x 2 block closer to its last entry.
VMAF_HOST_DEVICE inline float wilkinson_shift(const float *d, const float *e, int n)
{
    const float ta = d[n - 2], tb = d[n - 1], tab = e[n - 2];
    const float dt = static_cast<float>((ta - tb) / 2.0);
    if (dt > 0) return tb - tab * (tab / (dt + hypotenuse(dt, tab)));
    if (dt == 0) return tb - fabsf(tab);
    return tb + tab * (tab / (-dt + hypotenuse(dt, tab)));
}

struct Rotation {
    float c, s;
};

VMAF_HOST_DEVICE inline Rotation givens(float a, float b)
{
    if (b == 0) return {1, 0};
    if (fabsf(b) > fabsf(a)) {
        const float t = -a / b;
        const float s = static_cast<float>(1.0 / sqrt(static_cast<double>(1 + t * t)));
        return {s * t, s};
    }
    const float t = -b / a;
    const float c = static_cast<float>(1.0 / sqrt(static_cast<double>(1 + t * t)));
    return {c, c * t};
}

// One implicit QR step on the unreduced tridiagonal block d (n), e (n-1),
// chasing the bulge down (GSL's qrstep).
VMAF_HOST_DEVICE inline void qr_step(float *d, float *e, int n)
{
    float mu = wilkinson_shift(d, e, n);
    if (kEps * fabsf(mu) > fabsf(d[0]) + fabsf(e[0])) mu = 0;
    float x = d[0] - mu, z = e[0];
    float bk = 0, zk = 0;
    float ap = d[0], bp = e[0], aq = d[1];
    if (n == 2) {
        const Rotation g = givens(x, z);
        const float c = g.c, s = g.s;
        const float ap1 = c * (c * ap - s * bp) + s * (s * aq - c * bp);
        const float bp1 = c * (s * ap + c * bp) - s * (s * bp + c * aq);
        const float aq1 = s * (s * ap + c * bp) + c * (s * bp + c * aq);
        d[0] = ap1;
        e[0] = bp1;
        d[1] = aq1;
        return;
    }
    float bq = e[1];
    for (int k = 0; k < n - 1; k++) {
        const Rotation g = givens(x, z);
        const float c = g.c, s = g.s;
        const float bk1 = c * bk - s * zk;
        const float ap1 = c * (c * ap - s * bp) + s * (s * aq - c * bp);
        const float bp1 = c * (s * ap + c * bp) - s * (s * bp + c * aq);
        const float zp1 = -s * bq;
        const float aq1 = s * (s * ap + c * bp) + c * (s * bp + c * aq);
        const float bq1 = c * bq;
        bk = bp1;
        zk = zp1;
        ap = aq1;
        bp = bq1;
        if (k < n - 2) aq = d[k + 2];
        if (k < n - 3) bq = e[k + 2];
        d[k] = ap1;
        if (k > 0) e[k - 1] = bk1;
        if (k < n - 2) e[k + 1] = bp;
        x = bk;
        z = zk;
    }
    d[n - 1] = ap;
    e[n - 2] = bk;
}

// The eigenvalues of the tridiagonal d, e (overwritten: d holds them, in
// the order the iteration leaves them): implicit symmetric QR steps with
// Wilkinson shifts (GSL's gsl_eigen_symm). False when kMaxEigenSteps steps
// ran out.
VMAF_HOST_DEVICE inline bool tridiagonal_eigenvalues(float *d, float *e, int n)
{
    chop_small(d, e, n);
    int b = n - 1, steps = 0;
    while (b > 0 && steps < kMaxEigenSteps) {
        if (e[b - 1] == 0.0f) {
            b--;
            continue;
        }
        // The largest unreduced block ending at b.
        int top = b - 1;
        while (top > 0 && e[top - 1] != 0.0f) top--;
        qr_step(d + top, e + top, b - top + 1);
        chop_small(d + top, e + top, b - top + 1);
        steps++;
    }
    return steps < kMaxEigenSteps;
}

// Step k of the Householder QR of A (n x n) first holds the rows and
// columns above k of the running product z at the identity: entry (i, j).
VMAF_HOST_DEVICE inline void hold_identity(float *z, int n, int k, int i, int j)
{
    if (i < k || j < k) z[i * n + j] = i == j ? 1.0f : 0.0f;
}

// Then v receives the normalised reflection vector built on z's column k
// and the sign of A's own diagonal entry, as the reference builds it.
VMAF_HOST_DEVICE inline void reflection(const float *a, const float *z, int n, int k, float *v)
{
    for (int i = 0; i < n; i++) v[i] = z[i * n + k];
    v[k] += sign_of(a[k * n + k]) * norm(v, n);
    const float length = norm(v, n);
    for (int i = 0; i < n; i++) v[i] = v[i] / length;
}

// Entry (i, j) of the reflection I - 2 v v'.
VMAF_HOST_DEVICE inline float reflection_entry(const float *v, int i, int j)
{
    const float h = -2 * v[i] * v[j];
    return i == j ? h + 1 : h;
}

// Row i of X in R X = C (n x m, R upper triangular) for column j, rows
// below i already solved; false when R's pivot is below 1e-6.
VMAF_HOST_DEVICE inline bool back_substitute(const float *r, const float *c, float *x, int n, int m, int i,
                                             int j)
{
    const float pivot = r[i * n + i];
    if (fabsf(pivot) < kEps) return false;
    float t = c[static_cast<long long>(i) * m + j];
    for (int k = i + 1; k < n; k++) t -= x[static_cast<long long>(k) * m + j] * r[i * n + k];
    x[static_cast<long long>(i) * m + j] = t / pivot;
    return true;
}

// Block b's variance scale: the mean over its n positions of the
// observation y times its whitened value x (n x blocks each), summed in
// float from the first position.
VMAF_HOST_DEVICE inline float variance_scale(const float *x, const float *y, int n, int blocks, int b)
{
    float s = x[b] * y[b] / static_cast<float>(n);
    for (int p = 1; p < n; p++) {
        const long long at = static_cast<long long>(p) * blocks + b;
        s += x[at] * y[at] / static_cast<float>(n);
    }
    return s;
}

// Whether a covariance with these eigenvalues is regular.
VMAF_HOST_DEVICE inline bool regular(const float *eigenvalues, int n)
{
    for (int i = 0; i < n; i++)
        if (eigenvalues[i] < kEps) return false;
    return true;
}

// A block's entropy: over the eigenvalues in order, log2(L s + sigma_nn)
// plus log2(2 pi e), accumulated in float; s is the block's variance scale.
VMAF_HOST_DEVICE inline float entropy(const float *eigenvalues, int n, float scale, float sigma_nn)
{
    float h = 0.0f;
    for (int k = 0; k < n; k++) {
        const float l = eigenvalues[k] < 0 ? 0 : eigenvalues[k];
        h = static_cast<float>(h + (log2(static_cast<double>(l * scale + sigma_nn)) + kLog2TwoPiE));
    }
    return h;
}

// The entropy below which a block shows nothing: that of the noise floor.
VMAF_HOST_DEVICE inline float entropy_floor(int n, float nn_floor, float sigma_nn)
{
    return static_cast<float>(n * (log2(static_cast<double>((1 + nn_floor) * sigma_nn)) + kLog2TwoPiE));
}

// A block's contribution to the score: |ref's entropy weighted by a
// variance - dis's|, the variances as speed_weight_var_mode says (0-6).
VMAF_HOST_DEVICE inline float weighted_difference(int mode, float er, float ed, float vr, float vd)
{
    double wr, wd; // log2 of 1 + the variance weighting each side
    switch (mode) {
    case 0: wr = log2(static_cast<double>(1 + vr)); wd = log2(static_cast<double>(1 + vd)); break;
    case 1: wr = log2(static_cast<double>(1 + vr)); wd = wr; break;
    case 2: wd = log2(static_cast<double>(1 + vd)); wr = wd; break;
    case 3: wr = wd = log2(1 + (vr + vd) / 2.0); break;
    case 4: wr = log2(static_cast<double>(1 + vr)); wd = log2(1 + (vr + vd) / 2.0); break;
    case 5: wr = log2(static_cast<double>(1 + vr)); wd = log2(1 + (0.75 * vr + 0.25 * vd)); break;
    default: wr = log2(static_cast<double>(1 + vr)); wd = log2(1 + (0.25 * vr + 0.75 * vd)); break;
    }
    return fabsf(static_cast<float>(er * wr) - static_cast<float>(ed * wd));
}

// speed_chroma's combined score: a singular plane (a flat one) takes the
// other's score rather than pulling the mean down.
VMAF_HOST_DEVICE inline float combined_uv(float u, bool u_singular, float v, bool v_singular)
{
    if (u_singular && !v_singular) return v;
    if (v_singular && !u_singular) return u;
    return static_cast<float>((u + v) / 2.0);
}

} // namespace vmaf::speed
