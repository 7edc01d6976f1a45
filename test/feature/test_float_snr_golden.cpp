// float_psnr, float_ansnr and float_moment against the reference's output on
// every clip (golden variant float), and against values known without it.
#include <cerrno>
#include <cmath>
#include <string>
#include <gtest/gtest.h>

#include "support/feature_scoring.h"
#include "support/clips.h"
#include "support/golden_check.h"

namespace {

using namespace vmaf::test;

// The reference's float arithmetic is reproduced operation by operation, so
// the values agree to the golden files' print rounding (5e-7), well inside
// the 1e-5 allowed for float features.
constexpr double kTolerance = 1e-6;

bool starts_with(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

class FloatSnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatSnrGolden, FloatPsnr)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_psnr", {}}},
                            [](const std::string &k) { return k == "float_psnr"; }, kTolerance, 2),
              0u);
}

TEST_P(FloatSnrGolden, FloatAnsnr)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_ansnr", {}}},
                            [](const std::string &k) {
                                return k == "float_ansnr" || k == "float_anpsnr";
                            },
                            kTolerance, 2),
              0u);
}

TEST_P(FloatSnrGolden, FloatMoment)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_moment", {}}},
                            [](const std::string &k) { return starts_with(k, "float_moment_"); },
                            kTolerance, 2),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatSnrGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// A textured picture, and the same shifted by a constant.
unsigned texture(unsigned p, unsigned x, unsigned y, unsigned bpc)
{
    return ((x * 7 + y * 13 + p * 31) % 200 + 20) << (bpc - 8);
}

TEST(FloatPsnr, ConstantOffsetGivesItsMse)
{
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_psnr"), 0);
        const unsigned shift = 3u << (bpc - 8); // 3 on the 8-bit scale
        ASSERT_EQ(score_pair(ctx.get(),
                             make_picture(VMAF_PIX_FMT_YUV420P, bpc, 65, 33,
                                          [bpc](unsigned p, unsigned x, unsigned y) {
                                              return texture(p, x, y, bpc);
                                          }),
                             make_picture(VMAF_PIX_FMT_YUV420P, bpc, 65, 33,
                                          [bpc, shift](unsigned p, unsigned x, unsigned y) {
                                              return texture(p, x, y, bpc) + shift;
                                          })),
                  0);
        const double peak = ((1u << bpc) - 1) / static_cast<double>(1u << (bpc - 8));
        EXPECT_NEAR(score_of(ctx.get(), "float_psnr"), 10 * std::log10(peak * peak / 9.0), 1e-9)
            << "bpc " << bpc;
    }
}

TEST(FloatPsnr, IdenticalPicturesGiveTheCap)
{
    for (auto [bpc, cap] : {std::pair{8u, 60.0}, {10u, 72.0}, {12u, 84.0}, {16u, 108.0}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_psnr"), 0);
        auto fill = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV444P, bpc, 17, 9, fill),
                             make_picture(VMAF_PIX_FMT_YUV444P, bpc, 17, 9, fill)),
                  0);
        EXPECT_EQ(score_of(ctx.get(), "float_psnr"), cap) << "bpc " << bpc;
    }
}

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
