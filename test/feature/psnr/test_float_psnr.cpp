// float_psnr against the reference's output on every clip (golden variant
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

class FloatPsnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatPsnrGolden, FloatPsnr)
{
    EXPECT_GT(expect_golden(GetParam(), "float", {{"float_psnr", {}}},
                            [](const std::string &k) { return k == "float_psnr"; }, kTolerance, 2),
              0u);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatPsnrGolden, ::testing::ValuesIn(clip_names()),
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
    // Not structured bindings: clang 14 cannot capture those in a lambda.
    for (const auto &depth : {std::pair{8u, 60.0}, {10u, 72.0}, {12u, 84.0}, {16u, 108.0}}) {
        const unsigned bpc = depth.first;
        const double cap = depth.second;
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_psnr"), 0);
        auto fill = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV444P, bpc, 17, 9, fill),
                             make_picture(VMAF_PIX_FMT_YUV444P, bpc, 17, 9, fill)),
                  0);
        EXPECT_EQ(score_of(ctx.get(), "float_psnr"), cap) << "bpc " << bpc;
    }
}

} // namespace
