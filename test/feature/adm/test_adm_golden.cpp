// adm against the reference's own output on every clip: default keys
// (main), per-scale numerators and denominators (debug) and the
// enhancement-gain-limited keys of the neg model (egl 1).
#include <cmath>
#include <gtest/gtest.h>
#include <memory>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

std::vector<std::string> keys(const std::vector<std::string> &base, const std::string &suffix)
{
    std::vector<std::string> out;
    for (const auto &k : base) out.push_back(k + suffix);
    return out;
}

const std::vector<std::string> kMainKeys = {
    "integer_adm2",       "integer_aim",        "integer_adm3",       "integer_adm_scale0",
    "integer_adm_scale1", "integer_adm_scale2", "integer_adm_scale3",
};

const std::vector<std::string> kDebugKeys = {
    "integer_adm",            "integer_adm_num",        "integer_adm_den",
    "integer_adm_num_scale0", "integer_adm_den_scale0", "integer_adm_num_scale1",
    "integer_adm_den_scale1", "integer_adm_num_scale2", "integer_adm_den_scale2",
    "integer_adm_num_scale3", "integer_adm_den_scale3",
};

// All ADM keys are luma-based, so odd-size clips compare too.
class AdmGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(AdmGolden, MainVariantMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "adm", {}), 0);
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, kMainKeys, 2e-6);
}

TEST_P(AdmGolden, DebugVariantMatchesReferenceOnThreads)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "debug");
    ASSERT_TRUE(g.has_value());
    // Two workers: one instance per thread must give the same numbers.
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "adm", {{"debug", "true"}}), 0);
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, kMainKeys, 2e-6);
    expect_keys_match(ctx.get(), *g, clip, kDebugKeys, 2e-6);
}

TEST_P(AdmGolden, GainLimitedKeysMatchNegModel)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "neg");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    // By alias, as the neg model names it.
    ASSERT_EQ(use_feature(ctx.get(), "adm", {{"egl", "1"}}), 0);
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, keys(kMainKeys, "_egl_1"), 2e-6);
}

INSTANTIATE_TEST_SUITE_P(AllClips, AdmGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

} // namespace
