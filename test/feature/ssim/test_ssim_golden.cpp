// float_ssim and float_ms_ssim against the reference's output on every clip,
// and against values known without it.
#include <cerrno>
#include <cmath>
#include <string>
#include <tuple>
#include <gtest/gtest.h>

#include "feature/ssim/ssim_math.h"
#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

constexpr double kFloatTolerance = 1e-5;

class SsimGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(SsimGolden, FloatSsimMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "float_ssim"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"float_ssim"}, kFloatTolerance);
}

TEST_P(SsimGolden, FloatMsSsimMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "float_ms_ssim"), 0);
    if (!(*g)["frames"][0]["metrics"].contains("float_ms_ssim")) {
        // The reference refuses pictures too small for five scales.
        EXPECT_EQ(score_clip(ctx.get(), clip), -EINVAL) << clip;
        return;
    }
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"float_ms_ssim"}, kFloatTolerance);
}

INSTANTIATE_TEST_SUITE_P(AllClips, SsimGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// A textured picture: SSIM needs variance to be more than a luminance test.
unsigned texture(unsigned p, unsigned x, unsigned y, unsigned bpc)
{
    const unsigned v = (x * 7 + y * 13 + ((x * y) % 23) * 5 + p * 31) % 200 + 20;
    return v << (bpc - 8);
}

TEST(FloatSsim, PictureAgainstItselfIsOne)
{
    for (unsigned bpc : {8u, 9u, 10u, 12u, 14u, 16u}) {
        for (const char *scale : {"0", "1", "3"}) {
            auto ctx = make_context(0);
            ASSERT_EQ(use_feature(ctx.get(), "float_ssim", {{"scale", scale}, {"enable_lcs", "true"}}),
                      0);
            auto fill = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
            ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, bpc, 333, 201, fill),
                                 make_picture(VMAF_PIX_FMT_YUV420P, bpc, 333, 201, fill)),
                      0);
            for (const char *key : {"float_ssim", "float_ssim_l", "float_ssim_c", "float_ssim_s"})
                EXPECT_NEAR(score_of(ctx.get(), key), 1.0, 1e-6)
                    << key << " bpc " << bpc << " scale " << scale;
        }
    }
}

TEST(FloatSsim, DbOfIdenticalPicturesIsTheClipLimit)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_ssim", {{"enable_db", "true"}, {"clip_db", "true"}}), 0);
    auto fill = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 48, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 48, fill)),
              0);
    // Half a code value of error over 64x48 pixels: 10 log10(255^2 / (0.5 / 3072)).
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "float_ssim"), 87.0);
}

// A score a rounding above 1 has no dB value (log10 of a negative); the
// reference's MIN then gives the limit, inf without clip_db (found by the
// differential rig).
TEST(FloatSsim, DbOfAScoreAboveOneIsTheLimit)
{
    EXPECT_EQ(vmaf::ssim::to_db(1.0000001, INFINITY), INFINITY);
    EXPECT_EQ(vmaf::ssim::to_db(1.0000001, 87.0), 87.0);
    EXPECT_DOUBLE_EQ(vmaf::ssim::to_db(0.9, INFINITY), 10.0);
}

TEST(FloatSsim, TooSmallForTheScaleIsAClearError)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_ssim", {{"scale", "10"}}), 0);
    auto fill = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, fill)),
              -EINVAL);
    // Decimated by 10, 64x64 becomes 6x6, smaller than the window.
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(log.find("needs at least 11x11"), std::string::npos) << log;
}

TEST(FloatMsSsim, PictureAgainstItselfIsOne)
{
    for (unsigned bpc : {8u, 10u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_ms_ssim", {{"enable_lcs", "true"}}), 0);
        auto fill = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV422P, bpc, 177, 181, fill),
                             make_picture(VMAF_PIX_FMT_YUV422P, bpc, 177, 181, fill)),
                  0);
        EXPECT_NEAR(score_of(ctx.get(), "float_ms_ssim"), 1.0, 1e-6) << bpc;
        for (const char *term : {"l", "c", "s"})
            for (int i = 0; i < 5; i++) {
                const std::string key = std::string("float_ms_ssim_") + term + "_scale" +
                                        std::to_string(i);
                EXPECT_NEAR(score_of(ctx.get(), key.c_str()), 1.0, 1e-6) << key << " " << bpc;
            }
    }
}

TEST(FloatMsSsim, SmallestPictureIs176)
{
    auto fill = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    for (auto [w, h, want] : {std::tuple{176u, 176u, 0}, std::tuple{175u, 400u, -EINVAL},
                              std::tuple{400u, 175u, -EINVAL}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_ms_ssim"), 0);
        ::testing::internal::CaptureStderr();
        EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, w, h, fill),
                             make_picture(VMAF_PIX_FMT_YUV420P, 8, w, h, fill)),
                  want)
            << w << "x" << h;
        const std::string log = ::testing::internal::GetCapturedStderr();
        if (want) {
            EXPECT_NE(log.find("at least 176x176"), std::string::npos) << log;
        }
    }
}

} // namespace
