// vif_hip against vif: identical doubles on every key (the four scale scores
// and, with debug, the combined score and every numerator and denominator),
// over clips, depths 8 to 16, odd sizes down to the smallest VIF takes, flat
// and identical pictures, subsampling, and every option (gain limit, scale
// 0 skipped).
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

const ParityRun kDebug{"vif", {{"debug", "true"}}};

TEST(HipVifParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug);
}

TEST(HipVifParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kDebug);
}

TEST(HipVifParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kDebug);
}

TEST(HipVifParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kDebug);
}

TEST(HipVifParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kDebug);
}

TEST(HipVifParity, IdenticalPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kDebug);
}

TEST(HipVifParity, FlatPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("flat_64x64_420p8", kDebug);
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 2, 512);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 2, 515);
    expect_parity(ref, dis, kDebug);
    ref.release();
    dis.release();
}

TEST(HipVifParity, Options)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"vif_enhn_gain_limit", "1.0"}}));
    expect_clip_parity("tree_640x360_420p10", kDebug.with({{"vif_enhn_gain_limit", "1.2"}}));
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"vif_skip_scale0", "true"}}));
    expect_clip_parity("vtest_576x324_420p8", {"vif", {}});
}

TEST(HipVifParity, Subsample)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kDebug;
    run.subsample = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

TEST(HipVifParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kDebug;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

TEST(HipVifParity, OneAndTwoFrames)
{
    VMAF_HIP_REQUIRE_DEVICE();
    for (unsigned frames : {1u, 2u}) {
        Video ref = noise_video(VMAF_PIX_FMT_YUV420P, 8, 100, 60, frames, 3);
        Video dis = noise_video(VMAF_PIX_FMT_YUV420P, 8, 100, 60, frames, 4);
        expect_parity(ref, dis, kDebug);
        ref.release();
        dis.release();
    }
}

class HipVifNoise : public ::testing::TestWithParam<NoiseCase> {};

// Noise over the whole range, against itself with noise added and against
// other noise: 16-bit input fills the vertical pass's 32-bit means; odd
// sizes make every scale's decimation drop a row and a column; 16x16 is the
// smallest VIF takes (scale 3 is 2x2).
TEST_P(HipVifNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 2);
    expect_parity(ref, dis, kDebug);
    expect_parity(ref, dis, kDebug.with({{"vif_enhn_gain_limit", "1.0"}}));
    ref.release();
    dis.release();
}

INSTANTIATE_TEST_SUITE_P(
    Depths, HipVifNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 16, 16},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 131, 67},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 1920, 1080},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 1920, 1080}),
    vmaf::test::noise_case_name);

} // namespace
