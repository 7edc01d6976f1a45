// Options and keys of float_motion.
#pragma once

#include "base/option.h"
#include "extractor/extractor.h"
#include "extractor/description.h"

namespace vmaf::float_motion {

enum OptionIndex {
    kDebug,
    kForceZero,
    kFpsWeight,
    kBlendFactor,
    kBlendOffset,
    kAddScale1,
    kFilterSize,
    kAddUv,
    kMaxVal,
};

inline constexpr VmafOption kOptions[] = {
    {"debug", nullptr, "also write the per-frame motion score", VMAF_OPT_TYPE_BOOL,
     {true, 0, 0, nullptr}, 0, 0, 0},
    {"motion_force_zero", "force_0", "score every frame as 0", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_fps_weight", "mfw", "frame-rate correction factor", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 1.0, nullptr}, 0.0, 5.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_blend_factor", "mbf", "weight of the raw score above the blend offset",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_blend_offset", "mbo", "score from which blending starts", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 40.0, nullptr}, 0.0, 1000.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_add_scale1", "mdc", "add the score of the picture halved (bilinear)",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_filter_size", "mfs", "blur taps: 1 (none), 3, or 5 (any other value)",
     VMAF_OPT_TYPE_INT, {false, 5, 0, nullptr}, 0, 9, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_add_uv", "mau", "add the scores of the U and V planes", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_max_val", "mmxv", "largest score; larger ones are clipped", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 10000.0, nullptr}, 0.0, 10000.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kDebug, "debug"}, {kForceZero, "motion_force_zero"}, {kFpsWeight, "motion_fps_weight"},
     {kBlendFactor, "motion_blend_factor"}, {kBlendOffset, "motion_blend_offset"},
     {kAddScale1, "motion_add_scale1"}, {kFilterSize, "motion_filter_size"},
     {kAddUv, "motion_add_uv"}, {kMaxVal, "motion_max_val"}}));

// motion2 before motion: the reference writes the first frame's motion2
// before its motion, and the output lists keys in that order.
enum FeatureIndex { kMotion2, kMotion, kMotion3 };

inline constexpr const char *kFeatures[] = {
    "VMAF_feature_motion2_score",
    "VMAF_feature_motion_score",
    "VMAF_feature_motion3_score",
    nullptr,
};

// A frame's score compares it with the frame before; its motion2 takes the
// next frame's score: one frame ahead.
inline constexpr VmafTemporalReach kReach{1, 1};


// Chroma with motion_add_uv.
inline constexpr ExtractorDescription kDescription{
    "float_motion", kOptions, VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_CHROMA | VMAF_EXTRACTOR_REFERENCE_ONLY,
    kFeatures, kReach};

} // namespace vmaf::float_motion
