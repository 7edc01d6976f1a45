// Options and keys of float_adm. Names, aliases, defaults and ranges are the
// reference's, so that "float_adm=egl=1" means the same and yields the same
// key suffix (adm2_egl_1). They differ from the integer adm's in places
// (csf modes 0-9, alias rdf, the p-norm and per-scale factor overrides).
#pragma once

#include "feature/adm/adm_options.h"
#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::float_adm {

enum OptionIndex {
    kDebug,
    kEnhnGainLimit,
    kNormViewDist,
    kNoiseWeight,
    kCsfScale,
    kCsfDiagScale,
    kRefDisplayHeight,
    kCsfMode,
    kBypassCm,
    kApplyHm,
    kPNorm,
    kDlmWeight,
    kMinVal,
    kF1s0, // kF1s0 + s: horizontal/vertical factor of scale s
    kF2s0 = kF1s0 + 4, // kF2s0 + s: diagonal factor of scale s
    kSkipAimScale = kF2s0 + 4,
    kSkipScale0,
};

inline constexpr VmafOption kOptions[] = {
    {"debug", nullptr, "also write numerators and denominators", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"adm_enhn_gain_limit", "egl", "enhancement gain limit, >= 1; 1 disables enhancement gain",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_norm_view_dist", "nvd", "viewing distance / display height", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 3.0, nullptr}, 0.75, 24.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_noise_weight", "nw", "noise floor weight", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 0.03125, nullptr}, 0.0, 1500.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_csf_scale", "scf", "CSF scale of the horizontal and vertical bands (Barten)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 50.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_csf_diag_scale", "scfd", "CSF scale of the diagonal band (Barten)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.0, 50.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_ref_display_height", "rdf", "reference display height in pixels", VMAF_OPT_TYPE_INT,
     {false, 1080, 0, nullptr}, 1, 4320, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_csf_mode", "csf",
     "contrast sensitivity: 1 Barten, 2 the DLM paper's, any other Watson97", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 0, 9, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_bypass_cm", "bcm", "1 bypasses contrast masking", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 0, 1, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_adm3_apply_hm", "aah", "adm3 as the harmonic mean of adm2 and aim",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_p_norm", "apn", "exponent of the Minkowski pooling", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 3.0, nullptr}, 1.0, 20.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_dlm_weight", "dlmw", "weight of DLM against AIM in adm3; 1 is DLM only",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.5, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_min_val", "min", "lower clip of adm3", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f1s0", "f1s0", "CSF factor of the h/v bands of scale 0; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f1s1", "f1s1", "CSF factor of the h/v bands of scale 1; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f1s2", "f1s2", "CSF factor of the h/v bands of scale 2; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f1s3", "f1s3", "CSF factor of the h/v bands of scale 3; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f2s0", "f2s0", "CSF factor of the d band of scale 0; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f2s1", "f2s1", "CSF factor of the d band of scale 1; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f2s2", "f2s2", "CSF factor of the d band of scale 2; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_f2s3", "f2s3", "CSF factor of the d band of scale 3; -1 keeps the model's",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, -1.0, nullptr}, -1.0, 10.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    // The default (-1, no scale skipped) lies outside the range a user may set.
    {"adm_skip_aim_scale", "sasc", "leave this scale out of aim", VMAF_OPT_TYPE_INT,
     {false, -1, 0, nullptr}, 0, 3, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"adm_skip_scale0", "ssz", "skip the finest scale", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kDebug, "debug"}, {kEnhnGainLimit, "adm_enhn_gain_limit"},
     {kNormViewDist, "adm_norm_view_dist"}, {kNoiseWeight, "adm_noise_weight"},
     {kCsfScale, "adm_csf_scale"}, {kCsfDiagScale, "adm_csf_diag_scale"},
     {kRefDisplayHeight, "adm_ref_display_height"}, {kCsfMode, "adm_csf_mode"},
     {kBypassCm, "adm_bypass_cm"}, {kApplyHm, "adm_adm3_apply_hm"}, {kPNorm, "adm_p_norm"},
     {kDlmWeight, "adm_dlm_weight"}, {kMinVal, "adm_min_val"}, {kF1s0, "adm_f1s0"},
     {kF1s0 + 1, "adm_f1s1"}, {kF1s0 + 2, "adm_f1s2"}, {kF1s0 + 3, "adm_f1s3"},
     {kF2s0, "adm_f2s0"}, {kF2s0 + 1, "adm_f2s1"}, {kF2s0 + 2, "adm_f2s2"},
     {kF2s0 + 3, "adm_f2s3"}, {kSkipAimScale, "adm_skip_aim_scale"},
     {kSkipScale0, "adm_skip_scale0"}}));

// The keys in adm's order (FeatureIndex names the slot of each). The
// reference writes the debug key "adm" too without listing it (its list
// names "adm_scale0" instead, which it never writes), so "adm" keeps its
// name whatever the options.
using enum adm::FeatureIndex;

inline constexpr const char *kFeatures[] = {
    "VMAF_feature_adm2_score",
    "VMAF_feature_aim_score",
    "VMAF_feature_adm3_score",
    "VMAF_feature_adm_scale0_score",
    "VMAF_feature_adm_scale1_score",
    "VMAF_feature_adm_scale2_score",
    "VMAF_feature_adm_scale3_score",
    "!adm",
    "adm_num",
    "adm_den",
    "adm_num_scale0",
    "adm_den_scale0",
    "adm_num_scale1",
    "adm_den_scale1",
    "adm_num_scale2",
    "adm_den_scale2",
    "adm_num_scale3",
    "adm_den_scale3",
    nullptr,
};

inline constexpr ExtractorDescription kDescription{"float_adm", kOptions, 0, kFeatures};


} // namespace vmaf::float_adm
