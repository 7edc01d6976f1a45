// motion_hip against motion: identical doubles on every key (the motion
// score, motion2 and motion3 and, with debug, integer_motion), over clips,
// depths 8 to 16, odd sizes down to the smallest motion takes, 1, 2 and 3
// frames (first and last frames, the five-frame window's first score),
// still pictures, subsampling, and every option.
#include <string>

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

const ParityRun kDebug{"motion", {{"debug", "true"}}};

TEST(HipMotionParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug);
}

TEST(HipMotionParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kDebug);
}

TEST(HipMotionParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kDebug);
}

TEST(HipMotionParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kDebug);
}

TEST(HipMotionParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kDebug);
}

TEST(HipMotionParity, IdenticalPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kDebug);
    expect_clip_parity("flat_64x64_420p8", kDebug);
}

// The same picture in every frame: every score 0.
TEST(HipMotionParity, StillPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 4, 512);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 4, 515);
    expect_parity(ref, dis, kDebug);
    ref.release();
    dis.release();
}

TEST(HipMotionParity, Options)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"motion_force_zero", "true"}}));
    expect_clip_parity("vtest_576x324_420p8",
                       kDebug.with({{"motion_blend_factor", "0.5"}, {"motion_blend_offset", "2"}}));
    expect_clip_parity("vtest_576x324_420p8",
                       kDebug.with({{"motion_fps_weight", "2.5"}, {"motion_max_val", "3"}}));
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"motion_five_frame_window", "true"}}));
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"motion_moving_average", "true"}}));
    expect_clip_parity("tree_640x360_420p10",
                       kDebug.with({{"motion_five_frame_window", "true"},
                             {"motion_moving_average", "true"}}));
    expect_clip_parity("vtest_576x324_420p8", {"motion", {}});
}

TEST(HipMotionParity, Subsample)
{
    VMAF_HIP_REQUIRE_DEVICE();
    for (unsigned n : {2u, 5u}) {
        ParityRun run = kDebug;
        run.subsample = n;
        expect_clip_parity("vtest_576x324_420p8", run);
    }
}

TEST(HipMotionParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kDebug;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

// The first frames, which have no score, and the last, which has no next:
// clips of 1, 2 and 3 frames, with the one- and two-frame windows.
TEST(HipMotionParity, ShortClips)
{
    VMAF_HIP_REQUIRE_DEVICE();
    for (unsigned frames : {1u, 2u, 3u}) {
        Video ref = noise_video(VMAF_PIX_FMT_YUV420P, 8, 100, 60, frames, 3);
        Video dis = noise_video(VMAF_PIX_FMT_YUV420P, 8, 100, 60, frames, 4);
        expect_parity(ref, dis, kDebug);
        expect_parity(ref, dis, kDebug.with({{"motion_five_frame_window", "true"},
                                      {"motion_moving_average", "true"}}));
        ref.release();
        dis.release();
    }
}

class HipMotionNoise : public ::testing::TestWithParam<NoiseCase> {};

// Noise over the whole range: 16-bit input fills the vertical sums' 32 bits;
// 3x3 is the smallest motion takes.
TEST_P(HipMotionNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 4, 1);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 4, 2);
    expect_parity(ref, dis, kDebug);
    ref.release();
    dis.release();
}

INSTANTIATE_TEST_SUITE_P(
    Depths, HipMotionNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 3, 3},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 131, 67},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 1920, 1080},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 1920, 1080}),
    vmaf::test::noise_case_name);

} // namespace
