// float_ssim_hip against float_ssim: within 1e-6 on every key, at 8 to 16
// bits, every pixel format, odd and minimal sizes, the automatic scale and
// forced ones, and every option. The GPU follows the CPU's arithmetic, so
// only the grouping of the sum over window positions differs; the means
// are floats, so the values agree to the bit unless that sum falls on a
// float's rounding boundary.
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
using vmaf::test::ParityRun;
using vmaf::test::Video;

constexpr double kTolerance = 1e-6;

ParityRun run(std::vector<std::pair<std::string, std::string>> options)
{
    options.push_back({"enable_lcs", "true"});
    return {"float_ssim", options, kTolerance};
}

const ParityRun kAllKeys = run({});

TEST(HipSsimParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kAllKeys);
}

// 960x540: the automatic scale is 2.
TEST(HipSsimParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kAllKeys);
}

TEST(HipSsimParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kAllKeys);
}

TEST(HipSsimParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kAllKeys);
}

TEST(HipSsimParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kAllKeys);
}

TEST(HipSsimParity, IdenticalFrames)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kAllKeys);
    // SSIM 1 is infinite in dB: clip_db caps it.
    expect_clip_parity("cup_320x240_420p8_identical",
                       run({{"enable_db", "true"}, {"clip_db", "true"}}));
}

// Scale 1 skips the decimation; 2 and 3 use the box filter; 10, the
// largest, leaves 96x54 of the large clip.
TEST(HipSsimParity, ForcedScales)
{
    VMAF_HIP_REQUIRE_DEVICE();
    for (const char *scale : {"1", "2", "3"}) {
        SCOPED_TRACE(std::string("scale ") + scale);
        expect_clip_parity("vtest_576x324_420p8", run({{"scale", scale}}));
        expect_clip_parity("vtest_481x271_420p8", run({{"scale", scale}}));
    }
    expect_clip_parity("box_960x540_420p8", run({{"scale", "10"}}));
}

TEST(HipSsimParity, DecibelOptions)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", run({{"enable_db", "true"}}));
    expect_clip_parity("tree_640x360_420p10", run({{"enable_db", "true"}, {"clip_db", "true"}}));
    // Without enable_lcs: the score alone.
    expect_clip_parity("box_352x288_444p8", {"float_ssim", {}, kTolerance});
}

TEST(HipSsimParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun threaded = kAllKeys;
    threaded.pooled = false;
    threaded.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", threaded);
    expect_clip_parity("box_960x540_420p8", threaded);
}

// Flat pictures: zero variance everywhere, the terms' special cases.
TEST(HipSsimParity, FlatPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 8, 64, 64, 2, 100);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 8, 64, 64, 2, 140);
    expect_parity(ref, dis, kAllKeys);
    expect_parity(ref, ref, kAllKeys);
    ref.release();
    dis.release();
}

struct SyntheticCase {
    VmafPixelFormat pix_fmt;
    unsigned bpc, w, h;
    const char *scale;
};

class HipSsimSynthetic : public ::testing::TestWithParam<SyntheticCase> {};

TEST_P(HipSsimSynthetic, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const SyntheticCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1);
    Video dis = distorted(ref, 0.04, 2);
    Video unrelated = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 3);
    expect_parity(ref, dis, run({{"scale", c.scale}}));
    expect_parity(ref, dis, run({{"scale", c.scale}, {"enable_db", "true"}, {"clip_db", "true"}}));
    expect_parity(ref, unrelated, run({{"scale", c.scale}}));
    ref.release();
    dis.release();
    unrelated.release();
}

// Scale "0" is the automatic one: 1 below 384 lines, 2 at 520, 4 at 1081.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipSsimSynthetic,
    ::testing::Values(SyntheticCase{VMAF_PIX_FMT_YUV420P, 8, 300, 200, "0"},
                      SyntheticCase{VMAF_PIX_FMT_YUV420P, 8, 11, 11, "0"},
                      SyntheticCase{VMAF_PIX_FMT_YUV422P, 10, 257, 131, "0"},
                      SyntheticCase{VMAF_PIX_FMT_YUV444P, 12, 600, 520, "0"},
                      SyntheticCase{VMAF_PIX_FMT_YUV420P, 12, 67, 45, "3"},
                      SyntheticCase{VMAF_PIX_FMT_YUV400P, 16, 1921, 1081, "0"},
                      SyntheticCase{VMAF_PIX_FMT_YUV400P, 16, 333, 222, "2"},
                      SyntheticCase{VMAF_PIX_FMT_YUV422P, 9, 45, 34, "1"}),
    [](const auto &info) {
        const SyntheticCase &c = info.param;
        return vmaf::test::format_case_name(c.pix_fmt, c.bpc, c.w, c.h) + "_scale" + c.scale;
    });

} // namespace
