// ciede_hip against ciede: within 1e-6 on every frame. Each pixel's
// difference follows the CPU's arithmetic (ciede_math.h) without fused
// multiply-adds, but the GPU's double pow, atan2, sin, cos, exp and sqrt
// may round differently in the last bit, and the sum is grouped by rows.
// Each case prints the worst difference it saw.
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

ParityRun within_1e6()
{
    ParityRun run{"ciede", {}};
    run.tolerance = 1e-6;
    return run;
}

class HipCiedeClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipCiedeClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), within_1e6());
}

INSTANTIATE_TEST_SUITE_P(Clips, HipCiedeClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "flat_64x64_420p8"));

// Every pixel equal: both sum exactly 0 and write the same infinity.
TEST(HipCiede, IdenticalFrames)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", ParityRun{"ciede", {}});
}

TEST(HipCiede, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = within_1e6();
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipCiedeNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipCiedeNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 11);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 12);
    expect_parity(ref, dis, within_1e6());
    ref.release();
    dis.release();
}

// Odd sizes (ceil-sized chroma), 4:2:2 and 4:4:4, rows longer than a
// shared-memory chunk (1024), 10 to 16 bits.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipCiedeNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 10, 1, 1},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 12, 2049, 5},
                      NoiseCase{VMAF_PIX_FMT_YUV444P, 16, 129, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 1921, 1081}),
    vmaf::test::noise_case_name);

} // namespace
