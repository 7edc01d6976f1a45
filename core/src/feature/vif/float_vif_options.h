// Options and keys of float_vif.
#pragma once

#include "feature/vif/vif_options.h"
#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::float_vif {

enum OptionIndex {
    kDebug,
    kEnhnGainLimit,
    kKernelScale,
    kPrescale,
    kScale1MinVal,
    kScale2MinVal,
    kScale3MinVal,
    kPrescaleMethod,
    kSigmaNsq,
    kSkipScale0,
};

inline constexpr VmafOption kOptions[] = {
    {"debug", nullptr, "write numerators, denominators and the combined score", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"vif_enhn_gain_limit", "egl", "enhancement gain limit, 1.0 (none) to 100.0",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_kernelscale", "ks", "scale of the Gaussian kernels' deviation and length (one of the "
     "reference's 21 values, e.g. 0.5, 1, 1.5, 2)", VMAF_OPT_TYPE_DOUBLE, {false, 0, 1.0, nullptr},
     0.1, 4.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_prescale", "ps", "resize the picture by this factor first", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 1.0, nullptr}, 0.1, 4.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_scale1_min_val", "s1miv", "smallest scale 1 score; smaller ones are raised to it",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_scale2_min_val", "s2miv", "smallest scale 2 score; smaller ones are raised to it",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_scale3_min_val", "s3miv", "smallest scale 3 score; smaller ones are raised to it",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 1.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_prescale_method", "pm", "resampling of the prescale: nearest, bilinear, bicubic or "
     "lanczos4", VMAF_OPT_TYPE_STRING, {false, 0, 0, "nearest"}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_sigma_nsq", "snsq", "neural noise variance", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 2.0, nullptr}, 0.0, 5.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_skip_scale0", "ssclz", "skip scale 0 (its score is written as 0)", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kDebug, "debug"}, {kEnhnGainLimit, "vif_enhn_gain_limit"}, {kKernelScale, "vif_kernelscale"},
     {kPrescale, "vif_prescale"}, {kScale1MinVal, "vif_scale1_min_val"},
     {kScale2MinVal, "vif_scale2_min_val"}, {kScale3MinVal, "vif_scale3_min_val"},
     {kPrescaleMethod, "vif_prescale_method"}, {kSigmaNsq, "vif_sigma_nsq"},
     {kSkipScale0, "vif_skip_scale0"}}));

// The keys in vif's order (vif_report.h writes both).
using enum vif::FeatureIndex;

inline constexpr const char *kFeatures[] = {
    "VMAF_feature_vif_scale0_score",
    "VMAF_feature_vif_scale1_score",
    "VMAF_feature_vif_scale2_score",
    "VMAF_feature_vif_scale3_score",
    "vif",
    "vif_num",
    "vif_den",
    "vif_num_scale0",
    "vif_den_scale0",
    "vif_num_scale1",
    "vif_den_scale1",
    "vif_num_scale2",
    "vif_den_scale2",
    "vif_num_scale3",
    "vif_den_scale3",
    nullptr,
};

inline constexpr ExtractorDescription kDescription{"float_vif", kOptions, 0, kFeatures};


} // namespace vmaf::float_vif
