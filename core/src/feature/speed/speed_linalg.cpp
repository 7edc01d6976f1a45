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

namespace {

// row[0, cols) = the sum over k in [from, to) of a_row[k] times row k of b
// (rows `b_stride` apart), each entry product_entry's sum: from 0 over the
// inner index in order, one rounded product and one rounded sum a step.
// Walking the row for each inner index keeps that order per entry while
// the compiler vectorises the row.
void product_row(const float *a_row, const float *b, size_t b_stride, int from, int to, int cols, float *row)
{
    std::fill(row, row + cols, 0.0f);
    for (int k = from; k < to; k++) {
        const float f = a_row[k];
        const float *b_row = b + static_cast<size_t>(k) * b_stride;
        for (int j = 0; j < cols; j++) row[j] += f * b_row[j];
    }
}

} // namespace

// out (rows x cols) = a (rows x inner) * b (inner x cols).
void Linalg::multiply(const float *a, const float *b, int rows, int inner, int cols, float *out)
{
    for (int i = 0; i < rows; i++)
        product_row(a + static_cast<size_t>(i) * inner, b, static_cast<size_t>(cols), 0, inner, cols,
                    out + static_cast<size_t>(i) * cols);
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
    float *z = z_.data(), *h = h_.data(), *v = v_.data();
    std::copy(a, a + work_.size(), z);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) p[i * n + j] = i == j ? 1.0f : 0.0f;
    for (int k = 0; k < n - 1; k++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) hold_identity(z, n, k, i, j);
        reflection(a, z, n, k, v);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) h[i * n + j] = reflection_entry(v, i, j);
        const bool finite = std::all_of(v, v + n, [](float x) { return std::isfinite(x); });
        const int from = finite ? k : 0;
        reflect_rows(h, z, from, finite ? k + 1 : 0, finite ? k + 1 : 0);
        reflect_rows(h, p, from, finite ? k : 0, 0);
    }
    multiply(p, a, n, n, n, r);
}

// Rows `first` onwards of m become those of H m, from column `column` on,
// the sums over the inner index from `inner` (the terms before it are zero
// products).
void Linalg::reflect_rows(const float *h, float *m, int inner, int first, int column)
{
    const int n = n_;
    const size_t width = static_cast<size_t>(n - column);
    float *product = product_.data();
    for (int i = first; i < n; i++)
        product_row(h + static_cast<size_t>(i) * n, m + column, static_cast<size_t>(n), inner, n,
                    static_cast<int>(width), product + static_cast<size_t>(i) * n + column);
    for (int i = first; i < n; i++) {
        const size_t at = static_cast<size_t>(i) * n + column;
        std::copy(product + at, product + at + width, m + at);
    }
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
