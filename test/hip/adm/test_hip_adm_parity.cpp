// adm_hip against adm: identical doubles on every key (adm2, aim, adm3, the
// scale ratios and, with debug, every sum), over clips, depths 8 to 16, odd
// sizes, flat and identical pictures, and every option that changes the
// arithmetic (gain limit, CSF modes and viewing conditions, skips).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &adm_parity()
{
    static const TwinParity table{
        .base = {"adm", {{"debug", "true"}}},
        .options =
            {
                {kSmallClip, {{"adm_enhn_gain_limit", "1.0"}}},
                {"tree_640x360_420p10", {{"adm_enhn_gain_limit", "1.2"}}},
                // Every CSF mode, and viewing conditions that change the factors
                // (Barten's overflow the reference's 32-bit sums at coarse scales).
                {kSmallClip, {{"adm_csf_mode", "0"}}},
                {kSmallClip, {{"adm_csf_mode", "1"}}},
                {kSmallClip, {{"adm_csf_mode", "2"}}},
                {kSmallClip, {{"adm_csf_mode", "3"}}},
                {"box_960x540_420p8",
                 {{"adm_csf_mode", "1"}, {"adm_csf_scale", "2.5"}, {"adm_csf_diag_scale", "0.5"}}},
                {kSmallClip, {{"adm_norm_view_dist", "1.5"}, {"adm_ref_display_height", "2160"}}},
                {"vtest_481x271_420p8",
                 {{"adm_norm_view_dist", "5"}, {"adm_ref_display_height", "720"}}},
                {kSmallClip, {{"adm_skip_scale0", "true"}}},
                {kSmallClip, {{"adm_skip_aim", "true"}}},
                {kSmallClip, {{"adm_noise_weight", "0.5"}, {"adm_dlm_weight", "0.8"}, {"adm_min_val", "0.9"}}},
                {kSmallClip, {}, -1.0, true},
            },
        // Noise over the whole range: 16-bit input overflows the 32-bit sums of
        // the first transform on the way; sizes where the reference's last
        // horizontal output reads past its row at some scale ((ow - 1) % 8 ==
        // 0) and where it does not; the smallest size ADM takes.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 33, 33},
                  {VMAF_PIX_FMT_YUV420P, 8, 130, 66},
                  {VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                  {VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                  {VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                  {VMAF_PIX_FMT_YUV420P, 16, 1920, 1080}},
        // Noise against other noise: scale 0's masking centre term past 16
        // bits, Barten's saturated factors and a rounded gain limit in the
        // reference's x86 columns (ADR 0024).
        .noise_runs = {{},
                       {Against::kOtherNoise, {{"adm_csf_mode", "1"}}},
                       {Against::kOtherNoise, {{"adm_enhn_gain_limit", "1.3"}}}},
        .flat = {{10, 96, 64, 2, 512, 515}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Adm, adm_parity());

} // namespace
