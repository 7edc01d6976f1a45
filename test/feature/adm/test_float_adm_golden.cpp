// float_adm against the reference's own output (the float variant, made
// with the vmaf_float_v0.6.1 model) on every clip, and checks that need no
// reference: a picture against itself, bit-depth invariance, the key
// suffixes of options, and the errors.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

const std::vector<std::string> kKeys = {
    "adm2", "aim", "adm3", "adm_scale0", "adm_scale1", "adm_scale2", "adm_scale3",
};

// ADM is luma only, so odd-size clips compare too.
class FloatAdmGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FloatAdmGolden, MatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "float");
    ASSERT_TRUE(g.has_value()) << clip;
    // Two workers: one instance per thread must give the same numbers.
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    size_t compared = 0;
    double worst = 0;
    for (const auto &f : g->at("frames")) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &key : kKeys) {
            const auto want = golden_value(*g, i, key);
            ASSERT_TRUE(want.has_value()) << clip << " golden lacks " << key;
            double got = 0;
            ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), key.c_str(), &got, i), 0)
                << clip << " " << key << " frame " << i;
            EXPECT_NEAR(got, *want, 1e-5) << clip << " " << key << " frame " << i;
            worst = std::max(worst, std::fabs(got - *want));
            compared++;
        }
    }
    EXPECT_GT(compared, 0u);
    // The arithmetic is the reference's (bit for bit against its code built
    // here), so only the printing (%.6f, 5e-7) differs; the margin above it
    // leaves room for the CPU-dependent reciprocal estimate (ADR 0006).
    EXPECT_LE(worst, 1e-6) << clip;
    std::printf("%s: %zu values, largest difference %.3g\n", clip.c_str(), compared, worst);
}

INSTANTIATE_TEST_SUITE_P(AllClips, FloatAdmGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// A textured picture; `bpc` scales the same 8-bit values.
unsigned texture(unsigned p, unsigned x, unsigned y, unsigned bpc)
{
    const unsigned v = (x * 7 + y * 13 + ((x * y) % 23) * 5 + p * 31) % 200 + 20;
    return v << (bpc - 8);
}

// The same picture with noise on luma (at most 219 + 30).
unsigned noisy(unsigned p, unsigned x, unsigned y, unsigned bpc)
{
    const unsigned n = ((x * 2654435761u) ^ (y * 40503u)) % 31;
    return (texture(p, x, y, 8) + (p == 0 ? n : 0)) << (bpc - 8);
}

TEST(FloatAdm, PictureAgainstItselfIsOne)
{
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_adm"), 0);
        auto fill = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
        // Odd sizes.
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, bpc, 97, 53, fill),
                             make_picture(VMAF_PIX_FMT_YUV420P, bpc, 97, 53, fill)),
                  0);
        // Nothing is lost and nothing added: numerators equal denominators.
        EXPECT_EQ(score_of(ctx.get(), "adm2"), 1.0) << bpc;
        for (const char *key : {"adm_scale0", "adm_scale1", "adm_scale2", "adm_scale3"})
            EXPECT_EQ(score_of(ctx.get(), key), 1.0) << key << " bpc " << bpc;
        EXPECT_EQ(score_of(ctx.get(), "aim"), 0.0) << bpc;
        EXPECT_EQ(score_of(ctx.get(), "adm3"), 1.0) << bpc;
    }
}

TEST(FloatAdm, DepthsOfTheSameValuesScoreTheSame)
{
    // Samples are brought to the 8-bit scale first, exactly (powers of two).
    std::vector<double> scores;
    for (unsigned bpc : {8u, 10u, 16u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "float_adm"), 0);
        auto ref = [bpc](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, bpc); };
        auto dis = [bpc](unsigned p, unsigned x, unsigned y) { return noisy(p, x, y, bpc); };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV444P, bpc, 65, 41, ref),
                             make_picture(VMAF_PIX_FMT_YUV444P, bpc, 65, 41, dis)),
                  0);
        scores.push_back(score_of(ctx.get(), "adm2"));
        scores.push_back(score_of(ctx.get(), "aim"));
    }
    EXPECT_GT(scores[0], 0.0);
    EXPECT_LT(scores[0], 1.0);
    EXPECT_GT(scores[1], 0.0);
    for (size_t i = 2; i < scores.size(); i++) EXPECT_EQ(scores[i], scores[i % 2]) << i;
}

TEST(FloatAdm, GainLimitNamesKeysAsTheReference)
{
    // The neg model's setting: keys gain the alias and %g value of the option.
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm", {{"adm_enhn_gain_limit", "1.0"}}), 0);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm", {}), 0);
    auto ref = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    auto dis = [](unsigned p, unsigned x, unsigned y) { return noisy(p, x, y, 8); };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, ref),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, dis)),
              0);
    for (const char *key : {"adm2_egl_1", "aim_egl_1", "adm3_egl_1", "adm_scale0_egl_1",
                            "adm_scale3_egl_1"}) {
        double v = NAN;
        EXPECT_EQ(vmaf_feature_score_at_index(ctx.get(), key, &v, 0), 0) << key;
        EXPECT_TRUE(std::isfinite(v)) << key;
    }
    // Without enhancement gain, restored detail cannot exceed the reference's.
    EXPECT_LE(score_of(ctx.get(), "adm2_egl_1"), score_of(ctx.get(), "adm2"));
}

TEST(FloatAdm, DebugWritesNumeratorsAndDenominators)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm", {{"debug", "true"}}), 0);
    auto ref = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    auto dis = [](unsigned p, unsigned x, unsigned y) { return noisy(p, x, y, 8); };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 80, 48, ref),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 80, 48, dis)),
              0);
    double num = 0, den = 0;
    for (int s = 0; s < 4; s++) {
        const std::string n = "adm_num_scale" + std::to_string(s);
        const std::string d = "adm_den_scale" + std::to_string(s);
        const std::string r = "adm_scale" + std::to_string(s);
        EXPECT_DOUBLE_EQ(score_of(ctx.get(), r.c_str()),
                         score_of(ctx.get(), n.c_str()) / score_of(ctx.get(), d.c_str()));
        num += score_of(ctx.get(), n.c_str());
        den += score_of(ctx.get(), d.c_str());
    }
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "adm_num"), num);
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "adm_den"), den);
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "adm"), num / den);
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "adm2"), num / den);
}

// Options suffix every key but "adm", which the reference writes without
// listing it among its features (found by the differential rig).
TEST(FloatAdm, DebugKeyAdmKeepsItsNameWithOptions)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm", {{"debug", "true"}, {"adm_enhn_gain_limit", "1.2"}}),
              0);
    auto ref = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    auto dis = [](unsigned p, unsigned x, unsigned y) { return noisy(p, x, y, 8); };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 80, 48, ref),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 80, 48, dis)),
              0);
    double adm = 0, num = 0, den = 0;
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "adm", &adm, 0), 0);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "adm_num_egl_1.2", &num, 0), 0);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "adm_den_egl_1.2", &den, 0), 0);
    EXPECT_DOUBLE_EQ(adm, num / den);
    EXPECT_NE(vmaf_feature_score_at_index(ctx.get(), "adm_egl_1.2", &adm, 0), 0);
}

TEST(FloatAdm, TooSmallIsAClearError)
{
    auto fill = [](unsigned p, unsigned x, unsigned y) { return texture(p, x, y, 8); };
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "float_adm"), 0);
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 16, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 16, fill)),
              -EINVAL);
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(log.find("needs at least 17x17"), std::string::npos) << log;
    // The smallest size works.
    auto ok = make_context(0);
    ASSERT_EQ(use_feature(ok.get(), "float_adm"), 0);
    EXPECT_EQ(score_pair(ok.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 17, 17, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 17, 17, fill)),
              0);
    EXPECT_EQ(score_of(ok.get(), "adm2"), 1.0);
}

TEST(FloatAdm, RejectsOutOfRangeOptions)
{
    auto ctx = make_context(0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"egl", "0.5"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_csf_mode", "10"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_p_norm", "0.5"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"rdf", "5000"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_skip_aim_scale", "-1"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_f1s0", "11"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_bypass_cm", "2"}}), 0);
    EXPECT_NE(use_feature(ctx.get(), "float_adm", {{"adm_dlm_weight", "x"}}), 0);
}

} // namespace
