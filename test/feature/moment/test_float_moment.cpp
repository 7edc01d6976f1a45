// float_moment against the reference's output on every clip (golden variant
// float), and against values known without it.
#include <string>
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/feature_scoring.h"
#include "support/golden_check.h"

namespace {

using namespace vmaf::test;

// The reference's float arithmetic is reproduced operation by operation, so
// the values agree to the golden files' print rounding (5e-7), well inside
// the 1e-5 allowed for float features.
constexpr double kTolerance = 1e-6;

bool starts_with(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

class FloatMomentGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatMomentGolden, FloatMoment)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_moment", {}}},
                            [](const std::string &k) { return starts_with(k, "float_moment_"); },
                            kTolerance, 2),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatMomentGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

TEST(FloatMoment, ConstantPictureHasItsValueAndSquare)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_moment"), 0);
    // 10-bit 400 and 404 are 100 and 101 on the 8-bit scale.
    ASSERT_EQ(score_pair(ctx.get(),
                         make_picture(VMAF_PIX_FMT_YUV420P, 10, 31, 7,
                                      [](unsigned, unsigned, unsigned) { return 400u; }),
                         make_picture(VMAF_PIX_FMT_YUV420P, 10, 31, 7,
                                      [](unsigned, unsigned, unsigned) { return 404u; })),
              0);
    EXPECT_EQ(score_of(ctx.get(), "float_moment_ref1st"), 100.0);
    EXPECT_EQ(score_of(ctx.get(), "float_moment_dis1st"), 101.0);
    EXPECT_EQ(score_of(ctx.get(), "float_moment_ref2nd"), 10000.0);
    EXPECT_EQ(score_of(ctx.get(), "float_moment_dis2nd"), 10201.0);
}

} // namespace
