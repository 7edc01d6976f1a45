// float_motion_hip against float_motion: identical doubles on every key
// (motion, motion2, motion3), with every option. The blur, the float sums of
// the absolute differences and the bilinear halving follow the CPU's order
// of operations, without fused multiply-adds (float_motion.hip).
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

const ParityRun kMotion{"float_motion", {}};

class HipFloatMotionClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipFloatMotionClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), kMotion);
    expect_clip_parity(GetParam(), kMotion.with({{"motion_add_scale1", "true"}}));
}

INSTANTIATE_TEST_SUITE_P(Clips, HipFloatMotionClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "cup_320x240_420p8_identical",
                                           "flat_64x64_420p8"));

TEST(HipFloatMotion, Options)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const char *clip = "vtest_481x271_420p8";
    expect_clip_parity(clip, kMotion.with({{"motion_add_uv", "true"}}));
    expect_clip_parity(clip, kMotion.with({{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}}));
    expect_clip_parity("box_352x288_444p8", kMotion.with({{"motion_add_uv", "true"}}));
    expect_clip_parity(clip, kMotion.with({{"motion_filter_size", "3"}}));
    expect_clip_parity(clip, kMotion.with({{"motion_filter_size", "1"}}));
    expect_clip_parity(clip, kMotion.with({{"motion_force_zero", "true"}}));
    expect_clip_parity(clip, kMotion.with({{"debug", "false"}}));
    expect_clip_parity(clip, kMotion.with({{"motion_fps_weight", "2.5"},
                                           {"motion_blend_factor", "0.5"},
                                           {"motion_blend_offset", "1"},
                                           {"motion_max_val", "3"}}));
}

TEST(HipFloatMotion, PageablePictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kMotion;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipFloatMotionNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipFloatMotionNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 4, 9);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 4, 10);
    expect_parity(ref, dis, kMotion.with({{"motion_add_scale1", "true"}}));
    if (c.pix_fmt != VMAF_PIX_FMT_YUV400P)
        expect_parity(ref, dis, kMotion.with({{"motion_add_uv", "true"}}));
    ref.release();
    dis.release();
}

// The smallest planes the 5-tap blur takes (3x3, chroma included with
// motion_add_uv at 4:4:4), halves that keep their size, 10 to 16 bits.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipFloatMotionNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV444P, 8, 3, 3},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 6, 6},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 8, 1921, 1081}),
    vmaf::test::noise_case_name);

} // namespace
