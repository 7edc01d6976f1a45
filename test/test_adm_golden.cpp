// adm against the reference's own output on every clip: default keys
// (main), per-scale numerators and denominators (debug) and the
// enhancement-gain-limited keys of the neg model (egl 1).
#include <cmath>
#include <gtest/gtest.h>
#include <memory>

#include "support/clips.h"
#include "support/golden.h"

namespace {

using vmaf::test::clip_names;
using vmaf::test::golden;
using vmaf::test::golden_value;

struct ContextDeleter {
    void operator()(VmafContext *c) const { vmaf_close(c); }
};
using Context = std::unique_ptr<VmafContext, ContextDeleter>;

Context make_context(unsigned threads)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_threads = threads;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), 0);
    return Context(ctx);
}

void use_adm(VmafContext *ctx, std::initializer_list<std::pair<const char *, const char *>> opts)
{
    VmafFeatureDictionary *d = nullptr;
    for (auto [k, v] : opts) ASSERT_EQ(vmaf_feature_dictionary_set(&d, k, v), 0);
    ASSERT_EQ(vmaf_use_feature(ctx, "adm", d), 0);
    vmaf_feature_dictionary_free(&d);
}

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

// Every frame of the golden file; all ADM keys are luma-based, so odd-size
// clips compare too.
void expect_matches(VmafContext *ctx, const nlohmann::json &g, const std::string &clip,
                    const std::vector<std::string> &wanted)
{
    const auto &frames = g.at("frames");
    ASSERT_FALSE(frames.empty());
    for (const auto &f : frames) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &key : wanted) {
            const auto want = golden_value(g, i, key);
            ASSERT_TRUE(want.has_value()) << clip << " golden lacks " << key;
            double got = 0;
            ASSERT_EQ(vmaf_feature_score_at_index(ctx, key.c_str(), &got, i), 0)
                << clip << " " << key << " frame " << i;
            EXPECT_NEAR(got, *want, 2e-6) << clip << " " << key << " frame " << i;
        }
    }
}

class AdmGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(AdmGolden, MainVariantMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    use_adm(ctx.get(), {});
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_matches(ctx.get(), *g, clip, kMainKeys);
}

TEST_P(AdmGolden, DebugVariantMatchesReferenceOnThreads)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "debug");
    ASSERT_TRUE(g.has_value());
    // Two workers: one instance per thread must give the same numbers.
    auto ctx = make_context(2);
    use_adm(ctx.get(), {{"debug", "true"}});
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_matches(ctx.get(), *g, clip, kMainKeys);
    expect_matches(ctx.get(), *g, clip, kDebugKeys);
}

TEST_P(AdmGolden, GainLimitedKeysMatchNegModel)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "neg");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    // By alias, as the neg model names it.
    use_adm(ctx.get(), {{"egl", "1"}});
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_matches(ctx.get(), *g, clip, keys(kMainKeys, "_egl_1"));
}

INSTANTIATE_TEST_SUITE_P(AllClips, AdmGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

} // namespace
