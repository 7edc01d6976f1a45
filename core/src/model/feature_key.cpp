#include "model/feature_key.h"

#include <fmt/format.h>
#include <string_view>

#include "extractor/feature_name.h"
#include "extractor/registry.h"
#include "base/option.h"
#include "base/excerpt.h"

namespace vmaf::model {

namespace {

// The enhancement-gain limits of the reference's ADM and VIF extractors (the
// only options the v0.6 models set). They name keys when this build has no
// extractor for a model feature, so that a model can still score feature
// values imported with vmaf_import_feature_score; a registered extractor's
// own option table always takes precedence.
constexpr VmafOption kAdmParams[] = {
    {"adm_enhn_gain_limit", "egl", "enhancement gain limit", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
constexpr VmafOption kVifParams[] = {
    {"vif_enhn_gain_limit", "egl", "enhancement gain limit", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 100.0, nullptr}, 1.0, 100.0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};

bool starts_with_any(std::string_view name, std::initializer_list<std::string_view> prefixes)
{
    for (auto p : prefixes)
        if (name.starts_with(p)) return true;
    return false;
}

const VmafOption *reference_params(std::string_view name)
{
    if (starts_with_any(name, {"VMAF_integer_feature_adm", "VMAF_feature_adm"})) return kAdmParams;
    if (starts_with_any(name, {"VMAF_integer_feature_vif", "VMAF_feature_vif"})) return kVifParams;
    return nullptr;
}

// A name the reference engine knows as a feature: it has a short alias.
bool reference_feature(std::string_view name) { return feature_alias(name) != name; }

} // namespace

bool resolve_feature_key(VmafModel::Feature &feature, std::string &error)
{
    const VmafExtractor *entry = find_extractor_by_feature(feature.name);
    const VmafOption *options = nullptr;
    std::string_view owner;
    if (entry) {
        options = entry->options;
        owner = entry->name;
    } else if (reference_feature(feature.name)) {
        options = reference_params(feature.name);
        owner = feature.name;
    } else {
        error = fmt::format("unknown feature '{}': no feature extractor provides it",
                            excerpt(feature.name));
        return false;
    }
    if (!options && !feature.options.empty()) {
        error = fmt::format("the model sets option '{}' of feature '{}', which this build has no "
                            "extractor for and knows no options of",
                            excerpt(feature.options.front().first), excerpt(feature.name));
        return false;
    }

    std::vector<VmafOptionValue> values;
    std::vector<std::string> storage;
    OptionError option_error;
    if (!parse_options(owner, options, feature.options, values, storage, option_error)) {
        error = fmt::format("feature '{}': {}", excerpt(feature.name), option_error.message);
        return false;
    }
    feature.key = feature_key(feature.name, options, values.data());
    return true;
}

} // namespace vmaf::model
