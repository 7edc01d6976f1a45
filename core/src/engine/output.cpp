#include "engine/output.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <fmt/printf.h>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "extractor/feature_name.h"

namespace vmaf {

namespace {

constexpr VmafPoolingMethod kMethods[] = {VMAF_POOL_METHOD_MIN, VMAF_POOL_METHOD_MAX,
                                          VMAF_POOL_METHOD_MEAN,
                                          VMAF_POOL_METHOD_HARMONIC_MEAN};
constexpr const char *kMethodNames[] = {"min", "max", "mean", "harmonic_mean"};

int fraction_leading_zeros(double x)
{
    double fraction = std::fabs(x) - std::trunc(std::fabs(x));
    int zeros = 0;
    while (fraction < 1.0 && fraction != 0.0) {
        fraction *= 10;
        zeros++;
    }
    return zeros;
}

// What JSON can hold: a number, or null for NaN and infinities.
std::string json_number(double v) { return std::isfinite(v) ? format_score(v) : "null"; }

struct Table {
    std::vector<std::string> keys;
    std::vector<unsigned> frames; // frames with at least one score, subsampled
};

Table table_of(const VmafContext &ctx, const OutputInfo &info)
{
    Table t{ctx.collector.keys(), {}};
    const unsigned n = ctx.collector.frame_count();
    for (unsigned i = 0; i < n; i++) {
        if (info.subsample > 1 && i % info.subsample) continue;
        for (const auto &k : t.keys) {
            if (ctx.collector.score(k, i)) {
                t.frames.push_back(i);
                break;
            }
        }
    }
    return t;
}

// (method name, value) for each pooling that has a value: the reference's
// four, then those vmaf_report_pools asked for that are not among them.
std::vector<std::pair<std::string, double>> pooled_scores(const VmafContext &ctx,
                                                          const std::string &key)
{
    std::vector<std::pair<std::string, double>> out;
    const unsigned n = ctx.collector.frame_count();
    if (n == 0) return out;
    for (size_t m = 0; m < std::size(kMethods); m++) {
        double v;
        if (ctx.scores().pooled(key, kMethods[m], 0, n - 1, &v) == 0)
            out.emplace_back(kMethodNames[m], v);
    }
    if (ctx.report_pools.empty() || out.empty()) return out;
    std::vector<double> values;
    if (ctx.scores().values(key, 0, n - 1, values)) return out;
    const double frame_seconds =
        ctx.frame_rate > 0 ? ctx.scores().frames_per_score() / ctx.frame_rate : 0.0;
    for (const Pool &pool : ctx.report_pools) {
        std::string name = pool_key(pool);
        const bool listed = std::any_of(out.begin(), out.end(),
                                        [&](const auto &p) { return p.first == name; });
        if (!listed) out.emplace_back(std::move(name), pool_values(values, pool, frame_seconds));
    }
    return out;
}

std::string fps_text(double fps) { return fmt::sprintf("%.2f", fps); }

// The alignment's fields as (name, value), values as text; a value not
// known (the margin of a given offset, frames not counted) is nothing.
std::vector<std::pair<std::string_view, std::optional<std::string>>>
alignment_fields(const VmafContext::Alignment &a)
{
    const auto count = [](long long n) {
        return n >= 0 ? std::optional(std::to_string(n)) : std::nullopt;
    };
    return {
        {"method", a.method},
        {"offset", std::to_string(a.offset)},
        {"margin", std::isfinite(a.margin) ? std::optional(format_score(a.margin)) : std::nullopt},
        {"ref_skipped", std::to_string(a.ref_skipped)},
        {"dis_skipped", std::to_string(a.dis_skipped)},
        {"ref_unscored", count(a.ref_unscored)},
        {"dis_unscored", count(a.dis_unscored)},
    };
}

// CSV's and SUB's name of a field: prefixed, as they sit among the metrics.
std::string frame_field_name(std::string_view name)
{
    return name.starts_with("ref_") || name.starts_with("dis_") ? std::string(name)
                                                                : fmt::format("align_{}", name);
}

} // namespace

std::string format_score(double value)
{
    return fraction_leading_zeros(value) <= 6 ? fmt::sprintf("%.6f", value)
                                               : fmt::sprintf("%.16f", value);
}

std::string write_xml(const VmafContext &ctx, const OutputInfo &info)
{
    const Table t = table_of(ctx, info);
    std::string out = fmt::format("<VMAF version=\"{}\">\n", vmaf_version());
    const unsigned w = ctx.params ? ctx.params->w : 0, h = ctx.params ? ctx.params->h : 0;
    out += fmt::format("  <params qualityWidth=\"{}\" qualityHeight=\"{}\" />\n", w, h);
    out += fmt::format("  <fyi fps=\"{}\" />\n", fps_text(info.fps));
    if (ctx.alignment) {
        out += "  <alignment ";
        for (const auto &[name, value] : alignment_fields(*ctx.alignment))
            if (value) out += fmt::format("{}=\"{}\" ", name, *value);
        out += "/>\n";
    }
    out += "  <frames>\n";
    for (unsigned i : t.frames) {
        out += fmt::format("    <frame frameNum=\"{}\" ", i);
        for (const auto &k : t.keys)
            if (auto v = ctx.collector.score(k, i))
                out += fmt::format("{}=\"{}\" ", feature_alias(k), format_score(*v));
        out += "/>\n";
    }
    out += "  </frames>\n  <pooled_metrics>\n";
    for (const auto &k : t.keys) {
        out += fmt::format("    <metric name=\"{}\" ", feature_alias(k));
        for (const auto &[name, v] : pooled_scores(ctx, k))
            out += fmt::format("{}=\"{}\" ", name, format_score(v));
        out += "/>\n";
    }
    out += "  </pooled_metrics>\n  <aggregate_metrics ";
    for (const auto &[k, v] : ctx.collector.aggregates())
        out += fmt::format("{}=\"{}\" ", k, format_score(v));
    out += "/>\n</VMAF>\n";
    return out;
}

std::string write_json(const VmafContext &ctx, const OutputInfo &info)
{
    const Table t = table_of(ctx, info);
    std::string out = fmt::format("{{\n  \"version\": \"{}\",\n", vmaf_version());
    out += fmt::format("  \"fps\": {},\n", std::isfinite(info.fps) ? fps_text(info.fps) : "null");
    if (ctx.alignment) {
        out += "  \"alignment\": {";
        const auto fields = alignment_fields(*ctx.alignment);
        for (size_t j = 0; j < fields.size(); j++) {
            const auto &[name, value] = fields[j];
            const std::string text = !value             ? "null"
                                     : name == "method" ? fmt::format("\"{}\"", *value)
                                                        : *value;
            out += fmt::format("{}\n    \"{}\": {}", j ? "," : "", name, text);
        }
        out += "\n  },\n";
    }
    out += "  \"frames\": [";
    bool first_frame = true;
    for (unsigned i : t.frames) {
        out += first_frame ? "\n" : ",\n";
        first_frame = false;
        out += fmt::format("    {{\n      \"frameNum\": {},\n      \"metrics\": {{\n", i);
        std::vector<std::pair<std::string_view, double>> scores;
        for (const auto &k : t.keys)
            if (auto v = ctx.collector.score(k, i)) scores.emplace_back(feature_alias(k), *v);
        for (size_t j = 0; j < scores.size(); j++) {
            const auto &[name, v] = scores[j];
            // The reference ends a null's line without a newline: the next
            // key follows on the same line. Valid JSON all the same.
            out += fmt::format("        \"{}\": {}{}{}", name, json_number(v),
                               j + 1 < scores.size() ? "," : "", std::isfinite(v) ? "\n" : "");
        }
        out += "      }\n    }";
    }
    out += "\n  ],\n  \"pooled_metrics\": {";
    for (size_t j = 0; j < t.keys.size(); j++) {
        out += j ? ",\n" : "\n";
        out += fmt::format("    \"{}\": {{", feature_alias(t.keys[j]));
        const auto pooled = pooled_scores(ctx, t.keys[j]);
        for (size_t m = 0; m < pooled.size(); m++)
            out += fmt::format("{}      \"{}\": {}", m ? ",\n" : "\n", pooled[m].first,
                               json_number(pooled[m].second));
        out += "\n    }";
    }
    out += "\n  },\n  \"aggregate_metrics\": {";
    const auto aggregates = ctx.collector.aggregates();
    for (size_t j = 0; j < aggregates.size(); j++)
        out += fmt::format("\n    \"{}\": {}{}", aggregates[j].first, json_number(aggregates[j].second),
                           j + 1 < aggregates.size() ? "," : "");
    out += "\n  }\n}\n";
    return out;
}

std::string write_csv(const VmafContext &ctx, const OutputInfo &info)
{
    const Table t = table_of(ctx, info);
    std::string out = "Frame,";
    for (const auto &k : t.keys) out += fmt::format("{},", feature_alias(k));
    // The alignment's fields, the same on every row, after the metrics.
    std::string align_cells;
    if (ctx.alignment)
        for (const auto &[name, value] : alignment_fields(*ctx.alignment)) {
            out += frame_field_name(name) + ",";
            align_cells += value.value_or("") + ",";
        }
    out += "\n";
    for (unsigned i : t.frames) {
        out += fmt::format("{},", i);
        // An empty cell keeps the columns aligned where a key has no score.
        for (const auto &k : t.keys) {
            if (auto v = ctx.collector.score(k, i)) out += format_score(*v);
            out += ",";
        }
        out += align_cells;
        out += "\n";
    }
    return out;
}

std::string write_sub(const VmafContext &ctx, const OutputInfo &info)
{
    const Table t = table_of(ctx, info);
    std::string align_fields;
    if (ctx.alignment)
        for (const auto &[name, value] : alignment_fields(*ctx.alignment))
            if (value) align_fields += fmt::format("{}: {}|", frame_field_name(name), *value);
    std::string out;
    for (unsigned i : t.frames) {
        out += fmt::format("{{{}}}{{{}}}frame: {}|", i, i + 1, i);
        for (const auto &k : t.keys)
            if (auto v = ctx.collector.score(k, i))
                out += fmt::format("{}: {}|", feature_alias(k), format_score(*v));
        out += align_fields;
        out += "\n";
    }
    return out;
}

} // namespace vmaf
