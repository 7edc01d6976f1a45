// topk_mean against the reference's pooling (topk_mean_in_reference_order:
// Hoare's selection with the pivot at the k-th position, then the double sum
// in the order it leaves the values, which the golden tests hold to the
// reference's scores). topk_mean may skip that arrangement only where the
// sum is exact in any order; the bits must be the same either way.
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

#include "feature/cambi/topk_pooling.h"

namespace {

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
    std::vector<float> reference = v;
    const double want = vmaf::cambi::topk_mean_in_reference_order(reference, topk);
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
