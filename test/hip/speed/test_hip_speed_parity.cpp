// speed_chroma_hip and speed_temporal_hip against speed_chroma and
// speed_temporal: every option and size class, within 1e-6. The kernels
// run speed_math.h's arithmetic in the CPU's order without fused
// multiply-adds (but the covariance sum's, which the CPU fuses too); the
// device's double log2, within an ulp of glibc's, is the one operation
// that may round otherwise (speed.hip).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

constexpr double kTolerance = 1e-6;

// 64x64 has no whole SpEED block: both refuse it (test_speed_golden.cpp).
const std::vector<std::string> kTooSmall = {"flat_64x64_420p8"};

const TwinParity &speed_chroma_parity()
{
    static const TwinParity table{
        .base = {"speed_chroma", {}, kTolerance},
        .except_clips = kTooSmall,
        .clip_runs = {{}, {{"speed_weight_var_mode", "5"}, {"speed_nn_floor", "0.1"},
                           {"speed_sigma_nn", "0.19"}, {"speed_max_val", "45"}}},
        .options = {{kSmallClip, {{"speed_kernelscale", "0.5"}}},
                    {kSmallClip, {{"speed_kernelscale", "2"}}},
                    {kSmallClip, {{"speed_prescale", "0.5"}, {"speed_prescale_method", "bilinear"}}},
                    {kSmallClip, {{"speed_prescale", "1.5"}, {"speed_prescale_method", "bicubic"}}},
                    {kSmallClip, {{"speed_prescale", "0.75"}, {"speed_prescale_method", "lanczos4"}}},
                    {kSmallClip, {{"speed_prescale", "0.8"}}},
                    {kSmallClip, {{"speed_sigma_nn", "0.1"}, {"speed_max_val", "1"}}},
                    {kSmallClip, {{"speed_weight_var_mode", "1"}}},
                    {kSmallClip, {{"speed_weight_var_mode", "2"}}},
                    {kSmallClip, {{"speed_weight_var_mode", "3"}}},
                    {kSmallClip, {{"speed_weight_var_mode", "4"}}},
                    {kSmallClip, {{"speed_weight_var_mode", "6"}}}},
        .subsample = {3},
        // 4:2:0, 4:2:2 and 4:4:4 at 8 to 16 bits, from the smallest planes
        // with a block to 1080p.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 160, 160},
                  {VMAF_PIX_FMT_YUV422P, 10, 400, 200},
                  {VMAF_PIX_FMT_YUV444P, 12, 176, 144},
                  {VMAF_PIX_FMT_YUV420P, 16, 1920, 1080}},
        // Flat planes: singular covariances on both sides.
        .flat = {{8, 320, 240, 2, 128, 100}},
    };
    return table;
}

const TwinParity &speed_temporal_parity()
{
    static const TwinParity table{
        .base = {"speed_temporal", {}, kTolerance},
        .except_clips = kTooSmall,
        .clip_runs = {{}, {{"speed_use_ref_diff", "true"}}},
        .options = {{kSmallClip, {{"speed_kernelscale", "2"}, {"speed_sigma_nn", "0.5"}}},
                    {kSmallClip, {{"speed_prescale", "0.5"}, {"speed_prescale_method", "bicubic"}}},
                    {kSmallClip, {{"speed_prescale", "1.25"}, {"speed_prescale_method", "bilinear"}}},
                    {kSmallClip, {{"speed_nn_floor", "0.5"}, {"speed_max_val", "2"}}}},
        .noise = {{VMAF_PIX_FMT_YUV400P, 8, 80, 80},
                  {VMAF_PIX_FMT_YUV420P, 10, 352, 288},
                  {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080}},
        .noise_frames = 4,
        .flat = {{10, 160, 96, 3, 512, 500}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(SpeedChroma, speed_chroma_parity());
VMAF_HIP_PARITY_SUITES(SpeedTemporal, speed_temporal_parity());

} // namespace
