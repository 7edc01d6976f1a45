// cambi_hip against cambi: within 1e-6 on every key, with every option;
// the heatmaps byte-identical. Every step is exact (integer codes, masks
// and window counts; each c-value is the CPU's c_value_of on the same
// counts, so the same float), but the top-k mean adds the same values in
// another order (cambi.hip), which can move its double in the last bits.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <unistd.h>

#include "hip/parity_suites.h"
#include "libvmaf/libvmaf.h"
#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

constexpr const char *kClip = kSmallClip;

// Built at first use, when gtest registers the cases.
const TwinParity &cambi_parity()
{
    static const TwinParity table{
        .base = {"cambi", {}, 1e-6},
        // Smaller than cambi takes.
        .except_clips = {"flat_64x64_420p8"},
        .clip_runs = {{}, {{"full_ref", "true"}}},
        .options = {{kClip, {{"enc_width", "432"}, {"enc_height", "243"}}},
                    {kClip,
                     {{"full_ref", "true"}, {"enc_width", "400"}, {"enc_height", "225"},
                      {"src_width", "480"}, {"src_height", "270"}}},
                    {kClip, {{"window_size", "15"}}},
                    {kClip, {{"window_size", "127"}}},
                    {kClip, {{"topk", "0.1"}}},
                    {kClip, {{"cambi_topk", "1.0"}}},
                    {kClip, {{"tvi_threshold", "0.01"}}},
                    {kClip, {{"cambi_vis_lum_threshold", "10"}}},
                    {kClip, {{"max_log_contrast", "0"}}},
                    {kClip, {{"max_log_contrast", "1"}}},
                    {kClip, {{"max_log_contrast", "3"}}},
                    {kClip, {{"max_log_contrast", "4"}}},
                    {kClip, {{"max_log_contrast", "5"}}},
                    {kClip, {{"eotf", "pq"}}},
                    {kClip, {{"enc_bitdepth", "10"}}},
                    {kClip, {{"enc_bitdepth", "6"}}},
                    {kClip, {{"cambi_max_val", "0.5"}}},
                    {"tree_640x360_420p10", {{"enc_bitdepth", "8"}}}},
        .pageable = {{kClip, {{"full_ref", "true"}}}},
        // Bands, as cambi looks for: the smallest side cambi takes (216), odd
        // sizes, 10 to 16 bits (12 and 16 round down to 10 bits, 16 uses its
        // whole range), 4K, and 1080p with the high-resolution speedup.
        .synthetic = Synthetic::kBanded,
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 216, 216},
                  {VMAF_PIX_FMT_YUV444P, 10, 257, 231},
                  {VMAF_PIX_FMT_YUV422P, 12, 321, 219},
                  {VMAF_PIX_FMT_YUV400P, 16, 481, 271},
                  {VMAF_PIX_FMT_YUV420P, 10, 3840, 2160},
                  {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080, {{"cambi_high_res_speedup", "1080"}}}},
        .noise_runs = {{}, {Against::kOtherNoise, {{"full_ref", "true"}}}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Cambi, cambi_parity());

using HipCambi = HipDeviceTest;

// The files of `dir`, by name, with their bytes.
std::map<std::string, std::string> files_in(const std::filesystem::path &dir)
{
    std::map<std::string, std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        files[entry.path().filename().string()] =
            std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return files;
}

// cambi with heatmaps into `dir`, on the CPU or with `hip`.
void write_heatmaps(const Video &ref, const Video &dis, const std::string &dir, VmafHipState *hip)
{
    vmaf::test::Context ctx = vmaf::test::make_context(0);
    if (hip) {
        ASSERT_EQ(vmaf_hip_import_state(ctx.get(), hip), 0);
    }
    ASSERT_EQ(vmaf::test::use_feature(ctx.get(), "cambi", {{"heatmaps_path", dir.c_str()}}), 0);
    ASSERT_NO_FATAL_FAILURE(vmaf::test::read_video(ctx.get(), ref, dis, true, hip != nullptr, 0));
}

TEST_F(HipCambi, HeatmapsIdentical)
{
    VmafHipState *raw = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&raw, VmafHipConfiguration{0}), 0);
    HipState state(raw);
    char tmp[] = "/tmp/vmaf_cambi_heatmaps_XXXXXX";
    ASSERT_NE(mkdtemp(tmp), nullptr);
    const std::filesystem::path root(tmp);
    const std::string clip = "vtest_576x324_420p8";
    Video ref = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "ref"));
    Video dis = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "dis"));
    write_heatmaps(ref, dis, (root / "cpu").string(), nullptr);
    write_heatmaps(ref, dis, (root / "hip").string(), state.get());
    ref.release();
    dis.release();
    const auto cpu = files_in(root / "cpu"), hip = files_in(root / "hip");
    std::filesystem::remove_all(root);
    ASSERT_EQ(cpu.size(), 5u);
    ASSERT_EQ(hip.size(), cpu.size());
    for (const auto &[name, bytes] : cpu) {
        ASSERT_TRUE(hip.count(name)) << name;
        EXPECT_FALSE(bytes.empty()) << name;
        EXPECT_TRUE(hip.at(name) == bytes) << name << " differs";
    }
    std::printf("parity cambi heatmaps %s: %zu files identical\n", clip.c_str(), cpu.size());
}

// A sample above its depth's range fails the frame, as on the CPU.
TEST_F(HipCambi, OutOfRangeSampleRefused)
{
    Video ref = banded_video(VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, 41);
    Video dis = banded_video(VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, 42);
    // Above 1023: no 10-bit code.
    auto *row = static_cast<uint8_t *>(dis.frames[1].data[0]) + 7 * dis.frames[1].stride[0];
    reinterpret_cast<uint16_t *>(row)[5] = 1500;
    VmafHipState *raw = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&raw, VmafHipConfiguration{0}), 0);
    HipState state(raw);
    vmaf::test::Context ctx = vmaf::test::make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state.get()), 0);
    ASSERT_EQ(vmaf::test::use_feature(ctx.get(), "cambi"), 0);
    int err = 0;
    for (size_t i = 0; i < dis.frames.size() && !err; i++) {
        VmafPicture r, d;
        ASSERT_EQ(vmaf_picture_alloc(&r, ref.pix_fmt, ref.bpc, ref.w, ref.h), 0);
        ASSERT_EQ(vmaf_picture_alloc(&d, dis.pix_fmt, dis.bpc, dis.w, dis.h), 0);
        for (unsigned p = 0; p < 3; p++) {
            std::memcpy(r.data[p], ref.frames[i].data[p], r.stride[p] * r.h[p]);
            std::memcpy(d.data[p], dis.frames[i].data[p], d.stride[p] * d.h[p]);
        }
        err = vmaf_read_pictures(ctx.get(), &r, &d, static_cast<unsigned>(i));
    }
    if (!err) err = vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0);
    EXPECT_EQ(err, -EINVAL);
    ref.release();
    dis.release();
}

} // namespace
