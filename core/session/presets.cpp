#include "session/presets.h"
#include "session/options/option_names.h"

#include <array>
#include <fmt/core.h>
#include <vector>

namespace vmaf::session {

namespace {

// One version's change to the request. A version is its predecessor's
// steps plus its own, so the order of models and features (and with it
// the report's keys) is the reference's.
// Vectors, not initializer_lists: a list's array lives only as long as the
// temporary step it was written in (clang frees it before the table is
// read; GCC happened to keep it).
struct PresetStep {
    std::string_view version;
    std::vector<const char *> models, features;
    const char *replace_feature = nullptr; // the first feature of its name, replaced
    bool common_bitdepth = false;
};

const std::array kAomCtc{
    PresetStep{"v1.0",
               {"version=vmaf_v0.6.1:name=vmaf", "version=vmaf_v0.6.1neg:name=vmaf_neg"},
               {"psnr=reduced_hbd_peak=true:enable_apsnr=true:min_sse=0.5", "ciede",
                "float_ssim=enable_db=true:clip_db=true",
                "float_ms_ssim=enable_db=true:clip_db=true", "psnr_hvs"}},
    PresetStep{"v2.0", {}, {}},
    PresetStep{"v3.0", {}, {"cambi"}},
    PresetStep{"v4.0", {}, {}},
    PresetStep{"v5.0", {}, {}},
    PresetStep{"v6.0", {}, {}, nullptr, true},
    PresetStep{"v7.0", {}, {}, "float_ssim=scale=1:enable_db=true:clip_db=true"},
};

const std::array kNflxCtc{
    PresetStep{"v1.0",
               {"version=vmaf_4k_v0.6.1:name=vmaf", "version=vmaf_4k_v0.6.1neg:name=vmaf_neg"},
               {"psnr=enable_chroma=true:enable_apsnr=true",
                "float_ssim=enable_db=true:clip_db=true", "cambi"}},
};

FeatureRequest feature(const char *text)
{
    FeatureRequest f;
    std::string error;
    // The table's strings are well formed; parse_feature_request cannot fail on them.
    parse_feature_request(text, f, error);
    return f;
}

void apply_step(const PresetStep &step, ScoreRequest &r)
{
    for (const char *m : step.models) r.models.emplace_back(m);
    for (const char *f : step.features) r.features.push_back(feature(f));
    if (step.replace_feature) {
        FeatureRequest with = feature(step.replace_feature);
        auto it = r.features.begin();
        while (it != r.features.end() && it->name != with.name) ++it;
        if (it != r.features.end()) *it = std::move(with);
        else r.features.push_back(std::move(with));
    }
    r.common_bitdepth = r.common_bitdepth || step.common_bitdepth;
}

template <size_t N>
bool apply_up_to(const std::array<PresetStep, N> &steps, std::string_view version, ScoreRequest &r)
{
    size_t last = 0;
    while (last < N && steps[last].version != version) last++;
    if (last == N) return false;
    for (size_t i = 0; i <= last; i++) apply_step(steps[i], r);
    return true;
}

} // namespace

bool apply_preset(PresetFamily family, std::string_view version, ScoreRequest &r,
                  std::string &error)
{
    if (family == PresetFamily::AomCtc) {
        if (version == "proposed") {
            error = option(Option::AomCtc, "proposed") + " is deprecated: give a version, v1.0 to v7.0";
            return false;
        }
        if (apply_up_to(kAomCtc, version, r)) return true;
        error = fmt::format("{}: bad version '{}'; the versions are v1.0 to v7.0", option(Option::AomCtc),
                            quote(version));
        return false;
    }
    if (apply_up_to(kNflxCtc, version, r)) return true;
    error = fmt::format("{}: bad version '{}'; the version is v1.0", option(Option::NflxCtc), quote(version));
    return false;
}

} // namespace vmaf::session
