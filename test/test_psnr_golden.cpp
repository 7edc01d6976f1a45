// psnr against the reference's own output on every clip.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <unistd.h>
#include <gtest/gtest.h>

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

void use(VmafContext *ctx, const char *name,
         std::initializer_list<std::pair<const char *, const char *>> opts)
{
    VmafFeatureDictionary *d = nullptr;
    for (auto [k, v] : opts) ASSERT_EQ(vmaf_feature_dictionary_set(&d, k, v), 0);
    ASSERT_EQ(vmaf_use_feature(ctx, name, d), 0);
    vmaf_feature_dictionary_free(&d);
}

void expect_matches(VmafContext *ctx, const nlohmann::json &g, const std::string &clip,
                    const std::vector<std::string> &keys)
{
    const auto &frames = g.at("frames");
    ASSERT_FALSE(frames.empty());
    for (const auto &f : frames) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &key : keys) {
            const auto want = golden_value(g, i, key);
            ASSERT_TRUE(want.has_value()) << clip << " golden lacks " << key;
            double got = 0;
            ASSERT_EQ(vmaf_feature_score_at_index(ctx, key.c_str(), &got, i), 0)
                << clip << " " << key << " frame " << i;
            EXPECT_NEAR(got, *want, 2e-6) << clip << " " << key << " frame " << i;
        }
    }
}

class PsnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PsnrGolden, MainVariantMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    use(ctx.get(), "psnr", {});
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    std::vector<std::string> keys{"psnr_y"};
    if (vmaf::test::chroma_comparable(clip)) keys.insert(keys.end(), {"psnr_cb", "psnr_cr"});
    expect_matches(ctx.get(), *g, clip, keys);
}

TEST_P(PsnrGolden, MseAndApsnrMatchReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "psnr_opts");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    use(ctx.get(), "psnr", {{"enable_mse", "true"}, {"enable_apsnr", "true"}});
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    std::vector<std::string> keys{"psnr_y", "mse_y"};
    if (vmaf::test::chroma_comparable(clip))
        keys.insert(keys.end(), {"psnr_cb", "psnr_cr", "mse_cb", "mse_cr"});
    expect_matches(ctx.get(), *g, clip, keys);

    // The whole-clip values come out in the written output.
    char path[] = "/tmp/vmaf_psnr_aggXXXXXX";
    const int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    close(fd);
    ASSERT_EQ(vmaf_write_output(ctx.get(), path, VMAF_OUTPUT_FORMAT_JSON), 0);
    std::ifstream in(path);
    const auto written = nlohmann::json::parse(in);
    std::remove(path);
    const auto &want = g->at("aggregate_metrics");
    const auto &got = written.at("aggregate_metrics");
    const std::vector<std::string> planes =
        vmaf::test::chroma_comparable(clip) ? std::vector<std::string>{"apsnr_y", "apsnr_cb", "apsnr_cr"}
                                            : std::vector<std::string>{"apsnr_y"};
    for (const auto &k : planes) {
        ASSERT_TRUE(got.contains(k)) << k;
        EXPECT_NEAR(got.at(k).get<double>(), want.at(k).get<double>(), 2e-6) << clip << " " << k;
    }
}

INSTANTIATE_TEST_SUITE_P(AllClips, PsnrGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

} // namespace
