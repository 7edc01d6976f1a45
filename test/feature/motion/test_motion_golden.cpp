// motion against the reference's own output on every clip: the main,
// debug and neg variants (motion with its defaults in the last), and every
// third frame.
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/golden_check.h"

namespace {

using vmaf::test::expect_golden;

bool is_motion(const std::string &k)
{
    return k.rfind("integer_motion", 0) == 0 || k == "VMAF_integer_feature_motion_sad_score";
}

class MotionGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(MotionGolden, Main)
{
    EXPECT_GT(expect_golden(GetParam(), "main", {{"motion", {}}}, is_motion, 2e-6, 2), 0u);
}

TEST_P(MotionGolden, Debug)
{
    EXPECT_GT(expect_golden(GetParam(), "debug", {{"motion", {{"debug", "true"}}}}, is_motion, 2e-6),
              0u);
}

TEST_P(MotionGolden, NegVariant)
{
    EXPECT_GT(expect_golden(GetParam(), "neg", {{"motion", {}}}, is_motion, 2e-6), 0u);
}

class MotionSubsample : public ::testing::TestWithParam<std::string> {};

TEST_P(MotionSubsample, Subsample3)
{
    EXPECT_GT(expect_golden(GetParam(), "subsample3", {{"motion", {}}}, is_motion, 2e-6, 2, 3),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, MotionGolden, ::testing::ValuesIn(vmaf::test::clip_names()),
                         [](const auto &info) { return info.param; });

// The reference made no subsample3 output for some clips (SOURCE.json says
// why); those have nothing to compare with.
INSTANTIATE_TEST_SUITE_P(ClipsWithGolden, MotionSubsample,
                         ::testing::ValuesIn(vmaf::test::clips_with_variant("subsample3")),
                         [](const auto &info) { return info.param; });

} // namespace
