// float_adm_hip against float_adm: identical doubles on every key, with
// every option. Every sample runs the CPU's own arithmetic
// (float_adm_math.h, the reciprocal estimate from the same table) and the
// float sums follow the CPU's order, without fused multiply-adds
// (float_adm.hip); the roots of the pooling run on the host. With
// adm_p_norm other than 3 each term's power is glibc's powf on the CPU and
// the double power rounded to float on the GPU, which agree but for rare
// hard cases: that case is held to 1e-6 (on the H200 it was identical).
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

const ParityRun kAdm{"float_adm", {{"debug", "true"}}};

class HipFloatAdmClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipFloatAdmClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), kAdm);
}

INSTANTIATE_TEST_SUITE_P(Clips, HipFloatAdmClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "cup_320x240_420p8_identical",
                                           "flat_64x64_420p8"));

TEST(HipFloatAdm, Options)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const char *clip = "vtest_481x271_420p8";
    expect_clip_parity(clip, kAdm.with({{"adm_enhn_gain_limit", "1.0"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_csf_mode", "1"}, {"adm_csf_scale", "1.5"},
                                        {"adm_csf_diag_scale", "0.75"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_csf_mode", "2"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_norm_view_dist", "1.5"},
                                        {"adm_ref_display_height", "2160"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_noise_weight", "0.5"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_bypass_cm", "1"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_adm3_apply_hm", "true"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_dlm_weight", "0.8"}, {"adm_min_val", "0.5"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_skip_aim_scale", "3"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_skip_scale0", "true"}}));
    expect_clip_parity(clip, kAdm.with({{"adm_f1s0", "0.5"}, {"adm_f2s2", "0.25"},
                                        {"adm_f1s3", "2"}}));
    expect_clip_parity(clip, kAdm.with({{"debug", "false"}}));
    ParityRun p_norm = kAdm.with({{"adm_p_norm", "2.5"}});
    p_norm.tolerance = 1e-6;
    expect_clip_parity(clip, p_norm);
}

TEST(HipFloatAdm, PageablePictures)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kAdm;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipFloatAdmNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipFloatAdmNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 13);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 14);
    expect_parity(ref, dis, kAdm);
    ref.release();
    dis.release();
}

// The smallest picture the four scales take (17x17), odd sizes, 10 to 16
// bits, and a 1080p-plus-one picture.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipFloatAdmNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV444P, 8, 17, 17},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 10, 257, 33},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 12, 129, 35},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}),
    vmaf::test::noise_case_name);

} // namespace
