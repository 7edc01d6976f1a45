// float_vif against the reference's own output on every clip (the float
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

class FloatVifGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatVifGolden, MatchesReference)
{
    expect_float_golden(GetParam(), "float_vif",
                        {"vif_scale0", "vif_scale1", "vif_scale2", "vif_scale3"});
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatVifGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

TEST(FloatVif, FlatPictureAgainstItselfIsOne)
{
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
        ASSERT_EQ(score_pair(ctx.get(), flat_picture(bpc, 67, 45, 90u << (bpc - 8)),
                             flat_picture(bpc, 67, 45, 90u << (bpc - 8))),
                  0);
        for (int s = 0; s < 4; s++) {
            const std::string key = "vif_scale" + std::to_string(s);
            // Float rounding of the filtered means leaves a variance of
            // about 1e-6 where there is none.
            EXPECT_NEAR(score_of(ctx.get(), key.c_str()), 1.0, 1e-6) << key << " bpc " << bpc;
        }
    }
}

TEST(FloatVif, TexturedPictureAgainstItselfIsOne)
{
    // Not exactly: the gain is sigma12 / (sigma1^2 + 1e-10), as in the
    // reference, whose own output for an identical pair is 0.999995.
    for (unsigned bpc : {8u, 9u, 10u, 12u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
        ASSERT_EQ(score_pair(ctx.get(), textured_picture(bpc, 131, 77), textured_picture(bpc, 131, 77)), 0);
        for (int s = 0; s < 4; s++) {
            const std::string key = "vif_scale" + std::to_string(s);
            EXPECT_NEAR(score_of(ctx.get(), key.c_str()), 1.0, 2e-5) << key << " bpc " << bpc;
        }
    }
}

TEST(FloatVif, DistortionLowersTheScore)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
    ASSERT_EQ(score_pair(ctx.get(), textured_picture(8, 64, 64), flat_picture(8, 64, 64, 120)), 0);
    // A flat distorted picture carries none of the reference's information.
    for (int s = 0; s < 4; s++) {
        const std::string key = "vif_scale" + std::to_string(s);
        EXPECT_LT(score_of(ctx.get(), key.c_str()), 0.1) << key;
    }
}

TEST(FloatVif, GainLimitAndOtherParametersNameTheKeys)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif", {{"egl", "1.0"}}), 0);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif",
                          {{"vif_skip_scale0", "true"}, {"vif_kernelscale", "0.5"},
                           {"debug", "true"}}),
              0);
    // The distorted picture has 1.5 times the reference's contrast: a gain
    // above 1, which egl = 1 removes.
    auto contrast = [](int num, int den) {
        return [=](unsigned, unsigned x, unsigned y) {
            return static_cast<unsigned>(128 + (static_cast<int>(moving_texture(x, y, 8)) - 120) * num / den);
        };
    };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 96, 64, contrast(1, 2)),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 96, 64, contrast(3, 4))),
              0);
    for (int s = 0; s < 4; s++) {
        const std::string plain = "vif_scale" + std::to_string(s);
        const std::string limited = plain + "_egl_1";
        EXPECT_LE(score_of(ctx.get(), limited.c_str()), score_of(ctx.get(), plain.c_str()))
            << plain;
        EXPECT_LE(score_of(ctx.get(), limited.c_str()), 1.0) << limited;
    }
    EXPECT_GT(score_of(ctx.get(), "vif_scale0"), 1.0);
    // Options in alphabetical order of their names, by alias, booleans bare.
    EXPECT_EQ(score_of(ctx.get(), "vif_scale0_ks_0.5_ssclz"), 0.0);
    EXPECT_EQ(score_of(ctx.get(), "vif_den_scale0_ks_0.5_ssclz"), -1.0);
    EXPECT_GT(score_of(ctx.get(), "vif_scale1_ks_0.5_ssclz"), 0.0);
}

TEST(FloatVif, TooSmallPictureIsAClearError)
{
    for (auto [w, h, want] : {std::tuple{16u, 16u, 0}, std::tuple{15u, 40u, -EINVAL},
                              std::tuple{40u, 15u, -EINVAL}, std::tuple{4u, 4u, -EINVAL}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
        ::testing::internal::CaptureStderr();
        EXPECT_EQ(score_pair(ctx.get(), textured_picture(8, w, h), textured_picture(8, w, h)), want)
            << w << "x" << h;
        const std::string log = ::testing::internal::GetCapturedStderr();
        if (want) {
            EXPECT_NE(log.find("too small"), std::string::npos) << log;
        }
    }
    // A prescale can make a picture too small too.
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif", {{"vif_prescale", "0.25"}}), 0);
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(score_pair(ctx.get(), textured_picture(8, 60, 60), textured_picture(8, 60, 60)), -EINVAL);
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(log.find("too small"), std::string::npos) << log;
}

TEST(FloatVif, BadOptionValuesAreErrors)
{
    // Out of the option's range: refused when the feature is added.
    for (auto [key, value] : {std::pair{"vif_enhn_gain_limit", "0.5"}, std::pair{"egl", "101"},
                              std::pair{"vif_kernelscale", "5"}, std::pair{"vif_prescale", "0"},
                              std::pair{"vif_sigma_nsq", "-1"},
                              std::pair{"vif_scale1_min_val", "2"}}) {
        auto ctx = make_context(0);
        ::testing::internal::CaptureStderr();
        EXPECT_NE(use_feature(ctx.get(), "float_vif", {{key, value}}), 0) << key << "=" << value;
        ::testing::internal::GetCapturedStderr();
    }
    // In range but not one the reference supports: refused at the first
    // picture.
    for (auto [key, value] :
         {std::pair{"vif_kernelscale", "0.3"}, std::pair{"vif_prescale_method", "cubic"}}) {
        auto ctx = make_context(0);
        ::testing::internal::CaptureStderr();
        const int added = use_feature(ctx.get(), "float_vif", {{key, value}});
        const int scored =
            added ? added : score_pair(ctx.get(), textured_picture(8, 32, 32), textured_picture(8, 32, 32));
        const std::string log = ::testing::internal::GetCapturedStderr();
        EXPECT_EQ(scored, -EINVAL) << key << "=" << value;
        EXPECT_NE(log.find(key), std::string::npos) << log;
    }
}

TEST(FloatVif, ThreadCountDoesNotChangeAnyBit)
{
    const std::string clip = "vtest_481x271_420p8";
    const std::vector<std::string> keys = {"vif_scale0", "vif_scale1", "vif_scale2",
                                           "vif_scale3", "vif_num",    "vif_den"};
    std::vector<double> got[2];
    for (unsigned t : {1u, 2u}) {
        auto ctx = make_context(t);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif", {{"debug", "true"}}), 0);
        ASSERT_EQ(score_clip(ctx.get(), clip), 0);
        for (unsigned i = 0;; i++) {
            double v = 0;
            if (vmaf_feature_score_at_index(ctx.get(), "vif_scale0", &v, i)) break;
            for (const auto &k : keys) got[t - 1].push_back(score_of(ctx.get(), k.c_str(), i));
        }
    }
    ASSERT_FALSE(got[0].empty());
    EXPECT_EQ(got[0], got[1]);
}

} // namespace
