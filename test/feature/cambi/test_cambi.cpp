// cambi's behaviour beyond the reference's numbers: the sizes and options it
// refuses, samples beyond the depth, luma only at every chroma format,
// depths the reference CLI cannot read (9 and 14 bits) against their
// definition, and the heatmap files against the reference's.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <span>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <string>
#include <vector>

#include "banded_pictures.h"

namespace {

using namespace vmaf::test;
using Options = std::initializer_list<std::pair<const char *, const char *>>;

// Scores `frames` frames of the banded pictures; returns the first error.
int score_banded(VmafContext *ctx, VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                 unsigned frames = 1)
{
    int err = 0;
    for (unsigned i = 0; i < frames && !err; i++) {
        VmafPicture ref = banded_picture(fmt, bpc, w, h, i, true);
        VmafPicture dis = banded_picture(fmt, bpc, w, h, i, false);
        err = vmaf_read_pictures(ctx, &ref, &dis, i);
    }
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

int try_size(unsigned w, unsigned h, Options opts = {})
{
    auto ctx = make_context(0);
    EXPECT_EQ(use_feature(ctx.get(), "cambi", opts), 0);
    return score_banded(ctx.get(), VMAF_PIX_FMT_YUV420P, 8, w, h);
}

TEST(Cambi, NeedsAWidthOrHeightOf216)
{
    EXPECT_EQ(try_size(215, 215), -EINVAL);
    EXPECT_EQ(try_size(216, 100), 0);
    EXPECT_EQ(try_size(100, 216), 0);
    // The encoding and source sizes are held to it too.
    EXPECT_EQ(try_size(320, 240, {{"enc_width", "200"}, {"enc_height", "200"}}), -EINVAL);
    EXPECT_EQ(try_size(320, 240, {{"src_width", "320"}, {"src_height", "210"}}), 0);
}

// Where the coarsest scale is smaller than half the window, the reference
// reads outside its planes (ADR 0014); such sizes are refused, and the
// least size that works is taken.
TEST(Cambi, RefusesPicturesThinnerThanHalfTheWindowAtTheCoarsestScale)
{
    // 1920 wide and 160 or 161 high: a 23-pixel window, half of it 11; 161
    // halves to 11 at the fifth scale, 160 to 10.
    EXPECT_EQ(try_size(1920, 160), -EINVAL);
    EXPECT_EQ(try_size(1920, 161), 0);
    EXPECT_EQ(try_size(160, 1920), -EINVAL);
    EXPECT_EQ(try_size(161, 1920), 0);
    // The source is checked too, with full_ref.
    EXPECT_EQ(try_size(320, 240, {{"full_ref", "true"}, {"src_width", "1920"},
                                  {"src_height", "200"}}),
              -EINVAL);
}

TEST(Cambi, RefusesEncodingAndSourceSizesOfOppositeShapes)
{
    EXPECT_EQ(try_size(320, 240, {{"enc_width", "300"}, {"enc_height", "200"},
                                  {"src_width", "320"}, {"src_height", "200"}}),
              0);
    EXPECT_EQ(try_size(640, 480, {{"enc_width", "600"}, {"enc_height", "300"},
                                  {"src_width", "500"}, {"src_height", "400"}}),
              -EINVAL);
}

TEST(Cambi, RefusesWindowsLargerThanTheReferences)
{
    // window_size 127 at 1920x1080 is a 63-pixel window, at 4K 127.
    EXPECT_EQ(try_size(1920, 1080, {{"window_size", "127"}}), 0);
    EXPECT_EQ(try_size(3840, 2160, {{"window_size", "127"}}), -EINVAL);
    EXPECT_EQ(try_size(3840, 2160, {{"window_size", "65"}}), 0);
}

TEST(Cambi, RefusesBadOptions)
{
    auto ctx = make_context(0);
    for (auto [key, value] : {std::pair{"window_size", "14"}, {"window_size", "128"},
                              {"topk", "0"}, {"cambi_topk", "1.5"}, {"tvi_threshold", "0"},
                              {"max_log_contrast", "6"}, {"enc_width", "179"},
                              {"enc_bitdepth", "17"}, {"cambi_high_res_speedup", "2161"},
                              {"cambi_max_val", "-1"}, {"full_ref", "maybe"}, {"nonsense", "1"}})
        EXPECT_EQ(use_feature(ctx.get(), "cambi", {{key, value}}), -EINVAL) << key << "=" << value;
    // An unknown transfer function is refused when cambi starts.
    for (auto key : {"eotf", "cambi_eotf"}) {
        auto c = make_context(0);
        ASSERT_EQ(use_feature(c.get(), "cambi", {{key, "hlg"}}), 0);
        EXPECT_EQ(score_banded(c.get(), VMAF_PIX_FMT_YUV420P, 8, 320, 240), -EINVAL) << key;
    }
}

TEST(Cambi, RefusesSamplesAboveTheDepth)
{
    for (unsigned bpc : {9u, 10u, 12u, 14u}) {
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "cambi"), 0);
        auto fill = [bpc](unsigned p, unsigned x, unsigned y) {
            return p ? 0u : (x == 300 && y == 200 ? 1u << bpc : 100u);
        };
        EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, bpc, 320, 240, fill),
                             make_picture(VMAF_PIX_FMT_YUV420P, bpc, 320, 240, fill)),
                  -EINVAL)
            << bpc;
    }
}

double score_with(VmafPixelFormat fmt, unsigned bpc, Options opts,
                  const std::function<unsigned(unsigned, unsigned, unsigned)> &fill,
                  const char *key = "cambi")
{
    auto ctx = make_context(0);
    EXPECT_EQ(use_feature(ctx.get(), "cambi", opts), 0);
    EXPECT_EQ(score_pair(ctx.get(), make_picture(fmt, bpc, 320, 240, fill),
                         make_picture(fmt, bpc, 320, 240, fill)),
              0);
    return score_of(ctx.get(), key);
}

TEST(Cambi, ReadsLumaOnlyAtEveryChromaFormat)
{
    const double want = score_with(VMAF_PIX_FMT_YUV420P, 8, {}, [](unsigned p, unsigned x, unsigned y) {
        return p ? 128u : banded_luma(x, y, 0, 320, 240, 8, false);
    });
    EXPECT_GT(want, 1.0);
    for (auto fmt : {VMAF_PIX_FMT_YUV400P, VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P,
                     VMAF_PIX_FMT_YUV444P}) {
        // Chroma that changes everywhere does not move the score.
        const double got = score_with(fmt, 8, {}, [](unsigned p, unsigned x, unsigned y) {
            return p ? (x * 31 + y * 17 + p * 50) % 256 : banded_luma(x, y, 0, 320, 240, 8, false);
        });
        EXPECT_EQ(got, want) << fmt;
    }
}

// 9-bit samples are the 10-bit codes halved; 14-bit samples with zero low
// bits are the 10-bit codes times 16. Same encoding depth, same score.
TEST(Cambi, DepthsTheReferenceCliCannotReadFollowTheirDefinition)
{
    auto codes = [](unsigned p, unsigned x, unsigned y) {
        return p ? 512u : banded_luma(x, y, 0, 320, 240, 10, false) & ~1u;
    };
    const double ten = score_with(VMAF_PIX_FMT_YUV420P, 10, {{"enc_bitdepth", "9"}}, codes,
                                  "cambi_encbd_9");
    const double nine = score_with(VMAF_PIX_FMT_YUV420P, 9, {}, [&](unsigned p, unsigned x, unsigned y) {
        return codes(p, x, y) >> 1;
    });
    EXPECT_GT(ten, 1.0);
    EXPECT_EQ(nine, ten);
    const double ten_again = score_with(VMAF_PIX_FMT_YUV420P, 10, {{"enc_bitdepth", "14"}}, codes,
                                        "cambi_encbd_14");
    const double fourteen = score_with(VMAF_PIX_FMT_YUV420P, 14, {}, [&](unsigned p, unsigned x, unsigned y) {
        return codes(p, x, y) << 4;
    });
    EXPECT_EQ(fourteen, ten_again);
}

std::string read_file(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

uint64_t fnv1a(const std::string &bytes)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3u;
    return h;
}

struct HeatmapFile {
    const char *name;
    size_t bytes;
    uint64_t fnv1a;
};

// The reference's heatmaps: libvmaf 3.2.0's CLI on the pictures of
// cambi_reference_values.h's cases p8_420 (3 frames) and speedup_1080
// (written with VMAF_CAMBI_WRITE_CLIPS=DIR), with
//   vmaf -r DIR/p8_420_ref.yuv -d DIR/p8_420_dis.yuv -w 320 -h 240 -p 420 -b 8 -n -q
//        --feature cambi=heatmaps_path=OUT --json -o out.json
//   vmaf -r DIR/speedup_1080_ref.yuv -d DIR/speedup_1080_dis.yuv -w 1920 -h 1080 -p 420 -b 8
//        -n -q --feature cambi=cambi_high_res_speedup=1080:heatmaps_path=OUT --json -o out.json
// each file's size and its 64-bit FNV-1a. With the speed-up the files are
// named after the encoding size but hold scales half as large.
constexpr HeatmapFile kSmallHeatmaps[] = {
    {"cambi_heatmap_scale_0_320x240_16b.gray", 460800, 0x8e56e9542172af47u},
    {"cambi_heatmap_scale_1_160x120_16b.gray", 115200, 0x936e8d0d8fd40c45u},
    {"cambi_heatmap_scale_2_80x60_16b.gray", 28800, 0xc5d0a1f2b5b40d37u},
    {"cambi_heatmap_scale_3_40x30_16b.gray", 7200, 0x6e4df2291dd4e809u},
    {"cambi_heatmap_scale_4_20x15_16b.gray", 1800, 0xaa29e5bef8722c43u},
};
constexpr HeatmapFile kSpeedupHeatmaps[] = {
    {"cambi_heatmap_scale_0_1920x1080_16b.gray", 1036800, 0x8cec431ae621f840u},
    {"cambi_heatmap_scale_1_960x540_16b.gray", 259200, 0x80a7591bc452ff76u},
    {"cambi_heatmap_scale_2_480x270_16b.gray", 64800, 0xd337b5aedb4b7f71u},
    {"cambi_heatmap_scale_3_240x135_16b.gray", 16320, 0x2db9adc2dccf3efeu},
    {"cambi_heatmap_scale_4_120x68_16b.gray", 4080, 0x3dcf7ca2e1f79f62u},
};

class TempFolder {
public:
    TempFolder()
    {
        char name[] = "/tmp/vmaf_cambi_XXXXXX";
        EXPECT_NE(mkdtemp(name), nullptr);
        path = name;
    }
    ~TempFolder() { std::filesystem::remove_all(path); }
    std::filesystem::path path;
};

void expect_heatmaps(const std::filesystem::path &folder, std::span<const HeatmapFile> want)
{
    size_t count = 0;
    for (const auto &entry : std::filesystem::directory_iterator(folder)) {
        (void)entry;
        count++;
    }
    EXPECT_EQ(count, want.size()) << "files in " << folder;
    for (const HeatmapFile &f : want) {
        const std::string bytes = read_file(folder / f.name);
        EXPECT_EQ(bytes.size(), f.bytes) << f.name;
        EXPECT_EQ(fnv1a(bytes), f.fnv1a) << f.name;
    }
}

TEST(CambiHeatmaps, MatchTheReferencesAtAnyThreadCount)
{
    for (unsigned threads : {0u, 3u}) {
        TempFolder tmp;
        const std::string out = (tmp.path / "maps" / "deeper").string();
        auto ctx = make_context(threads);
        ASSERT_EQ(use_feature(ctx.get(), "cambi", {{"heatmaps_path", out.c_str()}}), 0);
        ASSERT_EQ(score_banded(ctx.get(), VMAF_PIX_FMT_YUV420P, 8, 320, 240, 3), 0);
        expect_heatmaps(out, kSmallHeatmaps);
    }
}

TEST(CambiHeatmaps, KeepTheReferencesNamesWithTheSpeedup)
{
    TempFolder tmp;
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "cambi", {{"cambi_high_res_speedup", "1080"},
                                               {"heatmaps_path", tmp.path.c_str()}}),
              0);
    ASSERT_EQ(score_banded(ctx.get(), VMAF_PIX_FMT_YUV420P, 8, 1920, 1080), 0);
    expect_heatmaps(tmp.path, kSpeedupHeatmaps);
}

// The files get their names at the flush, unless cambi failed on a frame.
TEST(CambiHeatmaps, AFailedRunLeavesNoFiles)
{
    auto too_bright = [](unsigned, unsigned, unsigned) { return 2000u; };
    for (bool flushed : {false, true}) {
        TempFolder tmp;
        auto ctx = make_context(0);
        ASSERT_EQ(use_feature(ctx.get(), "cambi", {{"heatmaps_path", tmp.path.c_str()}}), 0);
        VmafPicture ref = banded_picture(VMAF_PIX_FMT_YUV420P, 10, 320, 240, 0, true);
        VmafPicture dis = banded_picture(VMAF_PIX_FMT_YUV420P, 10, 320, 240, 0, false);
        ASSERT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, 0), 0);
        VmafPicture bad_ref = make_picture(VMAF_PIX_FMT_YUV420P, 10, 320, 240, too_bright);
        VmafPicture bad_dis = make_picture(VMAF_PIX_FMT_YUV420P, 10, 320, 240, too_bright);
        EXPECT_EQ(vmaf_read_pictures(ctx.get(), &bad_ref, &bad_dis, 1), -EINVAL);
        // The flush's result: the frame's error was already returned.
        if (flushed) {
            (void)vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0);
        }
        ctx.reset();
        EXPECT_TRUE(std::filesystem::is_empty(tmp.path)) << "flushed " << flushed;
    }
}

TEST(CambiHeatmaps, AFolderThatCannotBeMadeIsAnError)
{
    TempFolder tmp;
    const std::string blocker = (tmp.path / "file").string();
    std::ofstream(blocker) << "x";
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "cambi", {{"heatmaps_path", (blocker + "/maps").c_str()}}),
              0);
    EXPECT_LT(score_banded(ctx.get(), VMAF_PIX_FMT_YUV420P, 8, 320, 240), 0);
}

} // namespace
