// float_adm_hip against float_adm: identical doubles on every key, with
// every option. Every sample runs the CPU's own arithmetic
// (float_adm_math.h, the reciprocal estimate from the same table) and the
// float sums follow the CPU's order, without fused multiply-adds
// (float_adm.hip); the roots of the pooling run on the host. With
// adm_p_norm other than 3 each term's power is glibc's powf on the CPU and
// the double power rounded to float on the GPU, which agree but for rare
// hard cases: that case is held to 1e-6 (on the H200 it was identical).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

constexpr const char *kClip = "vtest_481x271_420p8";

// Built at first use, when gtest registers the cases.
const TwinParity &float_adm_parity()
{
    static const TwinParity table{
        .base = {"float_adm", {{"debug", "true"}}},
        .options =
            {
                {kClip, {{"adm_enhn_gain_limit", "1.0"}}},
                {kClip, {{"adm_csf_mode", "1"}, {"adm_csf_scale", "1.5"}, {"adm_csf_diag_scale", "0.75"}}},
                {kClip, {{"adm_csf_mode", "2"}}},
                {kClip, {{"adm_norm_view_dist", "1.5"}, {"adm_ref_display_height", "2160"}}},
                {kClip, {{"adm_noise_weight", "0.5"}}},
                {kClip, {{"adm_bypass_cm", "1"}}},
                {kClip, {{"adm_adm3_apply_hm", "true"}}},
                {kClip, {{"adm_dlm_weight", "0.8"}, {"adm_min_val", "0.5"}}},
                {kClip, {{"adm_skip_aim_scale", "3"}}},
                {kClip, {{"adm_skip_scale0", "true"}}},
                {kClip, {{"adm_f1s0", "0.5"}, {"adm_f2s2", "0.25"}, {"adm_f1s3", "2"}}},
                {kClip, {{"debug", "false"}}},
                {kClip, {{"adm_p_norm", "2.5"}}, 1e-6},
            },
        // The smallest picture the four scales take (17x17), odd sizes, 10 to
        // 16 bits, and a 1080p-plus-one picture.
        .noise = {{VMAF_PIX_FMT_YUV444P, 8, 17, 17},
                  {VMAF_PIX_FMT_YUV420P, 10, 257, 33},
                  {VMAF_PIX_FMT_YUV422P, 12, 129, 35},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatAdm, float_adm_parity());

} // namespace
