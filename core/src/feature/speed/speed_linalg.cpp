#include "feature/speed/speed_linalg.h"

#include <algorithm>
#include <cmath>

#include "base/log.h"

namespace vmaf::speed {

namespace {

constexpr double kEps = 1.0e-6;
constexpr int kMaxSteps = 500;

// The reference takes square roots of floats in double.
float root(float v) { return static_cast<float>(std::sqrt(static_cast<double>(v))); }
float hypotenuse(float a, float b) { return root(a * a + b * b); }
float sign_of(float v) { return v >= 0 ? 1.0f : -1.0f; }

// out (rows x cols) = a (rows x inner) * b (inner x cols), each entry
// summed from 0 over the inner index in order.
void multiply(const float *a, const float *b, int rows, int inner, int cols, float *out)
{
    std::fill(out, out + static_cast<size_t>(rows) * cols, 0.0f);
    for (int i = 0; i < rows; i++)
        for (int k = 0; k < inner; k++) {
            const float f = a[i * inner + k];
            const float *bk = b + static_cast<size_t>(k) * cols;
            float *oi = out + static_cast<size_t>(i) * cols;
            for (int j = 0; j < cols; j++) oi[j] += f * bk[j];
        }
}

float norm(const float *v, int n)
{
    float sum = 0;
    for (int i = 0; i < n; i++) sum += v[i] * v[i];
    return root(sum);
}

// Householder reflection of column `col` from row `top` down that zeroes
// it below row `top` (GSL's gsl_linalg_householder_transform): returns tau,
// leaves beta at (top, col) and v (its first element implicitly 1) below.
float householder(float *a, int n, int col, int top)
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

void chop_small(float *d, float *e, int n)
{
    for (int i = 0; i < n - 1; i++)
        if (std::fabs(e[i]) < kEps * (std::fabs(d[i]) + std::fabs(d[i + 1]))) e[i] = 0.0f;
}

// The eigenvalue of the trailing 2 x 2 block closer to its last entry.
float wilkinson_shift(const float *d, const float *e, int n)
{
    const float ta = d[n - 2], tb = d[n - 1], tab = e[n - 2];
    const float dt = static_cast<float>((ta - tb) / 2.0);
    if (dt > 0) return tb - tab * (tab / (dt + hypotenuse(dt, tab)));
    if (dt == 0) return tb - std::fabs(tab);
    return tb + tab * (tab / (-dt + hypotenuse(dt, tab)));
}

struct Rotation {
    float c, s;
};

Rotation givens(float a, float b)
{
    if (b == 0) return {1, 0};
    if (std::fabs(b) > std::fabs(a)) {
        const float t = -a / b;
        const float s = static_cast<float>(1.0 / std::sqrt(static_cast<double>(1 + t * t)));
        return {s * t, s};
    }
    const float t = -b / a;
    const float c = static_cast<float>(1.0 / std::sqrt(static_cast<double>(1 + t * t)));
    return {c, c * t};
}

// One implicit QR step on the unreduced tridiagonal block d (n), e (n-1),
// chasing the bulge down (GSL's qrstep).
void qr_step(float *d, float *e, int n)
{
    float mu = wilkinson_shift(d, e, n);
    if (kEps * std::fabs(mu) > std::fabs(d[0]) + std::fabs(e[0])) mu = 0;
    float x = d[0] - mu, z = e[0];
    float ak = 0, bk = 0, zk = 0;
    float ap = d[0], bp = e[0], aq = d[1];
    if (n == 2) {
        const auto [c, s] = givens(x, z);
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
        const auto [c, s] = givens(x, z);
        const float bk1 = c * bk - s * zk;
        const float ap1 = c * (c * ap - s * bp) + s * (s * aq - c * bp);
        const float bp1 = c * (s * ap + c * bp) - s * (s * bp + c * aq);
        const float zp1 = -s * bq;
        const float aq1 = s * (s * ap + c * bp) + c * (s * bp + c * aq);
        const float bq1 = c * bq;
        ak = ap1;
        bk = bp1;
        zk = zp1;
        ap = aq1;
        bp = bq1;
        if (k < n - 2) aq = d[k + 2];
        if (k < n - 3) bq = e[k + 2];
        d[k] = ak;
        if (k > 0) e[k - 1] = bk1;
        if (k < n - 2) e[k + 1] = bp;
        x = bk;
        z = zk;
    }
    d[n - 1] = ap;
    e[n - 2] = bk;
}

} // namespace

Linalg::Linalg(int n)
    : n_(n), work_(static_cast<size_t>(n) * n), d_(n), e_(n), v_(n), x_(n), q_(work_.size()),
      r_(work_.size()), h_(work_.size()), z_(work_.size()), product_(work_.size())
{
}

// Symmetric A to tridiagonal T = P' A P (GSL's gsl_linalg_symmtd_decomp):
// the diagonal to d, the subdiagonal to e.
void Linalg::tridiagonalize(float *a, float *d, float *e)
{
    const int n = n_;
    float *v = v_.data(), *x = x_.data();
    for (int i = 0; i < n - 2; i++) {
        const float tau = householder(a, n, i, i + 1);
        for (int j = i + 1; j < n; j++) v[j] = a[j * n + i];
        if (tau == 0.0f) continue;
        v[i + 1] = 1.0f;
        const int lo = i + 1;
        // x = tau A v, then x -= (tau / 2) (x . v) v, then A -= x v' + v x',
        // on rows and columns lo.. only.
        for (int r = lo; r < n; r++) {
            float acc = 0.0f;
            for (int c = lo; c < n; c++) acc += tau * a[r * n + c] * v[c];
            x[r] = acc;
        }
        float xv = 0;
        for (int r = lo; r < n; r++) xv += x[r] * v[r];
        const float alpha = static_cast<float>(-0.5 * tau * xv);
        for (int r = lo; r < n; r++) x[r] += alpha * v[r];
        for (int r = lo; r < n; r++)
            for (int c = lo; c < n; c++) a[r * n + c] -= x[r] * v[c] + v[r] * x[c];
    }
    for (int i = 0; i < n; i++) d[i] = a[i * n + i];
    for (int i = 0; i < n - 1; i++) e[i] = a[(i + 1) * n + i];
}

void Linalg::symmetric_eigenvalues(std::span<const float> a, std::span<float> eigenvalues)
{
    const int n = n_;
    if (n == 1) {
        eigenvalues[0] = a[0];
        return;
    }
    std::copy(a.begin(), a.begin() + static_cast<ptrdiff_t>(work_.size()), work_.begin());
    float *d = d_.data(), *e = e_.data();
    tridiagonalize(work_.data(), d, e);
    chop_small(d, e, n);
    int b = n - 1, steps = 0;
    while (b > 0 && steps < kMaxSteps) {
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
    if (steps == kMaxSteps)
        log(VMAF_LOG_LEVEL_WARNING, "SpEED: the eigenvalues of a block covariance did not converge in {} steps",
                    kMaxSteps);
    std::copy(d, d + n, eigenvalues.begin());
}

// A = Q R by Householder reflections H_k = I - 2 v v' built on the columns
// of the running product (rows and columns above k held at the identity):
// q receives P = H_{n-2} ... H_0 (so that R = P A), r receives R.
void Linalg::qr_decompose(const float *a, float *p, float *r)
{
    const int n = n_;
    float *z = z_.data(), *h = h_.data(), *product = product_.data(), *v = v_.data();
    std::copy(a, a + work_.size(), z);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) p[i * n + j] = i == j ? 1.0f : 0.0f;
    for (int k = 0; k < n - 1; k++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i < k || j < k) z[i * n + j] = i == j ? 1.0f : 0.0f;
        for (int i = 0; i < n; i++) v[i] = z[i * n + k];
        // The sign of A's own diagonal entry, as the reference takes it.
        v[k] += sign_of(a[k * n + k]) * norm(v, n);
        const float length = norm(v, n);
        for (int i = 0; i < n; i++) v[i] = v[i] / length;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) h[i * n + j] = -2 * v[i] * v[j];
        for (int i = 0; i < n; i++) h[i * n + i] += 1;
        multiply(h, z, n, n, n, product);
        std::copy(product, product + work_.size(), z);
        multiply(h, p, n, n, n, product);
        std::copy(product, product + work_.size(), p);
    }
    multiply(p, a, n, n, n, r);
}

bool Linalg::solve(std::span<const float> a, std::span<const float> b, int m, std::span<float> x)
{
    const int n = n_;
    float *p = q_.data(), *r = r_.data();
    qr_decompose(a.data(), p, r);
    // R X = P B, by back substitution.
    rhs_.resize(static_cast<size_t>(n) * m);
    multiply(p, b.data(), n, n, m, rhs_.data());
    for (int i = n - 1; i >= 0; i--) {
        const float pivot = r[i * n + i];
        if (std::fabs(pivot) < kEps) return false;
        for (int j = 0; j < m; j++) {
            float t = rhs_[static_cast<size_t>(i) * m + j];
            for (int k = i + 1; k < n; k++) t -= x[static_cast<size_t>(k) * m + j] * r[i * n + k];
            x[static_cast<size_t>(i) * m + j] = t / pivot;
        }
    }
    return true;
}

} // namespace vmaf::speed
