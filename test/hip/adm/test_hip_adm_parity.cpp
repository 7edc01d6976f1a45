// adm_hip against adm: identical doubles on every key (adm2, aim, adm3, the
// scale ratios and, with debug, every sum), over clips, depths 8 to 16, odd
// sizes, flat and identical pictures, and every option that changes the
// arithmetic (gain limit, CSF modes and viewing conditions, skips).
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

const ParityRun kDebug{"adm", {{"debug", "true"}}};

TEST(HipAdmParity, SmallClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug);
}

TEST(HipAdmParity, LargeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_960x540_420p8", kDebug);
}

TEST(HipAdmParity, TenBitClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("tree_640x360_420p10", kDebug);
}

TEST(HipAdmParity, Yuv444Clip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("box_352x288_444p8", kDebug);
}

TEST(HipAdmParity, OddSizeClip)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_481x271_420p8", kDebug);
}

TEST(HipAdmParity, IdenticalPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("cup_320x240_420p8_identical", kDebug);
}

TEST(HipAdmParity, FlatPictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("flat_64x64_420p8", kDebug);
    Video ref = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 2, 512);
    Video dis = flat_video(VMAF_PIX_FMT_YUV420P, 10, 96, 64, 2, 515);
    expect_parity(ref, dis, kDebug);
    ref.release();
    dis.release();
}

TEST(HipAdmParity, EnhancementGainLimit)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"adm_enhn_gain_limit", "1.0"}}));
    expect_clip_parity("tree_640x360_420p10", kDebug.with({{"adm_enhn_gain_limit", "1.2"}}));
}

// Every CSF mode, and viewing conditions that change the factors (Barten's
// overflow the reference's 32-bit sums at coarse scales).
TEST(HipAdmParity, CsfModesAndViewingConditions)
{
    VMAF_HIP_REQUIRE_DEVICE();
    for (const char *mode : {"0", "1", "2", "3"})
        expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"adm_csf_mode", mode}}));
    expect_clip_parity("box_960x540_420p8",
                       kDebug.with({{"adm_csf_mode", "1"}, {"adm_csf_scale", "2.5"},
                             {"adm_csf_diag_scale", "0.5"}}));
    expect_clip_parity("vtest_576x324_420p8",
                       kDebug.with({{"adm_norm_view_dist", "1.5"}, {"adm_ref_display_height", "2160"}}));
    expect_clip_parity("vtest_481x271_420p8",
                       kDebug.with({{"adm_norm_view_dist", "5"}, {"adm_ref_display_height", "720"}}));
}

TEST(HipAdmParity, SkipsAndWeights)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"adm_skip_scale0", "true"}}));
    expect_clip_parity("vtest_576x324_420p8", kDebug.with({{"adm_skip_aim", "true"}}));
    expect_clip_parity("vtest_576x324_420p8",
                       kDebug.with({{"adm_noise_weight", "0.5"}, {"adm_dlm_weight", "0.8"},
                             {"adm_min_val", "0.9"}}));
    expect_clip_parity("vtest_576x324_420p8", {"adm", {}});
}

TEST(HipAdmParity, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kDebug;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipAdmNoise : public ::testing::TestWithParam<NoiseCase> {};

// Noise over the whole range: 16-bit input overflows the 32-bit sums of the
// first transform on the way; sizes where the reference's last horizontal
// output reads past its row at some scale ((ow - 1) % 8 == 0) and where it
// does not; the smallest size ADM takes.
TEST_P(HipAdmNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 1);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 2);
    expect_parity(ref, dis, kDebug);
    expect_parity(ref, dis, kDebug.with({{"adm_csf_mode", "1"}}));
    ref.release();
    dis.release();
}

INSTANTIATE_TEST_SUITE_P(
    Depths, HipAdmNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 33, 33},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 130, 66},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 16, 1920, 1080}),
    vmaf::test::noise_case_name);

} // namespace
