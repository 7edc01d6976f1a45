// Options and keys of adm. float_adm's keys follow the same FeatureIndex.
// Names, aliases, defaults and ranges are the reference's, so that
// "adm=egl=1" means the same and yields the same key suffix (_egl_1).
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::adm {

enum OptionIndex {
    kDebug,
    kCsfScale,
    kCsfDiagScale,
    kDlmWeight,
    kEnhnGainLimit,
    kNormViewDist,
    kRefDisplayHeight,
    kCsfMode,
    kNoiseWeight,
    kSkipAim,
    kSkipScale0,
    kMinVal,
};

inline constexpr VmafOption kOptions[] = {
    {"debug", nullptr, "also write numerators and denominators", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"adm_csf_scale", "scf", "CSF scale of the horizontal and vertical bands (Barten)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 50.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_csf_diag_scale", "scfd", "CSF scale of the diagonal band (Barten)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 50.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_dlm_weight", "dlmw", "weight of DLM against AIM in adm3; 1 is DLM only",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.5, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_enhn_gain_limit", "egl", "enhancement gain limit, >= 1; 1 disables enhancement gain",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_norm_view_dist", "nvd", "viewing distance / display height", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 3.0, nullptr}, 0.75, 24.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_ref_display_height", "rdh", "reference display height in pixels", VMAF_OPT_TYPE_INT,
     {false, 1080, 0, nullptr}, 1, 4320, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_csf_mode", "csf",
     "contrast sensitivity: 0 Watson97, 1 Barten, 2 Barten-Watson blend, 3 blend (MAE fit)",
     VMAF_OPT_TYPE_INT, {false, 0, 0, nullptr}, 0, 3, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_noise_weight", "nw", "noise floor weight", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 0.03125, nullptr}, 0.0, 1500.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_skip_aim", nullptr, "skip the additive impairment measure", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"adm_skip_scale0", "ssz", "skip the finest scale", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_min_val", "min", "lower clip of adm3", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kDebug, "debug"}, {kCsfScale, "adm_csf_scale"}, {kCsfDiagScale, "adm_csf_diag_scale"},
     {kDlmWeight, "adm_dlm_weight"}, {kEnhnGainLimit, "adm_enhn_gain_limit"},
     {kNormViewDist, "adm_norm_view_dist"}, {kRefDisplayHeight, "adm_ref_display_height"},
     {kCsfMode, "adm_csf_mode"}, {kNoiseWeight, "adm_noise_weight"}, {kSkipAim, "adm_skip_aim"},
     {kSkipScale0, "adm_skip_scale0"}, {kMinVal, "adm_min_val"}}));

// Order matters: FeatureIndex names the slot of each key.
enum FeatureIndex {
    kAdm2,
    kAim,
    kAdm3,
    kScale0, // kScale0 + s for scale s
    kAdm = kScale0 + 4,
    kNum,
    kDen,
    kNumScale0, // kNumScale0 + 2 * s, then its denominator
    kFeatureCount = kNumScale0 + 8,
};

inline constexpr const char *kFeatures[] = {
    "VMAF_integer_feature_adm2_score",
    "VMAF_integer_feature_aim_score",
    "VMAF_integer_feature_adm3_score",
    "integer_adm_scale0",
    "integer_adm_scale1",
    "integer_adm_scale2",
    "integer_adm_scale3",
    "integer_adm",
    "integer_adm_num",
    "integer_adm_den",
    "integer_adm_num_scale0",
    "integer_adm_den_scale0",
    "integer_adm_num_scale1",
    "integer_adm_den_scale1",
    "integer_adm_num_scale2",
    "integer_adm_den_scale2",
    "integer_adm_num_scale3",
    "integer_adm_den_scale3",
    nullptr,
};

inline constexpr ExtractorDescription kDescription{"adm", kOptions, 0, kFeatures};


} // namespace vmaf::adm
