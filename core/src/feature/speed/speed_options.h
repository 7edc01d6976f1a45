// Options and keys of SpEED's two extractors, speed_chroma and
// speed_temporal, with the reference's names, aliases, defaults and ranges.
#pragma once

#include "base/option.h"
#include "extractor/extractor.h"
#include "extractor/description.h"

namespace vmaf::speed {

// The options both extractors share, at the same indices.
enum SharedOption {
    kKernelScale,
    kPrescale,
    kPrescaleMethod,
    kSigmaNn,
    kNnFloor,
    kMaxVal,
};

enum ChromaOption { kWeightVarMode = kMaxVal + 1 };
enum TemporalOption { kUseRefDiff = kMaxVal + 1 };

#define VMAF_SPEED_SHARED_OPTIONS                                                                  \
    {"speed_kernelscale", "ks", "scale of the Gaussian kernels' deviation and length (one of "    \
     "float_vif's kernel scales)", VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr}, 0.1, 4.0,      \
     VMAF_OPT_FLAG_FEATURE_PARAM},                                                                 \
    {"speed_prescale", "ps", "resize the plane by this factor first", VMAF_OPT_TYPE_DOUBLE,        \
     {false, 0, 1.0, nullptr}, 0.1, 4.0, VMAF_OPT_FLAG_FEATURE_PARAM},                             \
    {"speed_prescale_method", "psm", "resampling of the prescale: nearest, bilinear, bicubic or " \
     "lanczos4", VMAF_OPT_TYPE_STRING, {false, 0, 0, "nearest"}, 0, 0,                            \
     VMAF_OPT_FLAG_FEATURE_PARAM},                                                                 \
    {"speed_sigma_nn", "snn", "standard deviation of the neural noise", VMAF_OPT_TYPE_DOUBLE,      \
     {false, 0, 0.29, nullptr}, 0.1, 2.0, VMAF_OPT_FLAG_FEATURE_PARAM},                            \
    {"speed_nn_floor", "nnf", "neural noise floor, as a fraction of speed_sigma_nn",              \
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},       \
    {"speed_max_val", "mxv", "largest score; larger ones are clipped to it (speed_chroma only, "  \
     "as the reference)", VMAF_OPT_TYPE_DOUBLE, {false, 0, 1000.0, nullptr}, 0.0, 1000.0,          \
     VMAF_OPT_FLAG_FEATURE_PARAM}

inline constexpr VmafOption kChromaOptions[] = {
    VMAF_SPEED_SHARED_OPTIONS,
    {"speed_weight_var_mode", "wvm", "how block variances weight the entropies, 0 to 6",
     VMAF_OPT_TYPE_INT, {false, 0, 0, nullptr}, 0, 6, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};

inline constexpr VmafOption kTemporalOptions[] = {
    VMAF_SPEED_SHARED_OPTIONS,
    {"speed_use_ref_diff", "urd", "take the distorted's frame difference against the reference's "
     "previous frame", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0,
     VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};

#undef VMAF_SPEED_SHARED_OPTIONS

static_assert(options_indexed(
    kChromaOptions,
    {{kKernelScale, "speed_kernelscale"}, {kPrescale, "speed_prescale"},
     {kPrescaleMethod, "speed_prescale_method"}, {kSigmaNn, "speed_sigma_nn"},
     {kNnFloor, "speed_nn_floor"}, {kMaxVal, "speed_max_val"},
     {kWeightVarMode, "speed_weight_var_mode"}}));
static_assert(options_indexed(
    kTemporalOptions,
    {{kKernelScale, "speed_kernelscale"}, {kPrescale, "speed_prescale"},
     {kPrescaleMethod, "speed_prescale_method"}, {kSigmaNn, "speed_sigma_nn"},
     {kNnFloor, "speed_nn_floor"}, {kMaxVal, "speed_max_val"},
     {kUseRefDiff, "speed_use_ref_diff"}}));

enum ChromaFeature { kU, kV, kUv };

inline constexpr const char *kChromaFeatures[] = {
    "Speed_chroma_feature_speed_chroma_u_score",
    "Speed_chroma_feature_speed_chroma_v_score",
    "Speed_chroma_feature_speed_chroma_uv_score",
    nullptr,
};

inline constexpr const char *kTemporalFeatures[] = {
    "Speed_temporal_feature_speed_temporal_score",
    nullptr,
};

// speed_temporal compares each frame with the one before it.
inline constexpr VmafTemporalReach kTemporalReach{1, 0};


inline constexpr ExtractorDescription kChromaDescription{
    "speed_chroma", kChromaOptions, VMAF_EXTRACTOR_CHROMA, kChromaFeatures};
inline constexpr ExtractorDescription kTemporalDescription{"speed_temporal", kTemporalOptions,
                                                           VMAF_EXTRACTOR_TEMPORAL, kTemporalFeatures,
                                                           kTemporalReach};

} // namespace vmaf::speed
