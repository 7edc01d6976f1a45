// float_ms_ssim_hip against float_ms_ssim: within 1e-6 on every key, at 8
// to 16 bits, every pixel format, odd sizes and the smallest picture five
// scales allow (176x176), and every option. As for float_ssim_hip, only the
// grouping of each scale's sum over window positions differs from the CPU.
#include <string>

#include "hip/hip_parity.h"
#include "hip/ssim/distorted_video.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::distorted;
using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::flat_video;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

constexpr double kTolerance = 1e-6;

ParityRun run(std::vector<std::pair<std::string, std::string>> options)
{
    options.push_back({"enable_lcs", "true"});
    return {"float_ms_ssim", options, kTolerance};
}

const ParityRun kAllKeys = run({});

TEST(HipMsSsimParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kAllKeys);
}

TEST(HipMsSsimParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kAllKeys);
}

TEST(HipMsSsimParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kAllKeys);
}

TEST(HipMsSsimParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kAllKeys);
}

TEST(HipMsSsimParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kAllKeys);
}

TEST(HipMsSsimParity, IdenticalFrames)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kAllKeys);
    // MS-SSIM 1 is infinite in dB: clip_db caps it.
    expect_clip_parity("cup_320x240_420p8_identical",
                       run({{"enable_db", "true"}, {"clip_db", "true"}}));
}

TEST(HipMsSsimParity, DecibelOptions)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", run({{"enable_db", "true"}}));
    expect_clip_parity("tree_640x360_420p10", run({{"enable_db", "true"}, {"clip_db", "true"}}));
    // Without enable_lcs: the score alone.
    expect_clip_parity("box_352x288_444p8", {"float_ms_ssim", {}, kTolerance});
}

TEST(HipMsSsimParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun threaded = kAllKeys;
    threaded.pooled = false;
    threaded.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", threaded);
    expect_clip_parity("box_960x540_420p8", threaded);
}

// Flat pictures: zero variance at every scale, the terms' special cases.
TEST(HipMsSsimParity, FlatPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 8, 192, 176, 2, 100);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 8, 192, 176, 2, 140);
    expect_parity(ref, dis, kAllKeys);
    expect_parity(ref, ref, kAllKeys);
    ref.release();
    dis.release();
}

class HipMsSsimSynthetic : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipMsSsimSynthetic, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1);
    Video dis = distorted(ref, 0.04, 2);
    Video unrelated = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 3);
    expect_parity(ref, dis, kAllKeys);
    expect_parity(ref, dis, run({{"enable_db", "true"}, {"clip_db", "true"}}));
    expect_parity(ref, unrelated, kAllKeys);
    ref.release();
    dis.release();
    unrelated.release();
}

INSTANTIATE_TEST_SUITE_P(
    Formats, HipMsSsimSynthetic,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 176, 176},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 301, 177},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 10, 257, 199},
                      NoiseCase{VMAF_PIX_FMT_YUV444P, 12, 640, 480},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 16, 1921, 1081},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 14, 353, 289}),
    vmaf::test::noise_case_name);

} // namespace
