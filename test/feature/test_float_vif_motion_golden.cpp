// float_vif and float_motion against the reference's own output on every
// clip (the float variant), and against values known without it.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <functional>
#include <string>
#include <tuple>
#include <vector>
#include <gtest/gtest.h>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

constexpr double kFloatTolerance = 1e-5;
// The extractors give the reference's values to the last bit; what is left
// is the golden files' rounding to six decimals.
constexpr double kPrintRounding = 5.000001e-7;

const std::vector<std::string> kKeys = {"vif_scale0", "vif_scale1", "vif_scale2", "vif_scale3",
                                        "motion",     "motion2",    "motion3"};

class FloatVifMotionGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatVifMotionGolden, MatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "float");
    ASSERT_TRUE(g.has_value()) << clip;
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, kKeys, kFloatTolerance);

    double worst = 0.0;
    size_t compared = 0;
    for (const auto &f : g->at("frames")) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &key : kKeys) {
            const auto want = golden_value(*g, i, key);
            ASSERT_TRUE(want.has_value()) << clip << " " << key;
            worst = std::max(worst, std::fabs(score_of(ctx.get(), key.c_str(), i) - *want));
            compared++;
        }
    }
    EXPECT_GT(compared, 0u);
    EXPECT_LE(worst, kPrintRounding) << clip;
    std::printf("%s: %zu values, largest |difference| to golden %.3g\n", clip.c_str(), compared,
                worst);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatVifMotionGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// A textured picture, shifted by `t` (frames of a moving texture).
unsigned texture(unsigned x, unsigned y, unsigned bpc, unsigned t = 0)
{
    x += 3 * t;
    const unsigned v = (x * 7 + y * 13 + ((x * y) % 23) * 5) % 200 + 20;
    return v << (bpc - 8);
}

VmafPicture textured(unsigned bpc, unsigned w, unsigned h, unsigned t = 0)
{
    return make_picture(VMAF_PIX_FMT_YUV420P, bpc, w, h,
                        [=](unsigned, unsigned x, unsigned y) { return texture(x, y, bpc, t); });
}

VmafPicture flat(unsigned bpc, unsigned w, unsigned h, unsigned value)
{
    return make_picture(VMAF_PIX_FMT_YUV420P, bpc, w, h,
                        [=](unsigned, unsigned, unsigned) { return value; });
}

// Feeds frames made by make(i) for i < n as both reference and distorted
// picture, then flushes; returns the first error.
int feed(VmafContext *ctx, unsigned n, const std::function<VmafPicture(unsigned)> &make)
{
    int err = 0;
    for (unsigned i = 0; i < n && !err; i++) {
        VmafPicture ref = make(i), dis = make(i);
        err = vmaf_read_pictures(ctx, &ref, &dis, i);
    }
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

TEST(FloatVif, FlatPictureAgainstItselfIsOne)
{
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif"), 0);
        ASSERT_EQ(score_pair(ctx.get(), flat(bpc, 67, 45, 90u << (bpc - 8)),
                             flat(bpc, 67, 45, 90u << (bpc - 8))),
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
        ASSERT_EQ(score_pair(ctx.get(), textured(bpc, 131, 77), textured(bpc, 131, 77)), 0);
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
    ASSERT_EQ(score_pair(ctx.get(), textured(8, 64, 64), flat(8, 64, 64, 120)), 0);
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
            return static_cast<unsigned>(128 + (static_cast<int>(texture(x, y, 8)) - 120) * num / den);
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
        EXPECT_EQ(score_pair(ctx.get(), textured(8, w, h), textured(8, w, h)), want)
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
    EXPECT_EQ(score_pair(ctx.get(), textured(8, 60, 60), textured(8, 60, 60)), -EINVAL);
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
            added ? added : score_pair(ctx.get(), textured(8, 32, 32), textured(8, 32, 32));
        const std::string log = ::testing::internal::GetCapturedStderr();
        EXPECT_EQ(scored, -EINVAL) << key << "=" << value;
        EXPECT_NE(log.find(key), std::string::npos) << log;
    }
}

TEST(FloatMotion, ConstantSequenceHasNoMotion)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
    ASSERT_EQ(feed(ctx.get(), 4, [](unsigned) { return textured(10, 50, 38); }), 0);
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
    ASSERT_EQ(feed(ctx.get(), 5, [&](unsigned i) { return textured(8, 64, 48, shift[i]); }), 0);
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
    ASSERT_EQ(feed(ctx.get(), 3, [](unsigned i) { return textured(8, 40, 40, i); }), 0);
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
    for (auto [w, h, want] : {std::tuple{3u, 3u, 0}, std::tuple{2u, 9u, -EINVAL},
                              std::tuple{9u, 2u, -EINVAL}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
        ::testing::internal::CaptureStderr();
        EXPECT_EQ(feed(ctx.get(), 2, [&](unsigned i) { return textured(8, w, h, i); }), want)
            << w << "x" << h;
        const std::string log = ::testing::internal::GetCapturedStderr();
        if (want) {
            EXPECT_NE(log.find("too small"), std::string::npos) << log;
        }
    }
}

TEST(FloatVifMotion, ThreadCountDoesNotChangeAnyBit)
{
    const std::string clip = "vtest_481x271_420p8";
    const std::vector<std::string> keys = {"vif_scale0", "vif_scale1", "vif_scale2", "vif_scale3",
                                           "vif_num",    "vif_den",    "motion",     "motion2",
                                           "motion3"};
    std::vector<double> got[2];
    for (unsigned t : {1u, 2u}) {
        auto ctx = make_context(t);
        ASSERT_EQ(use_feature(ctx.get(), "float_vif", {{"debug", "true"}}), 0);
        ASSERT_EQ(use_feature(ctx.get(), "float_motion"), 0);
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
