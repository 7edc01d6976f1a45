// psnr against the reference's own output on every clip.
#include <cmath>
#include <string>
#include <gtest/gtest.h>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

class PsnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PsnrGolden, MainVariantMatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "psnr", {}), 0);
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"psnr_y", "psnr_cb", "psnr_cr"}, 2e-6);
}

TEST_P(PsnrGolden, MseAndApsnrMatchReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "psnr_opts");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "psnr", {{"enable_mse", "true"}, {"enable_apsnr", "true"}}), 0);
    ASSERT_EQ(vmaf::test::score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"psnr_y", "mse_y", "psnr_cb", "psnr_cr", "mse_cb", "mse_cr"},
                      2e-6);

    // The whole-clip values come out in the written output.
    const auto written = nlohmann::json::parse(written_output(ctx.get(), VMAF_OUTPUT_FORMAT_JSON));
    const auto &want = g->at("aggregate_metrics");
    const auto &got = written.at("aggregate_metrics");
    for (const std::string k : {"apsnr_y", "apsnr_cb", "apsnr_cr"}) {
        ASSERT_TRUE(got.contains(k)) << k;
        EXPECT_NEAR(got.at(k).get<double>(), want.at(k).get<double>(), 2e-6) << clip << " " << k;
    }
}

INSTANTIATE_TEST_SUITE_P(AllClips, PsnrGolden, ::testing::ValuesIn(clip_names()),
                         [](const auto &info) { return info.param; });

// A plane psnr does not score (4:0:0, or enable_chroma=false) still has its
// apsnr aggregate, -inf, as the reference writes it (found by the
// differential rig).
TEST(Psnr, UnscoredPlanesHaveMinusInfiniteApsnr)
{
    struct Case {
        VmafPixelFormat fmt;
        const char *chroma;
    };
    for (const Case c : {Case{VMAF_PIX_FMT_YUV400P, "true"}, Case{VMAF_PIX_FMT_YUV444P, "false"}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "psnr", {{"enable_apsnr", "true"}, {"enable_chroma", c.chroma}}),
                  0);
        auto ref = [](unsigned p, unsigned x, unsigned y) { return (x * 7 + y * 3 + p) % 256; };
        auto dis = [](unsigned p, unsigned x, unsigned y) { return (x * 7 + y * 5 + p) % 256; };
        ASSERT_EQ(score_pair(ctx.get(), make_picture(c.fmt, 8, 24, 9, ref), make_picture(c.fmt, 8, 24, 9, dis)),
                  0);
        const std::string xml = written_output(ctx.get(), VMAF_OUTPUT_FORMAT_XML);
        EXPECT_NE(xml.find("apsnr_cb=\"-inf\""), std::string::npos) << xml;
        EXPECT_NE(xml.find("apsnr_cr=\"-inf\""), std::string::npos) << xml;
        EXPECT_EQ(xml.find("apsnr_y=\"-inf\""), std::string::npos) << xml;
    }
}

} // namespace
