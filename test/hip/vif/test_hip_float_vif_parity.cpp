// float_vif_hip against float_vif: identical doubles on every key, with
// every option, but for the Lanczos-4 prescale. The Gaussian filters, the
// per-sample terms (float_vif_math.h's statistic_terms, the same code on
// both sides) and the float sums follow the CPU's order of operations,
// without fused multiply-adds (float_vif.hip). The Lanczos weights call the
// double sin, which the GPU's math library may round differently in the
// last place: that prescale is held to 1e-6 (on the H200 it was
// identical).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

constexpr const char *kClip = "vtest_481x271_420p8";

// Built at first use, when gtest registers the cases.
const TwinParity &float_vif_parity()
{
    static const TwinParity table{
        .base = {"float_vif", {{"debug", "true"}}},
        .options =
            {
                {kClip, {{"vif_enhn_gain_limit", "1.0"}}},
                {kClip, {{"vif_skip_scale0", "true"}}},
                {kClip, {{"vif_sigma_nsq", "1.5"}}},
                {kClip,
                 {{"vif_scale1_min_val", "0.99"}, {"vif_scale2_min_val", "0.995"},
                  {"vif_scale3_min_val", "0.999"}}},
                {kClip, {{"vif_kernelscale", "0.5"}}},
                {kClip, {{"vif_kernelscale", "1.5"}}},
                {kClip, {{"vif_kernelscale", "2"}}},
                {kClip, {{"vif_kernelscale", "3.7113402"}}},
                {kClip, {{"debug", "false"}}},
                {kClip, {{"vif_prescale", "0.5"}, {"vif_prescale_method", "nearest"}}},
                {kClip, {{"vif_prescale", "1.5"}, {"vif_prescale_method", "nearest"}}},
                {kClip, {{"vif_prescale", "0.5"}, {"vif_prescale_method", "bilinear"}}},
                {kClip, {{"vif_prescale", "1.5"}, {"vif_prescale_method", "bilinear"}}},
                {kClip, {{"vif_prescale", "0.5"}, {"vif_prescale_method", "bicubic"}}},
                {kClip, {{"vif_prescale", "1.5"}, {"vif_prescale_method", "bicubic"}}},
                {kClip, {{"vif_prescale", "0.75"}, {"vif_prescale_method", "lanczos4"}}, 1e-6},
                {"tree_640x360_420p10", {{"vif_prescale", "2"}, {"vif_prescale_method", "bilinear"}}},
            },
        // The smallest picture the four scales take (16x16), odd sizes whose
        // halving drops a sample, 10 to 16 bits, and a 1080p-plus-one picture.
        .noise = {{VMAF_PIX_FMT_YUV444P, 8, 16, 16},
                  {VMAF_PIX_FMT_YUV420P, 10, 257, 31},
                  {VMAF_PIX_FMT_YUV422P, 12, 129, 33},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}},
        .noise_runs = {{}, {Against::kItself}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatVif, float_vif_parity());

} // namespace
