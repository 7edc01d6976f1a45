// Linalg::solve against speed_math.h's definition of SpEED's Householder
// QR, written out here entry by entry as the GPU twin computes it (the
// full reflection H_k times the whole running products, product_entry's
// sums): the CPU's products leave out the terms that are exact zeros and
// must give the same bits.
#include <bit>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <vector>

#include "feature/speed/speed_linalg.h"
#include "feature/speed/speed_math.h"

namespace {

using namespace vmaf::speed;

// X with A X = B (n x m) by the dense definition; false where a pivot of R
// is below 1e-6.
bool dense_solve(const std::vector<float> &a, const std::vector<float> &b, int n, int m, std::vector<float> &x)
{
    const size_t nn = static_cast<size_t>(n) * n;
    std::vector<float> z(a), p(nn), h(nn), product(nn), v(n), r(nn), c(static_cast<size_t>(n) * m);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) p[i * n + j] = i == j ? 1.0f : 0.0f;
    for (int k = 0; k < n - 1; k++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) hold_identity(z.data(), n, k, i, j);
        reflection(a.data(), z.data(), n, k, v.data());
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) h[i * n + j] = reflection_entry(v.data(), i, j);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) product[i * n + j] = product_entry(h.data(), z.data(), n, n, i, j);
        z = product;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) product[i * n + j] = product_entry(h.data(), p.data(), n, n, i, j);
        p = product;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) r[i * n + j] = product_entry(p.data(), a.data(), n, n, i, j);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) c[static_cast<size_t>(i) * m + j] = product_entry(p.data(), b.data(), n, m, i, j);
    x.assign(static_cast<size_t>(n) * m, 0.0f);
    for (int i = n - 1; i >= 0; i--)
        for (int j = 0; j < m; j++)
            if (!back_substitute(r.data(), c.data(), x.data(), n, m, i, j)) return false;
    return true;
}

// A covariance-like symmetric positive definite matrix: G G' / n plus a
// ridge, G's entries of the given scale (a band-passed plane's samples).
std::vector<float> covariance(std::mt19937 &rng, int n, float scale, float ridge)
{
    std::normal_distribution<float> normal(0.0f, scale);
    std::vector<float> g(static_cast<size_t>(n) * n), a(static_cast<size_t>(n) * n);
    for (float &e : g) e = normal(rng);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            float s = 0;
            for (int k = 0; k < n; k++) s += g[i * n + k] * g[j * n + k];
            a[i * n + j] = a[j * n + i] = s / static_cast<float>(n) + (i == j ? ridge : 0.0f);
        }
    return a;
}

TEST(SpeedLinalg, SolveHasTheDenseDefinitionsBits)
{
    std::mt19937 rng(53);
    int compared = 0;
    for (int round = 0; round < 60; round++) {
        const float scale = round % 3 == 0 ? 0.01f : round % 3 == 1 ? 1.0f : 200.0f;
        const float ridge = round % 4 == 0 ? 0.0f : scale * scale * 0.1f;
        const int m = 1 + round * 7 % 97;
        std::vector<float> a = covariance(rng, kBlockArea, scale, ridge);
        std::normal_distribution<float> normal(0.0f, scale);
        std::vector<float> b(static_cast<size_t>(kBlockArea) * m);
        for (float &e : b) e = normal(rng);

        std::vector<float> want;
        const bool want_ok = dense_solve(a, b, kBlockArea, m, want);
        Linalg linalg(kBlockArea);
        std::vector<float> got(b.size(), 0.0f);
        const bool got_ok = linalg.solve(a, b, m, got);
        ASSERT_EQ(got_ok, want_ok) << "round " << round;
        if (!want_ok) continue;
        for (size_t i = 0; i < want.size(); i++)
            ASSERT_EQ(std::bit_cast<uint32_t>(got[i]), std::bit_cast<uint32_t>(want[i]))
                << "round " << round << " entry " << i << ": " << got[i] << " against " << want[i];
        compared++;
    }
    // Most rounds are regular: a test that compared nothing would pass.
    EXPECT_GE(compared, 50);
}

// The GPU's covariances: each of covariance_sum's 17 accumulators run on
// its own (covariance_chain) and folded (covariance_fold) give its bits,
// for every width's mix of 16-sample steps, an 8-sample step and a tail.
TEST(SpeedLinalg, CovarianceChainsFoldToTheSum)
{
    std::mt19937 rng(54);
    std::normal_distribution<float> normal(0.0f, 40.0f);
    constexpr int kStride = 61, kRows = 9;
    std::vector<float> x(static_cast<size_t>(kStride) * kRows), y(x.size());
    for (size_t i = 0; i < x.size(); i++) {
        x[i] = normal(rng);
        y[i] = normal(rng) + 0.5f * x[i];
    }
    for (int w = 1; w <= kStride; w++) {
        const double mx = 0.3, my = -1.7;
        double chains[kCovarianceChains];
        for (int c = 0; c < kCovarianceChains; c++)
            chains[c] = covariance_chain(x.data(), y.data(), kStride, kRows, w, mx, my, c);
        const double got = covariance_fold(chains, chains + kCovarianceLanes, chains[2 * kCovarianceLanes]);
        const double want = covariance_sum(x.data(), y.data(), kStride, kRows, w, mx, my);
        ASSERT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want)) << "width " << w;
    }
}

} // namespace
