// float_moment_hip against float_moment, and float_psnr_hip against
// float_psnr (one kernel serves both): identical doubles on every key. The
// GPU sums each float term in integer units of the smallest one, which is
// exact; the CPU's double sums are exact too at these sizes (moment_kernel.h).
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

const ParityRun kMoment{"float_moment", {}};
const ParityRun kPsnr{"float_psnr", {}};

class HipLumaSumsClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipLumaSumsClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), kMoment);
    expect_clip_parity(GetParam(), kPsnr);
}

// Small and large, 10-bit, 4:4:4, odd size, identical frames (the PSNR cap).
INSTANTIATE_TEST_SUITE_P(Clips, HipLumaSumsClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "cup_320x240_420p8_identical"));

TEST(HipLumaSums, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kMoment;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
    run.feature = "float_psnr";
    expect_clip_parity("vtest_576x324_420p8", run);
}

// Depths no clip has (12 and 16 bits: squares that float rounds), tiny
// and odd sizes, every pixel format.
class HipLumaSumsNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipLumaSumsNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 5);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 6);
    expect_parity(ref, dis, kMoment);
    expect_parity(ref, dis, kPsnr);
    ref.release();
    dis.release();
}

INSTANTIATE_TEST_SUITE_P(
    Formats, HipLumaSumsNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 1, 1},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV444P, 9, 7, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}),
    vmaf::test::noise_case_name);

// Flat frames of the full scale: every 16-bit square is 65535^2 / 2^16,
// which float rounds.
TEST(HipLumaSums, FullScaleSixteenBit)
{
    VMAF_HIP_REQUIRE_DEVICE();
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 16, 640, 480, 2, 65535);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 16, 640, 480, 2, 0);
    expect_parity(ref, dis, kMoment);
    expect_parity(ref, dis, kPsnr);
    ref.release();
    dis.release();
}

} // namespace
