// The small dense linear algebra of SpEED's block statistics on the CPU:
// speed_math.h's steps over n x n row-major matrices, with their scratch.
#pragma once

#include <span>
#include <vector>

namespace vmaf::speed {

class Linalg {
public:
    explicit Linalg(int n);

    // The eigenvalues of the symmetric matrix `a`: Householder reduction to
    // tridiagonal form, then implicit symmetric QR steps with Wilkinson
    // shifts (GSL's gsl_eigen_symm), at most 500 of them. In the order the
    // iteration leaves them, not sorted.
    void symmetric_eigenvalues(std::span<const float> a, std::span<float> eigenvalues);

    // X (n x m) with A X = B through the Householder QR of A; false when a
    // diagonal entry of R is below 1e-6 in magnitude (X is then partial).
    bool solve(std::span<const float> a, std::span<const float> b, int m, std::span<float> x);

private:
    static void multiply(const float *a, const float *b, int rows, int inner, int cols, float *out);
    void qr_decompose(const float *a, float *p, float *r);
    void reflect_rows(const float *h, float *m, int inner, int first, int column);

    int n_;
    std::vector<float> work_, d_, e_, v_, x_, q_, r_, h_, z_, product_, rhs_;
};

} // namespace vmaf::speed
