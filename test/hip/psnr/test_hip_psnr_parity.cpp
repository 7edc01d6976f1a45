// psnr_hip against psnr: identical doubles on every key, at 8 to 16 bits,
// odd sizes, every pixel format and every option.
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

const ParityRun kAllKeys{"psnr", {{"enable_mse", "true"}, {"enable_apsnr", "true"}}};

TEST(HipPsnrParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kAllKeys);
}

TEST(HipPsnrParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kAllKeys);
}

TEST(HipPsnrParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kAllKeys);
}

TEST(HipPsnrParity, TenBitClipReducedPeak)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kAllKeys;
    run.options.push_back({"reduced_hbd_peak", "true"});
    expect_clip_parity("tree_640x360_420p10", run);
}

TEST(HipPsnrParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kAllKeys);
}

TEST(HipPsnrParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kAllKeys);
}

TEST(HipPsnrParity, LumaOnly)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", {"psnr", {{"enable_chroma", "false"}}});
}

TEST(HipPsnrParity, IdenticalFramesHitTheCap)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kAllKeys);
    expect_clip_parity("cup_320x240_420p8_identical", {"psnr", {{"min_sse", "0.5"}}});
}

TEST(HipPsnrParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kAllKeys;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

// Noise frames where no clip reaches: 12 and 16 bits (16-bit squared errors
// need 64-bit sums), tiny odd sizes, 4:2:2 and 4:0:0.
class HipPsnrNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipPsnrNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 2);
    expect_parity(ref, dis, kAllKeys);
    ParityRun reduced = kAllKeys;
    reduced.options.push_back({"reduced_hbd_peak", "true"});
    expect_parity(ref, dis, reduced);
    ref.release();
    dis.release();
}

INSTANTIATE_TEST_SUITE_P(
    Formats, HipPsnrNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 33, 17},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 1, 1},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 16, 257, 3},
                      NoiseCase{VMAF_PIX_FMT_YUV444P, 9, 7, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}),
    vmaf::test::noise_case_name);

// Full-scale errors: every 16-bit sample of ref 0, of dis 65535; each squared
// error is 2^32 - 2^17 + 1, beyond 32 bits.
TEST(HipPsnrParity, FullScaleSixteenBitErrors)
{
    VMAF_HIP_REQUIRE_DEVICE();
    Video ref = noise_video(VMAF_PIX_FMT_YUV420P, 16, 640, 480, 2, 3);
    Video dis = noise_video(VMAF_PIX_FMT_YUV420P, 16, 640, 480, 2, 4);
    for (unsigned f = 0; f < 2; f++)
        for (unsigned p = 0; p < 3; p++)
            for (unsigned y = 0; y < ref.frames[f].h[p]; y++)
                for (unsigned x = 0; x < ref.frames[f].w[p]; x++) {
                    auto at = [&](Video &v) {
                        return reinterpret_cast<uint16_t *>(static_cast<uint8_t *>(v.frames[f].data[p]) +
                                                            y * v.frames[f].stride[p]) + x;
                    };
                    *at(ref) = 0;
                    *at(dis) = 65535;
                }
    expect_parity(ref, dis, kAllKeys);
    ref.release();
    dis.release();
}

} // namespace
