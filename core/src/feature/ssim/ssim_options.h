// Options and keys of float_ssim and float_ms_ssim.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::ssim {

enum OptionIndex { kEnableLcs, kEnableDb, kClipDb, kScale };

// One index enum for both tables: float_ms_ssim's table has the same first
// three options as float_ssim's (with its own descriptions), and no scale.
inline constexpr VmafOption kSsimOptions[] = {
    {"enable_lcs", nullptr, "write the luminance, contrast and structure terms",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, 0},
    {"enable_db", nullptr, "write SSIM as dB", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0,
     0},
    {"clip_db", nullptr, "cap the dB values (half a code value of error)", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"scale", nullptr, "decimation factor (0 = from the picture size, 1 = none)",
     VMAF_OPT_TYPE_INT, {false, 0, 0, nullptr}, 0, 10, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kSsimOptions,
    {{kEnableLcs, "enable_lcs"}, {kEnableDb, "enable_db"}, {kClipDb, "clip_db"},
     {kScale, "scale"}}));

inline constexpr VmafOption kMsSsimOptions[] = {
    {"enable_lcs", nullptr, "write the luminance, contrast and structure terms of each scale",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, 0},
    {"enable_db", nullptr, "write MS-SSIM as dB", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0,
     0, 0},
    {"clip_db", nullptr, "cap the dB values (half a code value of error)", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kMsSsimOptions,
    {{kEnableLcs, "enable_lcs"}, {kEnableDb, "enable_db"}, {kClipDb, "clip_db"}}));

// Order matters: index 0 is the score, then l, c, s.
inline constexpr const char *kSsimFeatures[] = {"float_ssim", "float_ssim_l", "float_ssim_c",
                                                "float_ssim_s", nullptr};

// MS-SSIM works on five scales, halving the picture between them.
inline constexpr int kScales = 5;

// Index 0 is the score, then l, c and s of scales 0..4: 1 + term * 5 + scale.
inline constexpr const char *kMsSsimFeatures[] = {
    "float_ms_ssim",
    "float_ms_ssim_l_scale0", "float_ms_ssim_l_scale1", "float_ms_ssim_l_scale2",
    "float_ms_ssim_l_scale3", "float_ms_ssim_l_scale4",
    "float_ms_ssim_c_scale0", "float_ms_ssim_c_scale1", "float_ms_ssim_c_scale2",
    "float_ms_ssim_c_scale3", "float_ms_ssim_c_scale4",
    "float_ms_ssim_s_scale0", "float_ms_ssim_s_scale1", "float_ms_ssim_s_scale2",
    "float_ms_ssim_s_scale3", "float_ms_ssim_s_scale4",
    nullptr,
};


inline constexpr ExtractorDescription kSsimDescription{"float_ssim", kSsimOptions, 0, kSsimFeatures};
inline constexpr ExtractorDescription kMsSsimDescription{"float_ms_ssim", kMsSsimOptions, 0, kMsSsimFeatures};

} // namespace vmaf::ssim
