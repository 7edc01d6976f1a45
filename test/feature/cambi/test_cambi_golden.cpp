// cambi against the reference's output on every clip it scores (the main
// variant), and its refusal of the one it does not.
#include <cerrno>
#include <gtest/gtest.h>

#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

// The clips whose golden main.json has cambi (the reference refused 64x64).
std::vector<std::string> clips_with_cambi()
{
    std::vector<std::string> out;
    for (const auto &clip : clips_with_variant("main")) {
        const auto g = golden(clip, "main");
        if (g && g->at("frames").at(0).at("metrics").contains("cambi")) out.push_back(clip);
    }
    return out;
}

class CambiGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(CambiGolden, MatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "cambi"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"cambi"}, 2e-6);
}

INSTANTIATE_TEST_SUITE_P(AllClips, CambiGolden, ::testing::ValuesIn(clips_with_cambi()),
                         [](const auto &info) { return info.param; });

TEST(CambiGolden, EveryClipButTheSmallestIsCompared)
{
    EXPECT_EQ(clips_with_cambi().size() + 1, clip_names().size());
}

TEST(CambiGolden, RefusesTheClipTheReferenceRefused)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "cambi"), 0);
    EXPECT_EQ(score_clip(ctx.get(), "flat_64x64_420p8"), -EINVAL);
}

} // namespace
