// Pooling beyond the four methods: the methods' names, and values worked
// out by hand (numpy.percentile's linear interpolation, numpy.median).
#include <gtest/gtest.h>
#include <vector>

#include "extractor/pooling.h"

namespace {

using vmaf::parse_pool;
using vmaf::Pool;

double pooled(const std::vector<double> &v, const char *method, double frame_seconds = 1.0)
{
    const auto pool = parse_pool(method);
    EXPECT_TRUE(pool) << method;
    return pool ? vmaf::pool_values(v, *pool, frame_seconds) : 0.0;
}

TEST(Pooling, MethodsAndTheirNames)
{
    const std::pair<const char *, const char *> names[] = {
        {"min", "min"},       {"max", "max"},         {"mean", "mean"},
        {"median", "median"}, {"p5", "p5"},           {"p99.9", "p99.9"},
        {"p0", "p0"},         {"p100", "p100"},       {"p05", "p5"},
        {"below:80", "seconds_below_80"},             {"below:72.5", "seconds_below_72.5"},
        {"harmonic_mean", "harmonic_mean"},
    };
    for (const auto &[method, name] : names) {
        const auto pool = parse_pool(method);
        ASSERT_TRUE(pool) << method;
        EXPECT_EQ(vmaf::pool_key(*pool), name) << method;
    }
    for (const char *bad : {"", "p", "p101", "p-1", "pnan", "pinf", "p5x", "below:", "below:x",
                            "median ", "Mean", "mode", "below80"})
        EXPECT_FALSE(parse_pool(bad)) << '"' << bad << '"';
}

TEST(Pooling, ValuesWorkedOutByHand)
{
    const std::vector<double> four = {4, 1, 3, 2}, three = {3, 1, 2};
    EXPECT_EQ(pooled(four, "min"), 1.0);
    EXPECT_EQ(pooled(four, "max"), 4.0);
    EXPECT_EQ(pooled(four, "mean"), 2.5);
    EXPECT_EQ(pooled(four, "median"), 2.5);
    EXPECT_EQ(pooled(three, "median"), 2.0);
    // numpy.percentile([1, 2, 3, 4], q): index q/100 * 3, linear between.
    EXPECT_EQ(pooled(four, "p0"), 1.0);
    EXPECT_EQ(pooled(four, "p25"), 1.75);
    EXPECT_EQ(pooled(four, "p50"), 2.5);
    EXPECT_EQ(pooled(four, "p100"), 4.0);
    EXPECT_DOUBLE_EQ(pooled(four, "p90"), 3.7);
    // The reference's harmonic mean, shifted by one: 2 / (1 + 1/2) - 1.
    EXPECT_DOUBLE_EQ(pooled({0, 1}, "harmonic_mean"), 1.0 / 3.0);
    // Two frames of four below 2.5, each lasting half a second.
    EXPECT_EQ(pooled(four, "below:2.5", 0.5), 1.0);
    EXPECT_EQ(pooled(four, "below:1", 0.5), 0.0);
    // One value: every pool is that value (none below it).
    for (const char *m : {"min", "max", "mean", "median", "p0", "p37.5", "p100", "harmonic_mean"})
        EXPECT_EQ(pooled({42}, m), 42.0) << m;
}

} // namespace
