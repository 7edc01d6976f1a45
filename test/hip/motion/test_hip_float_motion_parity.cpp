// float_motion_hip against float_motion: identical doubles on every key
// (motion, motion2, motion3), with every option. The blur, the float sums of
// the absolute differences and the bilinear halving follow the CPU's order
// of operations, without fused multiply-adds (float_motion.hip).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

constexpr const char *kClip = "vtest_481x271_420p8";

// Built at first use, when gtest registers the cases.
const TwinParity &float_motion_parity()
{
    static const TwinParity table{
        .base = {"float_motion", {}},
        .clip_runs = {{}, {{"motion_add_scale1", "true"}}},
        .options = {{kClip, {{"motion_add_uv", "true"}}},
                    {kClip, {{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}}},
                    {"box_352x288_444p8", {{"motion_add_uv", "true"}}},
                    {kClip, {{"motion_filter_size", "3"}}},
                    {kClip, {{"motion_filter_size", "1"}}},
                    {kClip, {{"motion_force_zero", "true"}}},
                    {kClip, {{"debug", "false"}}},
                    {kClip,
                     {{"motion_fps_weight", "2.5"}, {"motion_blend_factor", "0.5"},
                      {"motion_blend_offset", "1"}, {"motion_max_val", "3"}}}},
        // The smallest planes the 5-tap blur takes (3x3, chroma included with
        // motion_add_uv at 4:4:4), halves that keep their size, 10 to 16 bits.
        .noise = {{VMAF_PIX_FMT_YUV444P, 8, 3, 3},
                  {VMAF_PIX_FMT_YUV420P, 10, 6, 6},
                  {VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                  {VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                  {VMAF_PIX_FMT_YUV400P, 8, 1921, 1081}},
        .noise_runs = {{Against::kOtherNoise, {{"motion_add_scale1", "true"}}},
                       {Against::kOtherNoise, {{"motion_add_uv", "true"}}, true}},
        .noise_frames = 4,
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatMotion, float_motion_parity());

} // namespace
