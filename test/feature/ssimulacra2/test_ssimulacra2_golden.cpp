// ssimulacra2 against libjxl v0.11.2's ssimulacra2 tool on the PPM frames
// FFmpeg n7.1 exports (golden/, made by scripts/ssimulacra2_golden.sh): the
// R'G'B' bytes of every frame equal FFmpeg's (a hash of each), and every
// frame's score equals the tool's printed one to its eight decimals. Sizes
// and formats the metric cannot score are refused.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

#include "feature/ssimulacra2/rgb_from_yuv.h"
#include "support/clips.h"
#include "support/feature_scoring.h"
#include "support/golden.h"

namespace {

using namespace vmaf::test;
namespace s2 = vmaf::ssimulacra2;

const std::filesystem::path kGolden =
    std::filesystem::path(VMAF_TEST_SOURCE_DIR) / "test/feature/ssimulacra2/golden";

struct GoldenFrame {
    unsigned index;
    std::string score;
    std::string ref_hash, dis_hash;
};

std::vector<GoldenFrame> golden_frames(const std::string &name)
{
    std::vector<GoldenFrame> frames;
    std::ifstream in(kGolden / (name + ".txt"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        GoldenFrame f;
        words >> f.index >> f.score >> f.ref_hash >> f.dis_hash;
        frames.push_back(f);
    }
    return frames;
}

// A golden file's clip and options: CLIP[_bt601|_bt2020|_full].
struct Variant {
    std::string clip, options;
    s2::Matrix matrix = s2::Matrix::kBt709;
    bool full_range = false;
};

Variant variant_of(const std::string &name)
{
    for (const auto &[suffix, opts] : {std::pair<std::string, std::string>{"_bt601", "matrix=bt601"},
                                       {"_bt2020", "matrix=bt2020"},
                                       {"_full", "range=full"}})
        if (name.ends_with(suffix)) {
            Variant v{name.substr(0, name.size() - suffix.size()), opts};
            v.matrix = suffix == "_bt601" ? s2::Matrix::kBt601 : suffix == "_bt2020" ? s2::Matrix::kBt2020
                                                                                     : s2::Matrix::kBt709;
            v.full_range = suffix == "_full";
            return v;
        }
    return {name, ""};
}

std::vector<std::string> golden_cases()
{
    std::vector<std::string> names;
    for (const auto &f : std::filesystem::directory_iterator(kGolden)) names.push_back(f.path().stem());
    std::sort(names.begin(), names.end());
    return names;
}

// FNV-1a, 64 bits, as the golden script hashes a PPM's samples.
std::string fnv1a(const std::vector<uint8_t> &bytes)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

class Ssimulacra2Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Ssimulacra2Golden, ConvertsAsFfmpegExports)
{
    const Variant v = variant_of(GetParam());
    const auto want = golden_frames(GetParam());
    ASSERT_FALSE(want.empty());
    for (const char *side : {"ref", "dis"}) {
        Video video = load_y4m(clip_path(v.clip, side));
        ASSERT_EQ(video.frames.size(), want.size()) << v.clip;
        const int ss_x = video.pix_fmt == VMAF_PIX_FMT_YUV444P ? 0 : 1;
        const int ss_y = video.pix_fmt == VMAF_PIX_FMT_YUV420P ? 1 : 0;
        const s2::Conversion c = s2::conversion(static_cast<int>(video.w), static_cast<int>(video.h),
                                                static_cast<int>(video.bpc), ss_x, ss_y, v.matrix, v.full_range);
        std::vector<uint8_t> rgb(size_t{video.w} * video.h * 3);
        std::vector<int16_t> scratch;
        for (size_t i = 0; i < video.frames.size(); i++) {
            const VmafPicture &p = video.frames[i];
            const void *planes[3] = {p.data[0], p.data[1], p.data[2]};
            const ptrdiff_t strides[3] = {p.stride[0], p.stride[1], p.stride[2]};
            s2::rgb_from_yuv(c, planes, strides, rgb.data(), scratch);
            EXPECT_EQ(fnv1a(rgb), side[0] == 'r' ? want[i].ref_hash : want[i].dis_hash)
                << GetParam() << " " << side << " frame " << i;
        }
        video.release();
    }
}

TEST_P(Ssimulacra2Golden, ScoresAsLibjxlPrints)
{
    const Variant v = variant_of(GetParam());
    const auto want = golden_frames(GetParam());
    ASSERT_FALSE(want.empty());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature_text(ctx.get(), "ssimulacra2", v.options), 0);
    ASSERT_EQ(score_clip(ctx.get(), v.clip), 0);
    for (const GoldenFrame &f : want) {
        char printed[64];
        std::snprintf(printed, sizeof printed, "%.8f", score_of(ctx.get(), "ssimulacra2", f.index));
        EXPECT_EQ(printed, f.score) << GetParam() << " frame " << f.index;
    }
}

INSTANTIATE_TEST_SUITE_P(Clips, Ssimulacra2Golden, ::testing::ValuesIn(golden_cases()),
                         [](const auto &info) { return info.param; });

// Input the metric cannot score is refused at the start, naming it.
TEST(Ssimulacra2, RefusesWhatItCannotScore)
{
    struct Case {
        VmafPixelFormat fmt;
        unsigned w, h;
        const char *options;
    };
    const Case cases[] = {
        {VMAF_PIX_FMT_YUV400P, 256, 256, ""},          // no colour
        {VMAF_PIX_FMT_YUV420P, 257, 256, ""},          // chroma from an odd width
        {VMAF_PIX_FMT_YUV422P, 256, 112, ""},          // under the six scales' 113
        {VMAF_PIX_FMT_YUV444P, 112, 300, ""},          // the same across
        {VMAF_PIX_FMT_YUV420P, 256, 256, "matrix=bt470"},
        {VMAF_PIX_FMT_YUV420P, 256, 256, "range=tv"},
    };
    for (const Case &c : cases) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature_text(ctx.get(), "ssimulacra2", c.options), 0);
        auto grey = [](unsigned, unsigned, unsigned) { return 100u; };
        EXPECT_EQ(score_pair(ctx.get(), make_picture(c.fmt, 8, c.w, c.h, grey), make_picture(c.fmt, 8, c.w, c.h, grey)),
                  -EINVAL)
            << c.w << "x" << c.h << " " << c.options;
    }
}

// The smallest size scored, 4:4:4 of an odd size, and identical pictures:
// every error term is 0 (SSIM 1, no edge differences), so the score is 100.
TEST(Ssimulacra2, IdenticalPicturesScore100)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature_text(ctx.get(), "ssimulacra2", ""), 0);
    auto texture = [](unsigned p, unsigned x, unsigned y) { return (x * 7 + y * 13 + p * 50) % 220 + 16; };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV444P, 8, 113, 113, texture),
                         make_picture(VMAF_PIX_FMT_YUV444P, 8, 113, 113, texture)),
              0);
    EXPECT_EQ(score_of(ctx.get(), "ssimulacra2"), 100.0);
}

} // namespace
