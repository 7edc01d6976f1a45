// One pair scored in chunks (the multi-GPU path, here on CPU contexts) must
// report exactly as one run: every key, every frame, every pooled value,
// byte for byte but the fps line. Chunks meet mid-video, so the temporal
// features (motion, float_motion, with every window option) must see across
// the borders as far as their declared reach; subsampling and frame skips
// must pick the same frames.
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

#include "support/clips.h"
#include "session/chunks.h"
#include "session/session.h"

namespace {

using namespace vmaf::session;
namespace fs = std::filesystem;

std::string report_without_fps(const std::string &path)
{
    std::ifstream in(path);
    std::string line, out;
    while (std::getline(in, line))
        if (line.find("\"fps\"") == std::string::npos) out += line + "\n";
    return out;
}

struct Case {
    const char *name;
    std::vector<std::string> models;
    std::vector<std::string> features;
    unsigned subsample = 1, frame_cnt = 0, skip = 0;
    bool no_prediction = false;
};

FeatureRequest feature(const std::string &text)
{
    FeatureRequest f;
    std::string error;
    EXPECT_TRUE(parse_feature_request(text, f, error)) << error;
    return f;
}

void expect_chunks_match(const std::string &clip, const Case &c, unsigned chunks)
{
    const fs::path dir = fs::temp_directory_path() / ("vmaf_chunks_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    ScoreRequest s;
    s.reference = vmaf::test::clip_path(clip, "ref");
    s.distorted = vmaf::test::clip_path(clip, "dis");
    s.models = c.models;
    for (const auto &f : c.features) s.features.push_back(feature(f));
    s.subsample = c.subsample;
    s.frame_cnt = c.frame_cnt;
    s.frame_skip_ref = s.frame_skip_dist = c.skip;
    s.no_prediction = c.no_prediction;
    s.format = VMAF_OUTPUT_FORMAT_JSON;

    ScoreHooks hooks;
    hooks.per_frame = true;
    ScoreTable one, split;
    std::string error;
    s.output = (dir / "one.json").string();
    ASSERT_TRUE(score_pair(s, hooks, one, error)) << clip << " " << c.name << ": " << error;
    s.output = (dir / "split.json").string();
    ASSERT_TRUE(score_pair_in_chunks(s, chunks, hooks, split, error))
        << clip << " " << c.name << ": " << error;

    EXPECT_EQ(split.frames, one.frames);
    EXPECT_EQ(split.keys, one.keys) << clip << " " << c.name;
    ASSERT_EQ(split.per_frame.size(), one.per_frame.size());
    for (size_t k = 0; k < one.per_frame.size(); k++)
        for (size_t i = 0; i < one.per_frame[k].size(); i++) {
            const double a = one.per_frame[k][i], b = split.per_frame[k][i];
            EXPECT_TRUE(a == b || (a != a && b != b))
                << clip << " " << c.name << " " << one.keys[k] << " frame " << i << ": " << a
                << " vs " << b << " in " << chunks << " chunks";
        }
    EXPECT_EQ(report_without_fps(dir / "split.json"), report_without_fps(dir / "one.json"))
        << clip << " " << c.name << " in " << chunks << " chunks";
    fs::remove_all(dir);
}

const std::vector<Case> &cases()
{
    static const std::vector<Case> all = {
        {"default model", {}, {}},
        {"float model, motion windows",
         {"version=vmaf_float_v0.6.1"},
         {"motion=motion_five_frame_window=true:motion_moving_average=true",
          "float_motion=motion_force_zero=false"}},
        {"features, subsample 3", {}, {"psnr", "float_ssim", "cambi"}, 3},
        {"frame_cnt and skips", {"version=vmaf_v0.6.1neg"}, {}, 1, 17, 2},
        {"bootstrap collection", {"version=vmaf_b_v0.6.3"}, {}, 2},
    };
    return all;
}

// One test per case, so that a slow build (ThreadSanitizer in CI) can run
// one of them.
class PairChunksCase : public ::testing::TestWithParam<size_t> {};

TEST_P(PairChunksCase, MatchesOneRun)
{
    // vtest has 24 frames: 2 and 3 chunks of at least 8.
    for (unsigned chunks : {2u, 3u})
        expect_chunks_match("vtest_576x324_420p8", cases()[GetParam()], chunks);
}

INSTANTIATE_TEST_SUITE_P(EveryCase, PairChunksCase, ::testing::Range<size_t>(0, cases().size()));

TEST(PairChunks, ShortClipsStayOneChunkOrSplit)
{
    for (const std::string clip : {"box_960x540_420p8", "tree_640x360_420p10"})
        expect_chunks_match(clip, cases()[1], 4);
}

TEST(PairChunks, SkipsPastTheEndSayWhat)
{
    ScoreRequest s;
    s.reference = vmaf::test::clip_path("vtest_576x324_420p8", "ref");
    s.distorted = vmaf::test::clip_path("vtest_576x324_420p8", "dis");
    s.frame_skip_ref = 30;
    ScoreHooks hooks;
    hooks.report = false;
    ScoreTable t;
    std::string one, split;
    EXPECT_FALSE(score_pair(s, hooks, t, one));
    EXPECT_FALSE(score_pair_in_chunks(s, 2, hooks, t, split));
    EXPECT_EQ(split, one);
    EXPECT_NE(one.find("24"), std::string::npos) << one;
}

TEST(PairChunks, AggregateScoresAreRefused)
{
    ScoreRequest s;
    s.reference = vmaf::test::clip_path("vtest_576x324_420p8", "ref");
    s.distorted = vmaf::test::clip_path("vtest_576x324_420p8", "dis");
    s.features.push_back(feature("psnr=enable_apsnr=true"));
    s.no_prediction = true;
    ScoreHooks hooks;
    hooks.report = false;
    ScoreTable t;
    std::string error;
    EXPECT_FALSE(score_pair_in_chunks(s, 2, hooks, t, error));
    EXPECT_NE(error.find("merge"), std::string::npos) << error;
}

} // namespace
