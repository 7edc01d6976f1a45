// psnr_hvs against the reference's output on every clip, and against the
// closed form of a constant offset.
#include <cerrno>
#include <cmath>
#include <gtest/gtest.h>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

class PsnrHvsGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PsnrHvsGolden, MatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "psnr_hvs"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"}, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(AllClips, PsnrHvsGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// Flat pictures whose luma differs by a constant: every block has only a DC
// error, 8 * offset (up to the integer DCT's rounding), which is never masked; weighted by the CSF's DC entry
// and averaged over the 64 coefficients, the mean squared error is
// (offset * csf_dc)^2. Identical chroma gives infinite chroma PSNR-HVS, and
// the combined value weighs luma by 0.8.
TEST(PsnrHvs, ConstantLumaOffsetHasClosedForm)
{
    constexpr double kCsfDc = 1.6193873005;
    for (unsigned bpc : {8u, 9u, 10u, 11u, 12u}) {
        const unsigned shift = bpc - 8, offset = 12u << shift;
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "psnr_hvs"), 0);
        auto ref = [shift](unsigned, unsigned, unsigned) { return 128u << shift; };
        auto dis = [shift, offset](unsigned p, unsigned, unsigned) {
            return (128u << shift) + (p == 0 ? offset : 0);
        };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, bpc, 67, 45, ref),
                             make_picture(VMAF_PIX_FMT_YUV420P, bpc, 67, 45, dis)),
                  0);
        const double peak = (1u << bpc) - 1;
        const double mse = std::pow(offset * kCsfDc, 2) / (peak * peak);
        // The integer DCT rounds: its DC error may be 8 * offset +- 1.
        const double tolerance = 20 * std::log10(1 + 1.0 / (8 * offset)) + 1e-4;
        EXPECT_NEAR(score_of(ctx.get(), "psnr_hvs_y"), -10 * std::log10(mse), tolerance) << bpc;
        EXPECT_NEAR(score_of(ctx.get(), "psnr_hvs"), -10 * std::log10(0.8 * mse), tolerance)
            << bpc;
        EXPECT_FALSE(std::isfinite(score_of(ctx.get(), "psnr_hvs_cb"))) << bpc;
        EXPECT_FALSE(std::isfinite(score_of(ctx.get(), "psnr_hvs_cr"))) << bpc;
    }
}

TEST(PsnrHvs, DeeperThan12BitsIsAClearError)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "psnr_hvs"), 0);
    auto fill = [](unsigned, unsigned x, unsigned) { return x * 100; };
    EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 16, 64, 64, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 16, 64, 64, fill)),
              -EINVAL);
}

// Its 8x8 blocks need every plane at least 8x8; a smaller plane would
// have no block and its score would be 0/0.
TEST(PsnrHvs, PlanesSmallerThanABlockAreAClearError)
{
    auto fill = [](unsigned, unsigned x, unsigned y) { return (x * 7 + y * 3) & 255; };
    struct Case {
        VmafPixelFormat fmt;
        unsigned w, h;
        int expected;
    };
    for (const Case c : {Case{VMAF_PIX_FMT_YUV420P, 14, 16, -EINVAL},
                         Case{VMAF_PIX_FMT_YUV420P, 16, 16, 0},
                         Case{VMAF_PIX_FMT_YUV422P, 16, 7, -EINVAL},
                         Case{VMAF_PIX_FMT_YUV444P, 8, 8, 0},
                         Case{VMAF_PIX_FMT_YUV444P, 7, 8, -EINVAL}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "psnr_hvs"), 0);
        EXPECT_EQ(score_pair(ctx.get(), make_picture(c.fmt, 8, c.w, c.h, fill),
                             make_picture(c.fmt, 8, c.w, c.h,
                                          [&](unsigned p, unsigned x, unsigned y) {
                                              return fill(p, x, y) / 2 + 30;
                                          })),
                  c.expected)
            << c.w << "x" << c.h;
        if (c.expected == 0) {
            EXPECT_TRUE(std::isfinite(score_of(ctx.get(), "psnr_hvs")));
        }
    }
}

} // namespace
