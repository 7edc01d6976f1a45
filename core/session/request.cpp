#include "session/request.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>

#include "base/excerpt.h"
#include "libvmaf/libvmaf_ext.h"
#include "session/options/option_names.h"

namespace vmaf::session {

std::string pool_name(const std::string &method)
{
    char name[128];
    return vmaf_pool_name(method.c_str(), name, sizeof(name)) ? std::string() : name;
}

std::vector<std::string> extra_pools(const std::vector<std::string> &pools)
{
    std::vector<std::string> out, names{"min", "max", "mean", "harmonic_mean"};
    for (const std::string &p : pools) {
        const std::string name = pool_name(p);
        if (std::find(names.begin(), names.end(), name) != names.end()) continue;
        names.push_back(name);
        out.push_back(p);
    }
    return out;
}

std::string quote(std::string_view text, size_t max) { return excerpt(text, max); }

bool backend_environment(std::string &backend, std::optional<std::string> &gpu,
                         std::string &error)
{
    const char *b = std::getenv("VMAF_BACKEND");
    backend = b && *b ? b : "cpu";
    if (backend != "cpu" && backend != "hip" && backend != "auto") {
        error = fmt::format("VMAF_BACKEND='{}' is not a backend: cpu, hip (the GPU, or fail) or "
                            "auto (the GPU where one is usable)",
                            quote(backend));
        return false;
    }
    const char *g = std::getenv("VMAF_GPU");
    gpu.reset();
    if (g && *g) gpu = g;
    return true;
}

std::string report_options(const ScoreRequest &r)
{
    // One field a line, each named: a field's text can never pass for
    // another's.
    std::string out;
    auto line = [&out](std::string_view name, const auto &value) {
        out += fmt::format("{}={}\n", name, value);
    };
    auto optional = [&line](std::string_view name, const auto &value) {
        if (value) line(name, *value);
        else line(name, "-");
    };
    optional("raw.w", r.raw.w);
    optional("raw.h", r.raw.h);
    optional("raw.bpc", r.raw.bpc);
    optional("raw.pix_fmt", r.raw.pix_fmt);
    for (const std::string &m : r.models) line("model", m);
    for (const FeatureRequest &f : r.features) {
        line("feature", f.name);
        for (const auto &[k, v] : f.options) line(" " + k, v);
    }
    line("format", static_cast<int>(r.format));
    line("subsample", r.subsample);
    line("frame_cnt", r.frame_cnt);
    line("frame_skip_ref", r.frame_skip_ref);
    line("frame_skip_dist", r.frame_skip_dist);
    line("align", static_cast<int>(r.align));
    optional("offset", r.offset);
    line("align_window", r.align_window);
    optional("scale", r.scale);
    optional("bitdepth_convert", r.bitdepth_convert);
    line("common_bitdepth", r.common_bitdepth);
    line("no_prediction", r.no_prediction);
    line("backend", r.backend == Backend::Hip ? "hip" : "cpu");
    for (const std::string &p : r.pools) line("pool", p);
    optional("fps", r.frame_rate);
    return out;
}

bool check_bitdepth_convert(long long depth, std::string &error)
{
    if (depth >= 9 && depth <= 16) return true;
    error = fmt::format("{} must be 9 to 16 (the bits per sample both inputs are "
                        "converted to), got {}",
                        option(Option::BitdepthConvert), depth);
    return false;
}

bool parse_feature_request(const std::string &text, FeatureRequest &out, std::string &error)
{
    out = FeatureRequest{};
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon - start));
        if (colon == std::string::npos) break;
        start = colon + 1;
    }
    // The first part is "name" or "name=opt=val"; later parts are "opt=val".
    std::string first = parts[0];
    const size_t eq = first.find('=');
    out.name = first.substr(0, eq);
    if (out.name.empty()) {
        error = fmt::format("'{}': feature name is missing", excerpt(text));
        return false;
    }
    if (eq != std::string::npos) parts[0] = first.substr(eq + 1);
    else parts.erase(parts.begin());
    for (const auto &part : parts) {
        const size_t e = part.find('=');
        if (e == std::string::npos || e == 0 || e + 1 == part.size()) {
            error = fmt::format("'{}': option '{}' is not of the form name=value", excerpt(text),
                                excerpt(part));
            return false;
        }
        const std::string key = part.substr(0, e);
        for (const auto &[seen, value] : out.options)
            if (seen == key) {
                error = fmt::format("'{}': option '{}' is given twice", excerpt(text), excerpt(key));
                return false;
            }
        out.options.emplace_back(key, part.substr(e + 1));
    }
    return true;
}

} // namespace vmaf::session
