#include "extractor/feature_name.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <fmt/printf.h>
#include <utility>
#include <vector>

namespace vmaf {

namespace {
constexpr std::array<std::pair<std::string_view, std::string_view>, 29> kAliases{{
    {"VMAF_feature_adm2_score", "adm2"},
    {"VMAF_feature_aim_score", "aim"},
    {"VMAF_feature_adm3_score", "adm3"},
    {"VMAF_feature_adm_scale0_score", "adm_scale0"},
    {"VMAF_feature_adm_scale1_score", "adm_scale1"},
    {"VMAF_feature_adm_scale2_score", "adm_scale2"},
    {"VMAF_feature_adm_scale3_score", "adm_scale3"},
    {"VMAF_feature_motion_score", "motion"},
    {"VMAF_feature_motion2_score", "motion2"},
    {"VMAF_feature_motion3_score", "motion3"},
    {"VMAF_feature_vif_scale0_score", "vif_scale0"},
    {"VMAF_feature_vif_scale1_score", "vif_scale1"},
    {"VMAF_feature_vif_scale2_score", "vif_scale2"},
    {"VMAF_feature_vif_scale3_score", "vif_scale3"},
    {"VMAF_integer_feature_adm2_score", "integer_adm2"},
    {"VMAF_integer_feature_aim_score", "integer_aim"},
    {"VMAF_integer_feature_adm3_score", "integer_adm3"},
    {"VMAF_integer_feature_motion_score", "integer_motion"},
    {"VMAF_integer_feature_motion2_score", "integer_motion2"},
    {"VMAF_integer_feature_motion3_score", "integer_motion3"},
    {"VMAF_integer_feature_vif_scale0_score", "integer_vif_scale0"},
    {"VMAF_integer_feature_vif_scale1_score", "integer_vif_scale1"},
    {"VMAF_integer_feature_vif_scale2_score", "integer_vif_scale2"},
    {"VMAF_integer_feature_vif_scale3_score", "integer_vif_scale3"},
    {"Cambi_feature_cambi_score", "cambi"},
    {"Speed_chroma_feature_speed_chroma_u_score", "speed_chroma_u"},
    {"Speed_chroma_feature_speed_chroma_v_score", "speed_chroma_v"},
    {"Speed_chroma_feature_speed_chroma_uv_score", "speed_chroma_uv"},
    {"Speed_temporal_feature_speed_temporal_score", "speed_temporal"},
}};

std::string value_text(const VmafOption &option, const VmafOptionValue &value)
{
    switch (option.type) {
    case VMAF_OPT_TYPE_INT: return fmt::format("{}", value.i);
    // %g, as the reference prints it: 1.0 -> "1", 0.5 -> "0.5".
    case VMAF_OPT_TYPE_DOUBLE: return fmt::sprintf("%g", value.d);
    case VMAF_OPT_TYPE_STRING: return value.s ? value.s : "";
    case VMAF_OPT_TYPE_BOOL: break;
    }
    return {};
}
} // namespace

std::string_view feature_alias(std::string_view name)
{
    for (const auto &[full, alias] : kAliases)
        if (full == name) return alias;
    return name;
}

std::string feature_key(std::string_view feature, const VmafOption *options,
                        const VmafOptionValue *values)
{
    std::vector<const VmafOption *> changed;
    std::vector<const VmafOptionValue *> changed_values;
    for (size_t i = 0; options && options[i].name; i++) {
        if (!(options[i].flags & VMAF_OPT_FLAG_FEATURE_PARAM)) continue;
        if (option_is_default(options[i], values[i])) continue;
        changed.push_back(&options[i]);
        changed_values.push_back(&values[i]);
    }
    if (changed.empty()) return std::string(feature);

    // Suffixes go in the alphabetical order of the option names.
    std::vector<size_t> order(changed.size());
    for (size_t i = 0; i < order.size(); i++) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::string_view(changed[a]->name) < std::string_view(changed[b]->name);
    });

    std::string key(feature_alias(feature));
    for (size_t i : order) {
        const VmafOption &opt = *changed[i];
        const char *tag = opt.alias ? opt.alias : opt.name;
        if (opt.type == VMAF_OPT_TYPE_BOOL)
            key += fmt::format("_{}", tag);
        else
            key += fmt::format("_{}_{}", tag, value_text(opt, *changed_values[i]));
    }
    return key;
}

} // namespace vmaf
