// Options, keys and temporal reach of motion.
#pragma once

#include "base/option.h"
#include "extractor/extractor.h"
#include "extractor/description.h"

namespace vmaf::motion {

enum OptionIndex {
    kForceZero,
    kBlendFactor,
    kBlendOffset,
    kFpsWeight,
    kMaxVal,
    kFiveFrameWindow,
    kMovingAverage,
    kDebug,
};

inline constexpr VmafOption kOptions[] = {
    {"motion_force_zero", "force_0", "score every frame as 0", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_blend_factor", "mbf", "weight of the raw score above the blend offset",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_blend_offset", "mbo", "score from which blending starts", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 40.0, nullptr}, 0.0, 1000.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_fps_weight", "mfw", "frame-rate correction factor", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 1.0, nullptr}, 0.0, 5.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_max_val", "mmxv", "largest score; larger ones are clipped", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 10000.0, nullptr}, 0.0, 10000.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_five_frame_window", "mffw", "compare with the frame two back", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"motion_moving_average", "mma", "average motion3 with the previous frame's",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"debug", nullptr, "also write integer_motion", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kForceZero, "motion_force_zero"}, {kBlendFactor, "motion_blend_factor"},
     {kBlendOffset, "motion_blend_offset"}, {kFpsWeight, "motion_fps_weight"},
     {kMaxVal, "motion_max_val"}, {kFiveFrameWindow, "motion_five_frame_window"},
     {kMovingAverage, "motion_moving_average"}, {kDebug, "debug"}}));

enum FeatureIndex { kSad, kMotion, kMotion2, kMotion3 };

inline constexpr const char *kFeatures[] = {
    "VMAF_integer_feature_motion_sad_score",
    "VMAF_integer_feature_motion_score",
    "VMAF_integer_feature_motion2_score",
    "VMAF_integer_feature_motion3_score",
    nullptr,
};

// A frame's motion3 with the five-frame window and the moving average
// reaches four frames back (it averages the previous frame's, made from the
// score one frame back, which compares with two before that); its motion2
// takes the next frame's score: one frame ahead.
inline constexpr VmafTemporalReach kReach{4, 1};


inline constexpr ExtractorDescription kDescription{
    "motion", kOptions, VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_PREV_REF | VMAF_EXTRACTOR_REFERENCE_ONLY,
    kFeatures, kReach};

} // namespace vmaf::motion
