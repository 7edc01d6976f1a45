#include "feature/speed/speed_linalg.h"

#include <algorithm>
#include <cmath>

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

// out (rows x cols) = a (rows x inner) * b (inner x cols), each entry
// product_entry's sum: from 0 over the inner index in order, one rounded
// product and one rounded sum a step. Walking a row of out for each inner
// index keeps that order per entry while the compiler vectorises the row.
void Linalg::multiply(const float *a, const float *b, int rows, int inner, int cols, float *out)
{
    for (int i = 0; i < rows; i++) {
        float *row = out + static_cast<size_t>(i) * cols;
        std::fill(row, row + cols, 0.0f);
        for (int k = 0; k < inner; k++) {
            const float f = a[static_cast<size_t>(i) * inner + k];
            const float *b_row = b + static_cast<size_t>(k) * cols;
            for (int j = 0; j < cols; j++) row[j] += f * b_row[j];
        }
    }
}

// A = Q R by Householder reflections H_k on the columns of the running
// product: p receives P = H_{n-2} ... H_0 (so that R = P A), r receives R.
//
// Each step's products are speed_math.h's (H z and H p entry by entry,
// product_entry's order) with the terms that are exact zeros left out:
// v is 0 above row k, so H_k is the identity in its first k rows and 0
// left of column k below them, and z is held at the identity in its first
// k rows and columns. A sum that starts at +0 is unchanged by adding a
// zero product, so leaving those terms out keeps every bit, as long as the
// factors are finite (a reflection that is not falls back to the whole
// products). Of H_k z only the block from k + 1 is kept: the next step
// holds the rest at the identity. Rows above k of H_k p are p's own.
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
        if (!std::all_of(v, v + n, [](float x) { return std::isfinite(x); })) {
            multiply(h, z, n, n, n, product);
            std::copy(product, product + work_.size(), z);
            multiply(h, p, n, n, n, product);
            std::copy(product, product + work_.size(), p);
            continue;
        }
        reflect_rows(h, z, k, k + 1, k + 1);
        reflect_rows(h, p, k, k, 0);
    }
    multiply(p, a, n, n, n, r);
}

// Rows `first` onwards of m become those of H m, from column `column` on,
// the sums over the inner index from `inner` (the terms before it are zero
// products).
void Linalg::reflect_rows(const float *h, float *m, int inner, int first, int column)
{
    const int n = n_;
    const int width = n - column;
    for (int i = first; i < n; i++) {
        float *row = product_.data() + static_cast<size_t>(i) * n + column;
        std::fill(row, row + width, 0.0f);
        for (int k = inner; k < n; k++) {
            const float f = h[i * n + k];
            const float *m_row = m + static_cast<size_t>(k) * n + column;
            for (int j = 0; j < width; j++) row[j] += f * m_row[j];
        }
    }
    for (int i = first; i < n; i++)
        std::copy(product_.data() + static_cast<size_t>(i) * n + column, product_.data() + static_cast<size_t>(i + 1) * n,
                  m + static_cast<size_t>(i) * n + column);
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
