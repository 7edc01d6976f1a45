// float_motion against the reference's own output on every clip (the float
// variant), and against values known without it.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

class FloatMotionGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatMotionGolden, MatchesReference)
{
    expect_float_golden(GetParam(), "float_motion", {"motion", "motion2", "motion3"});
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatMotionGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

TEST(FloatMotion, ConstantSequenceHasNoMotion)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
    ASSERT_EQ(score_frames(ctx.get(), 4, [](unsigned) { return textured_picture(10, 50, 38); }), 0);
    for (unsigned i = 0; i < 4; i++)
        for (const char *key : {"motion", "motion2", "motion3"})
            EXPECT_EQ(score_of(ctx.get(), key, i), 0.0) << key << " " << i;
}

TEST(FloatMotion, FirstFrameIsZeroAndMotion2IsTheSmallerNeighbour)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
    // The texture moves by 3, 6, 0, 3 columns from frame to frame.
    const unsigned shift[5] = {0, 1, 3, 3, 4};
    ASSERT_EQ(score_frames(ctx.get(), 5, [&](unsigned i) { return textured_picture(8, 64, 48, shift[i]); }), 0);
    double m[5];
    for (unsigned i = 0; i < 5; i++) m[i] = score_of(ctx.get(), "motion", i);
    EXPECT_EQ(m[0], 0.0);
    EXPECT_GT(m[1], 0.0);
    EXPECT_EQ(m[3], 0.0);
    EXPECT_EQ(score_of(ctx.get(), "motion2", 0), 0.0);
    // Frame 0 has no motion2 of its own; its motion3 is frame 1's score.
    EXPECT_EQ(score_of(ctx.get(), "motion3", 0), m[1]);
    for (unsigned i = 1; i < 4; i++)
        EXPECT_EQ(score_of(ctx.get(), "motion2", i), std::min(m[i], m[i + 1])) << i;
    EXPECT_EQ(score_of(ctx.get(), "motion2", 4), m[4]);
    for (unsigned i = 1; i < 5; i++)
        EXPECT_EQ(score_of(ctx.get(), "motion3", i), score_of(ctx.get(), "motion2", i)) << i;
}

TEST(FloatMotion, OptionsNameTheKeysAndBadValuesAreErrors)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion", {{"motion_force_zero", "true"}}), 0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion", {{"mfs", "3"}, {"motion_fps_weight", "2"}}), 0);
    ASSERT_EQ(score_frames(ctx.get(), 3, [](unsigned i) { return textured_picture(8, 40, 40, i); }), 0);
    for (unsigned i = 0; i < 3; i++) EXPECT_EQ(score_of(ctx.get(), "motion2_force_0", i), 0.0);
    EXPECT_GT(score_of(ctx.get(), "motion_mfs_3_mfw_2", 1), 0.0);

    for (auto [key, value] : {std::pair{"motion_filter_size", "10"}, std::pair{"mfw", "6"},
                              std::pair{"motion_blend_factor", "1.5"},
                              std::pair{"motion_max_val", "-1"}}) {
        auto bad = make_context(0);
        ::testing::internal::CaptureStderr();
        EXPECT_NE(use_feature(bad.get(), "float_motion", {{key, value}}), 0) << key << "=" << value;
        ::testing::internal::GetCapturedStderr();
    }
}

TEST(FloatMotion, TooSmallPictureIsAClearError)
{
    // Not structured bindings: clang 14 cannot capture those in a lambda.
    for (const auto &size : {std::tuple{3u, 3u, 0}, std::tuple{2u, 9u, -EINVAL},
                             std::tuple{9u, 2u, -EINVAL}}) {
        const unsigned w = std::get<0>(size), h = std::get<1>(size);
        const int want = std::get<2>(size);
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
        ::testing::internal::CaptureStderr();
        EXPECT_EQ(score_frames(ctx.get(), 2, [&](unsigned i) { return textured_picture(8, w, h, i); }), want)
            << w << "x" << h;
        const std::string log = ::testing::internal::GetCapturedStderr();
        if (want) {
            EXPECT_NE(log.find("too small"), std::string::npos) << log;
        }
    }
}

} // namespace
