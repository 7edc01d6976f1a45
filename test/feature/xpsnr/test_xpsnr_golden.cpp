// xpsnr against FFmpeg 7.1's xpsnr filter: every frame of every clip as its
// stats file prints it (golden/, made by scripts/xpsnr_golden.sh), and the
// closed form of a flat picture pair.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

#include "support/feature_scoring.h"
#include "support/golden.h"

namespace {

using namespace vmaf::test;

const std::filesystem::path kGolden = std::filesystem::path(VMAF_TEST_SOURCE_DIR) / "test/feature/xpsnr/golden";

// A stats file's lines: "n:    1  XPSNR y: 35.4589  XPSNR u: 42.6994  XPSNR v: 43.6685".
std::vector<std::vector<std::string>> printed_values(const std::filesystem::path &file)
{
    std::vector<std::vector<std::string>> frames;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::vector<std::string> values;
        for (std::string w; words >> w;)
            if (w == "y:" || w == "u:" || w == "v:") {
                words >> w;
                values.push_back(w);
            }
        if (line.starts_with("n:") && !values.empty()) frames.push_back(values);
    }
    return frames;
}

// What the filter prints for a value: "%3.4f", "inf" where the error is 0.
std::string printed(double v)
{
    if (std::isinf(v)) return "inf";
    char text[64];
    std::snprintf(text, sizeof text, "%3.4f", v);
    return text;
}

// The summary line: "XPSNR average, 24 frames  y: 32.6076  u: 38.7773  v:
// 40.2001  (minimum: 32.6076)": the planes' values, then the minimum.
std::vector<std::string> printed_average(const std::filesystem::path &file)
{
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("XPSNR average")) continue;
        std::istringstream words(line);
        std::vector<std::string> values;
        for (std::string w; words >> w;)
            if (w == "y:" || w == "u:" || w == "v:" || w == "(minimum:") {
                words >> w;
                if (w.ends_with(")")) w.pop_back();
                values.push_back(w);
            }
        return values;
    }
    return {};
}

constexpr const char *kSmallClipName = "vtest_576x324_420p8";

std::vector<std::string> golden_cases()
{
    std::vector<std::string> names;
    for (const auto &f : std::filesystem::directory_iterator(kGolden)) names.push_back(f.path().stem());
    std::sort(names.begin(), names.end());
    return names;
}

class XpsnrGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(XpsnrGolden, PrintsWhatFfmpegPrints)
{
    const std::string name = GetParam();
    // vtest at 60 frames a second: the same samples, scored with fps=60.
    const bool fps60 = name.ends_with("_fps60");
    const std::string clip = fps60 ? name.substr(0, name.size() - 6) : name;
    const auto want = printed_values(kGolden / (name + ".txt"));
    ASSERT_FALSE(want.empty()) << name;
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature_text(ctx.get(), "xpsnr", fps60 ? "fps=60:average=true" : "temporal=true:average=true"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    const char *keys[] = {"xpsnr_y", "xpsnr_cb", "xpsnr_cr"};
    // Subsampled chroma of an odd size: the pictures lack FFmpeg's last
    // chroma column (libvmaf's layout), so only luma is written.
    unsigned w = 0, h = 0;
    ASSERT_EQ(std::sscanf(clip.c_str() + clip.find('_') + 1, "%ux%u", &w, &h), 2) << clip;
    const bool subsampled = clip.find("_444") == std::string::npos;
    const unsigned planes = subsampled && (w % 2 || h % 2) ? 1 : 3;
    double v = 0;
    if (planes == 1) {
        EXPECT_NE(vmaf_feature_score_at_index(ctx.get(), "xpsnr_cb", &v, 0), 0);
    }
    for (unsigned i = 0; i < want.size(); i++)
        for (unsigned c = 0; c < planes; c++)
            EXPECT_EQ(printed(score_of(ctx.get(), keys[c], i)), want[i][c])
                << name << " frame " << i << " " << keys[c];
    EXPECT_NE(vmaf_feature_score_at_index(ctx.get(), "xpsnr_y", &v, static_cast<unsigned>(want.size())), 0)
        << "more frames than the reference printed";

    // The summary (average=true), as aggregate keys in the written output:
    // printed there with six decimals, the reference's with four; an
    // infinite value (no error) is JSON's null.
    const auto average = printed_average(kGolden / (name + ".txt"));
    ASSERT_EQ(average.size(), 4u) << name;
    const auto written = nlohmann::json::parse(written_output(ctx.get(), VMAF_OUTPUT_FORMAT_JSON));
    const auto &got = written.at("aggregate_metrics");
    auto expect_printed = [&](const char *key, const std::string &want) {
        ASSERT_TRUE(got.contains(key)) << name << " " << key;
        if (want == "inf") {
            EXPECT_TRUE(got.at(key).is_null()) << name << " " << key;
            return;
        }
        EXPECT_NEAR(got.at(key).get<double>(), std::stod(want), 5e-5 + 5e-7) << name << " " << key;
    };
    const char *average_keys[] = {"xpsnr_average_y", "xpsnr_average_cb", "xpsnr_average_cr"};
    for (unsigned c = 0; c < planes; c++) expect_printed(average_keys[c], average[c]);
    if (planes == 3) expect_printed("xpsnr_average_minimum", average[3]);
}

// Without average=true nothing but the frames' keys is written.
TEST(Xpsnr, NoAverageUnlessAsked)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature_text(ctx.get(), "xpsnr", ""), 0);
    ASSERT_EQ(score_clip(ctx.get(), kSmallClipName), 0);
    const auto written = nlohmann::json::parse(written_output(ctx.get(), VMAF_OUTPUT_FORMAT_JSON));
    EXPECT_FALSE(written.contains("aggregate_metrics") && written.at("aggregate_metrics").contains("xpsnr_average_y"));
}

INSTANTIATE_TEST_SUITE_P(Clips, XpsnrGolden, ::testing::ValuesIn(golden_cases()),
                         [](const auto &info) { return info.param; });

// A flat reference (no spatial activity) against a luma offset by 12, the
// temporal term off: every block's activity is the floor 2^(8 - 6), squared,
// so every weight is 1/4 and wsse = round(sum of squared errors / 4 * avg),
// avg = sqrt(16 * 2^(2 * 8 - 9) / sqrt(w h / (3840 * 2160))).
TEST(Xpsnr, FlatPairHasClosedForm)
{
    const unsigned w = 64, h = 48;
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature_text(ctx.get(), "xpsnr", "temporal=false"), 0);
    auto ref = [](unsigned, unsigned, unsigned) { return 128u; };
    auto dis = [](unsigned p, unsigned, unsigned) { return p ? 128u : 140u; };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, w, h, ref),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, w, h, dis)),
              0);
    const double r = static_cast<double>(w * h) / (3840.0 * 2160.0);
    const double avg = std::sqrt(16.0 * 128.0 / std::sqrt(r));
    const double wsse = std::floor(w * h * 144.0 / 4.0 * avg + 0.5);
    EXPECT_DOUBLE_EQ(score_of(ctx.get(), "xpsnr_y"), 10.0 * std::log10(w * h * 255.0 * 255.0 / wsse));
    EXPECT_EQ(score_of(ctx.get(), "xpsnr_cb"), INFINITY);
}

// Frame t of a moving texture against the texture a step further on.
int score_moving(VmafContext *ctx, unsigned first, unsigned n)
{
    int err = 0;
    for (unsigned t = first; t < first + n && !err; t++) {
        VmafPicture ref = textured_picture(8, 96, 64, t), dis = textured_picture(8, 96, 64, t + 1);
        err = vmaf_read_pictures(ctx, &ref, &dis, t - first);
    }
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

// The temporal term off, a frame scores as it does alone; on, the frames
// before it change its weights.
TEST(Xpsnr, TemporalTermWeighsByThePreviousFrames)
{
    auto off = make_context(0), alone = make_context(0), on = make_context(0), on_alone = make_context(0);
    ASSERT_EQ(use_feature_text(off.get(), "xpsnr", "temporal=false"), 0);
    ASSERT_EQ(use_feature_text(alone.get(), "xpsnr", "temporal=false"), 0);
    ASSERT_EQ(use_feature(on.get(), "xpsnr"), 0);
    ASSERT_EQ(use_feature(on_alone.get(), "xpsnr"), 0);
    ASSERT_EQ(score_moving(off.get(), 0, 3), 0);
    ASSERT_EQ(score_moving(alone.get(), 2, 1), 0);
    ASSERT_EQ(score_moving(on.get(), 0, 3), 0);
    ASSERT_EQ(score_moving(on_alone.get(), 2, 1), 0);
    EXPECT_EQ(score_of(off.get(), "xpsnr_y", 2), score_of(alone.get(), "xpsnr_y", 0));
    EXPECT_NE(score_of(on.get(), "xpsnr_y", 2), score_of(on_alone.get(), "xpsnr_y", 0));
}

// Sizes FFmpeg's filter crashes on are refused: under 2025 luma samples
// (its block size is 0 and it divides by it), odd above 2048x1152 (its 2x2
// cells fall outside the picture). 45x45 = 2025 is the smallest it scores.
TEST(Xpsnr, SizesTheFilterDoesNotDefineAreAClearError)
{
    auto fill = [](unsigned, unsigned x, unsigned y) { return (x + y) % 256; };
    struct Size {
        unsigned w, h;
        int rc;
    };
    for (const Size s : {Size{2049, 1153, -EINVAL}, Size{44, 46, -EINVAL}, Size{64, 31, -EINVAL},
                         Size{2, 2, -EINVAL}, Size{45, 45, 0}}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "xpsnr"), 0);
        EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV444P, 8, s.w, s.h, fill),
                             make_picture(VMAF_PIX_FMT_YUV444P, 8, s.w, s.h, fill)),
                  s.rc)
            << s.w << "x" << s.h;
    }
}

} // namespace
