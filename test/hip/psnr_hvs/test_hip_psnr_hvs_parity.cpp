// psnr_hvs_hip against psnr_hvs: identical doubles on every key. Each
// block's terms are the CPU's block_terms (psnr_hvs_math.h: integer DCT,
// float masking in the CPU's order without fused multiply-adds, correctly
// rounded sqrt and division on both), and each plane's terms are added to
// one float in the CPU's order (psnr_hvs.hip).
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::flat_video;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

const ParityRun kHvs{"psnr_hvs", {}};

class HipPsnrHvsClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipPsnrHvsClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), kHvs);
}

INSTANTIATE_TEST_SUITE_P(Clips, HipPsnrHvsClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "cup_320x240_420p8_identical",
                                           "flat_64x64_420p8"));

TEST(HipPsnrHvs, PageablePictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kHvs;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipPsnrHvsNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipPsnrHvsNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 21);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 22);
    expect_parity(ref, dis, kHvs);
    Video flat = flat_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1u << (c.bpc - 1));
    expect_parity(ref, flat, kHvs);
    ref.release();
    dis.release();
    flat.release();
}

// The smallest planes (one 8x8 block each), sizes just past a block step,
// 10 and 12 bits (the DCT's limit), and a 1080p-plus-one picture.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipPsnrHvsNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV444P, 8, 8, 8},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 16, 16},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 12, 257, 31},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 1921, 1081}),
    vmaf::test::noise_case_name);

} // namespace
