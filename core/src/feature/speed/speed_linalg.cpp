#include "feature/speed/speed_linalg.h"

#include <algorithm>

#include "base/log.h"
#include "feature/speed/speed_math.h"

namespace vmaf::speed {

Linalg::Linalg(int n)
    : n_(n), work_(static_cast<size_t>(n) * n), d_(n), e_(n), v_(n), x_(n), q_(work_.size()),
      r_(work_.size()), h_(work_.size()), z_(work_.size()), product_(work_.size())
{
}

void Linalg::symmetric_eigenvalues(std::span<const float> a, std::span<float> eigenvalues)
{
    const int n = n_;
    if (n == 1) {
        eigenvalues[0] = a[0];
        return;
    }
    std::copy(a.begin(), a.begin() + static_cast<ptrdiff_t>(work_.size()), work_.begin());
    tridiagonalize(work_.data(), n, d_.data(), e_.data(), v_.data(), x_.data());
    if (!tridiagonal_eigenvalues(d_.data(), e_.data(), n))
        log(VMAF_LOG_LEVEL_WARNING, "SpEED: the eigenvalues of a block covariance did not converge in {} steps",
            kMaxEigenSteps);
    std::copy(d_.begin(), d_.end(), eigenvalues.begin());
}

// out (rows x cols) = a (rows x inner) * b (inner x cols).
void Linalg::multiply(const float *a, const float *b, int rows, int inner, int cols, float *out)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) out[static_cast<size_t>(i) * cols + j] = product_entry(a, b, inner, cols, i, j);
}

// A = Q R by Householder reflections H_k on the columns of the running
// product: p receives P = H_{n-2} ... H_0 (so that R = P A), r receives R.
void Linalg::qr_decompose(const float *a, float *p, float *r)
{
    const int n = n_;
    float *z = z_.data(), *h = h_.data(), *product = product_.data(), *v = v_.data();
    std::copy(a, a + work_.size(), z);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) p[i * n + j] = i == j ? 1.0f : 0.0f;
    for (int k = 0; k < n - 1; k++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) hold_identity(z, n, k, i, j);
        reflection(a, z, n, k, v);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) h[i * n + j] = reflection_entry(v, i, j);
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
    for (int i = n - 1; i >= 0; i--)
        for (int j = 0; j < m; j++)
            if (!back_substitute(r, rhs_.data(), x.data(), n, m, i, j)) return false;
    return true;
}

} // namespace vmaf::speed
