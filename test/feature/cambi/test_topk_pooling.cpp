// topk_mean against the reference's pooling written out here: Hoare's
// selection with the pivot at the k-th position, then the double sum in the
// order it leaves the values. The pooling may skip that arrangement only
// where the sum is exact in any order; the bits must be the same either way.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "feature/cambi/topk_pooling.h"

namespace {

double reference_topk_mean(std::vector<float> v, double topk)
{
    const int n = static_cast<int>(v.size());
    const int k = std::clamp(static_cast<int>(topk * n), 1, n);
    if (k < n) {
        ptrdiff_t first = 0, last = n - 1;
        while (first < last) {
            const float pivot = v[k];
            ptrdiff_t i = first, j = last;
            do {
                while (v[i] > pivot) i++;
                while (v[j] < pivot) j--;
                if (i <= j) std::swap(v[i++], v[j--]);
            } while (i <= j);
            if (j < k) first = i;
            if (k < i) last = j;
        }
    }
    double sum = 0;
    for (int i = 0; i < k; i++) sum += v[i];
    return sum / k;
}

// C-values as CAMBI makes them: mostly 0, the rest multiples of small
// fractions up to a few hundred (`zero_share` of them 0).
std::vector<float> c_values(std::mt19937 &rng, size_t n, double zero_share, float largest)
{
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<float> v(n);
    for (float &x : v)
        x = u(rng) < zero_share ? 0.0f : static_cast<float>(1.0 + u(rng) * (largest - 1.0)) / 3.0f;
    return v;
}

void expect_reference_bits(const std::vector<float> &v, double topk, const char *what)
{
    std::vector<float> work = v;
    const double got = vmaf::cambi::topk_mean(work, topk);
    const double want = reference_topk_mean(v, topk);
    EXPECT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want))
        << what << ", n " << v.size() << ", topk " << topk << ": " << got << " against " << want;
}

TEST(TopkPooling, HasTheReferencesBitsWhereMostAreZero)
{
    std::mt19937 rng(53);
    for (double zero_share : {0.4, 0.6, 0.9, 1.0})
        for (double topk : {0.6, 0.2, 1.0, 1e-7})
            expect_reference_bits(c_values(rng, 100003, zero_share, 500.0f), topk, "mostly zero");
}

TEST(TopkPooling, HasTheReferencesBitsWhereFewAreZero)
{
    std::mt19937 rng(54);
    for (double topk : {0.6, 0.05, 0.999})
        expect_reference_bits(c_values(rng, 65537, 0.05, 200.0f), topk, "few zero");
}

// Values whose sums round (magnitudes from 2^-31 to 2^40): the pooling must take the
// reference's order, and this sum does depend on it.
TEST(TopkPooling, HasTheReferencesBitsWhereSumsRound)
{
    std::mt19937 rng(55);
    std::uniform_real_distribution<float> u(0.5f, 1.0f);
    std::uniform_int_distribution<int> exponent(-30, 40);
    std::vector<float> v(50001);
    for (float &x : v) x = std::ldexp(u(rng), exponent(rng));
    double sequential = 0, reversed = 0;
    for (float x : v) sequential += x;
    for (size_t i = v.size(); i-- > 0;) reversed += v[i];
    ASSERT_NE(sequential, reversed) << "the case must be one where the order shows";
    for (double topk : {0.6, 0.9, 1.0}) expect_reference_bits(v, topk, "rounding sums");
}

TEST(TopkPooling, HasTheReferencesBitsWithNegativeAndNonFiniteValues)
{
    std::mt19937 rng(56);
    std::vector<float> v = c_values(rng, 4099, 0.5, 100.0f);
    v[7] = -3.5f;
    expect_reference_bits(v, 0.6, "a negative value");
    v[11] = std::numeric_limits<float>::infinity();
    expect_reference_bits(v, 0.6, "an infinite value");
}

} // namespace
