// vif and motion against the reference's own output on every clip: the
// main, debug and neg (enhancement gain limit 1) variants.
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/golden_check.h"

namespace {

using vmaf::test::expect_golden;
using vmaf::test::FeatureUse;

bool starts_with(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

bool is_vif(const std::string &k) { return starts_with(k, "integer_vif"); }
bool is_motion(const std::string &k)
{
    return starts_with(k, "integer_motion") || k == "VMAF_integer_feature_motion_sad_score";
}

class VifMotionGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(VifMotionGolden, Main)
{
    const size_t n = expect_golden(GetParam(), "main", {{"vif", {}}, {"motion", {}}},
                                   [](const std::string &k) { return is_vif(k) || is_motion(k); },
                                   2e-6, 2);
    EXPECT_GT(n, 0u);
}

TEST_P(VifMotionGolden, Debug)
{
    const size_t n = expect_golden(GetParam(), "debug",
                                   {{"vif", {{"debug", "true"}}}, {"motion", {{"debug", "true"}}}},
                                   [](const std::string &k) { return is_vif(k) || is_motion(k); },
                                   2e-6);
    EXPECT_GT(n, 0u);
}

TEST_P(VifMotionGolden, NegGainLimit)
{
    const size_t n = expect_golden(GetParam(), "neg",
                                   {{"vif", {{"vif_enhn_gain_limit", "1.0"}}}, {"motion", {}}},
                                   [](const std::string &k) { return is_vif(k) || is_motion(k); },
                                   2e-6);
    EXPECT_GT(n, 0u);
}

class VifMotionSubsample : public ::testing::TestWithParam<std::string> {};

TEST_P(VifMotionSubsample, Subsample3)
{
    const size_t n = expect_golden(GetParam(), "subsample3", {{"vif", {}}, {"motion", {}}},
                                   [](const std::string &k) { return is_vif(k) || is_motion(k); },
                                   2e-6, 2, 3);
    EXPECT_GT(n, 0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, VifMotionGolden, ::testing::ValuesIn(vmaf::test::clip_names()),
                         [](const auto &info) { return info.param; });

// The reference made no subsample3 output for some clips (SOURCE.json says
// why); those have nothing to compare with.
INSTANTIATE_TEST_SUITE_P(ClipsWithGolden, VifMotionSubsample,
                         ::testing::ValuesIn(vmaf::test::clips_with_variant("subsample3")),
                         [](const auto &info) { return info.param; });

} // namespace
