// vif against the reference's own output on every clip: the main,
// debug and neg (enhancement gain limit 1) variants, and every third frame.
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/golden_check.h"

namespace {

using vmaf::test::expect_golden;

bool is_vif(const std::string &k) { return k.rfind("integer_vif", 0) == 0; }

class VifGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(VifGolden, Main)
{
    EXPECT_GT(expect_golden(GetParam(), "main", {{"vif", {}}}, is_vif, 2e-6, 2), 0u);
}

TEST_P(VifGolden, Debug)
{
    EXPECT_GT(expect_golden(GetParam(), "debug", {{"vif", {{"debug", "true"}}}}, is_vif, 2e-6),
              0u);
}

TEST_P(VifGolden, NegGainLimit)
{
    EXPECT_GT(expect_golden(GetParam(), "neg", {{"vif", {{"vif_enhn_gain_limit", "1.0"}}}}, is_vif, 2e-6),
              0u);
}

class VifSubsample : public ::testing::TestWithParam<std::string> {};

TEST_P(VifSubsample, Subsample3)
{
    EXPECT_GT(expect_golden(GetParam(), "subsample3", {{"vif", {}}}, is_vif, 2e-6, 2, 3),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, VifGolden, ::testing::ValuesIn(vmaf::test::clip_names()),
                         [](const auto &info) { return info.param; });

// The reference made no subsample3 output for some clips (SOURCE.json says
// why); those have nothing to compare with.
INSTANTIATE_TEST_SUITE_P(ClipsWithGolden, VifSubsample,
                         ::testing::ValuesIn(vmaf::test::clips_with_variant("subsample3")),
                         [](const auto &info) { return info.param; });

} // namespace
