// Options and keys of vif. float_vif's debug keys follow the same FeatureIndex.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::vif {

enum OptionIndex { kDebug, kEnhnGainLimit, kSkipScale0 };

inline constexpr VmafOption kOptions[] = {
    {"debug", nullptr, "write numerators, denominators and the combined score", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"vif_enhn_gain_limit", "egl", "enhancement gain limit, 1.0 (none) to 100.0",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"vif_skip_scale0", "ssclz", "skip scale 0 (its score is written as 0)", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kDebug, "debug"}, {kEnhnGainLimit, "vif_enhn_gain_limit"},
     {kSkipScale0, "vif_skip_scale0"}}));

enum FeatureIndex {
    kScale0, // kScale0 + s for scale s
    kCombined = 4,
    kNum,
    kDen,
    kNumScale0, // kNumScale0 + 2 * s, and kDenScale0 + 2 * s
    kDenScale0,
};

inline constexpr const char *kFeatures[] = {
    "VMAF_integer_feature_vif_scale0_score",
    "VMAF_integer_feature_vif_scale1_score",
    "VMAF_integer_feature_vif_scale2_score",
    "VMAF_integer_feature_vif_scale3_score",
    "integer_vif",
    "integer_vif_num",
    "integer_vif_den",
    "integer_vif_num_scale0",
    "integer_vif_den_scale0",
    "integer_vif_num_scale1",
    "integer_vif_den_scale1",
    "integer_vif_num_scale2",
    "integer_vif_den_scale2",
    "integer_vif_num_scale3",
    "integer_vif_den_scale3",
    nullptr,
};

inline constexpr ExtractorDescription kDescription{"vif", kOptions, 0, kFeatures};


// Below this the filters' reflections would run past the picture at scale 3.
inline constexpr unsigned kMinSize = 16;

} // namespace vmaf::vif
