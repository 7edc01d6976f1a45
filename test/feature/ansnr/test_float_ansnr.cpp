// float_ansnr against the reference's output on every clip (golden variant
// float), and against values known without it.
#include <cerrno>
#include <cmath>
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

class FloatAnsnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatAnsnrGolden, FloatAnsnr)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_ansnr", {}}},
                            [](const std::string &k) {
                                return k == "float_ansnr" || k == "float_anpsnr";
                            },
                            kTolerance, 2),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatAnsnrGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

TEST(FloatAnsnr, ConstantPicturesGiveSignalOverOffset)
{
    // Blurring keeps a constant (the taps sum to 1 up to float rounding), so
    // the SNR is that of the centred values: (200-128)^2 / (200-190)^2.
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_ansnr"), 0);
    ASSERT_EQ(score_pair(ctx.get(),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 40, 30,
                                      [](unsigned, unsigned, unsigned) { return 200u; }),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 40, 30,
                                      [](unsigned, unsigned, unsigned) { return 190u; })),
              0);
    EXPECT_NEAR(score_of(ctx.get(), "float_ansnr"), 10 * std::log10(72.0 * 72.0 / 100.0), 1e-4);
    EXPECT_NEAR(score_of(ctx.get(), "float_anpsnr"), 10 * std::log10(255.0 * 255.0 / 100.0),
                1e-4);
}

TEST(FloatAnsnr, IdenticalPicturesGiveTheCap)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_ansnr"), 0);
    // Identical inputs are blurred differently (3x3 against 5x5), so only a
    // flat picture has no noise at all.
    auto flat = [](unsigned, unsigned, unsigned) { return 128u; };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 9, 9, flat),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 9, 9, flat)),
              0);
    EXPECT_EQ(score_of(ctx.get(), "float_ansnr"), 60.0);
    EXPECT_EQ(score_of(ctx.get(), "float_anpsnr"), 60.0);
}

TEST(FloatAnsnr, TooSmallPictureIsAnError)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_ansnr"), 0);
    auto fill = [](unsigned, unsigned, unsigned) { return 100u; };
    EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 2, 8, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 2, 8, fill)),
              -EINVAL);
}

} // namespace
