#include "session/html_report.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "session/align/align.h"
#include "session/run_files.h"

namespace vmaf::session::report_assets {
extern const char kTemplate[];
extern const char kScript[];
extern const char kChartJs[];
} // namespace vmaf::session::report_assets

namespace vmaf::session {

namespace {

using json = nlohmann::ordered_json;

// The worst frames a page lists per run.
constexpr int kWorstFrames = 10;

std::string html_escaped(const std::string &text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// `data` as a script's literal: "</" never closes the script early.
std::string script_literal(const json &data)
{
    std::string text = data.dump(-1, ' ', false, json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); i++) {
        out += text[i];
        if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
    }
    return out;
}

std::string file_name(const std::string &path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    return name.empty() ? path : name;
}

std::string label_of(const ReportRun &run)
{
    return run.label.empty() ? file_name(run.distorted) : run.label;
}

// NaN and infinities as null.
json number_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

std::string page(const std::string &title, const json &data)
{
    std::string out = report_assets::kTemplate;
    auto put = [&out](const std::string &marker, const std::string &text) {
        const size_t at = out.find(marker);
        if (at != std::string::npos) out.replace(at, marker.size(), text);
    };
    // In the template's order, each marker once: what is put in is never
    // searched again.
    put("@TITLE@", html_escaped(title));
    const std::string script = report_assets::kScript, data_text = script_literal(data);
    const size_t chart_at = out.find("@CHARTJS@");
    std::string tail = out.substr(chart_at + 9);
    out.resize(chart_at);
    const size_t data_at = tail.find("@DATA@"), script_at = tail.find("@SCRIPT@");
    out += report_assets::kChartJs;
    out += tail.substr(0, data_at);
    out += data_text;
    out += tail.substr(data_at + 6, script_at - data_at - 6);
    out += script;
    out += tail.substr(script_at + 8);
    return out;
}

} // namespace

std::string html_runs_report(const std::vector<ReportRun> &runs)
{
    json data;
    data["kind"] = "runs";
    data["worst"] = kWorstFrames;
    data["primary"] = runs.empty() ? std::string("vmaf") : primary_key(*runs[0].table);
    const std::string reference = runs.empty() ? "" : runs[0].reference;
    data["title"] = runs.size() == 1 ? fmt::format("{} against {}", file_name(runs[0].distorted),
                                                   file_name(reference))
                                     : fmt::format("{} renditions against {}", runs.size(),
                                                   file_name(reference));
    std::string subtitle = "reference " + reference;
    json items = json::array();
    for (const ReportRun &run : runs) {
        const ScoreTable &t = *run.table;
        json item;
        item["label"] = label_of(run);
        item["reference"] = run.reference;
        item["distorted"] = run.distorted;
        item["frames"] = t.frames;
        item["frame_rate"] = t.frame_rate ? json(*t.frame_rate) : json(nullptr);
        item["keys"] = t.keys;
        json values = json::object(), pooled = json::object();
        for (size_t k = 0; k < t.keys.size(); k++) {
            json v = json::array();
            if (k < t.per_frame.size())
                for (double x : t.per_frame[k]) v.push_back(number_or_null(x));
            values[t.keys[k]] = std::move(v);
            const PooledScores &p = t.pooled[k];
            json m = {{"min", number_or_null(p.min)},
                      {"max", number_or_null(p.max)},
                      {"mean", number_or_null(p.mean)},
                      {"harmonic_mean", number_or_null(p.harmonic_mean)}};
            for (const auto &[name, value] : p.more) m[name] = number_or_null(value);
            pooled[t.keys[k]] = std::move(m);
        }
        item["values"] = std::move(values);
        item["pooled"] = std::move(pooled);
        json pictures = json::array();
        for (const FramePictures &p : run.pictures)
            pictures.push_back({{"frame", p.frame},
                                {"width", p.width},
                                {"height", p.height},
                                {"reference", p.reference},
                                {"distorted", p.distorted},
                                {"difference", p.difference},
                                {"cambi", p.cambi.empty() ? json(nullptr) : json(p.cambi)}});
        item["pictures"] = std::move(pictures);
        item["pictures_note"] = run.pictures_note;
        if (t.alignment)
            item["alignment"] = {{"method", t.alignment->method},
                                 {"offset", t.alignment->offset},
                                 {"margin", t.alignment->margin ? json(*t.alignment->margin)
                                                                : json(nullptr)}};
        items.push_back(std::move(item));
        subtitle += fmt::format("; {}: {} frames, {}x{}{}", label_of(run), t.frames, t.width,
                                t.height,
                                t.frame_rate ? fmt::format(", {:g} fps", *t.frame_rate) : "");
        if (t.alignment) subtitle += "; " + alignment_note(*t.alignment, t.frames);
    }
    data["runs"] = std::move(items);
    data["subtitle"] = subtitle;
    return page(data["title"].get<std::string>(), data);
}

bool write_runs_page(const std::string &path, std::vector<ReportRun> runs,
                     const ScoreRequest *scored, const PictureChoice &choice,
                     const std::function<void(const std::string &)> &warn, std::string &error)
{
    for (ReportRun &run : runs) {
        if (!scored) break;
        ScoreRequest r = *scored;
        r.distorted = run.distorted;
        std::string why;
        if (!make_frame_pictures(r, *run.table, pictured_frames(*run.table, choice),
                                 kPicturesBudget / runs.size(), run.pictures, run.pictures_note,
                                 why)) {
            run.pictures.clear();
            run.pictures_note = "no pictures of the frames: " + why;
            if (warn) warn(run.pictures_note);
            continue;
        }
        // A named frame the pair does not have: said, not a failure.
        for (unsigned f : choice.frames)
            if (f >= run.table->frames) {
                const std::string past = fmt::format("frame {} is past the last scored frame ({})",
                                                     f, run.table->frames - 1);
                run.pictures_note += (run.pictures_note.empty() ? "" : "; ") + past;
                if (warn) warn(past);
            }
    }
    return write_html(path, html_runs_report(runs), error);
}

std::string url_path(const std::string &path)
{
    std::string out;
    for (const char c : path) {
        const auto u = static_cast<unsigned char>(c);
        // RFC 3986's unreserved characters and the separator stay; all else
        // (':' of a scheme, '#', '?', '%', spaces, bytes of UTF-8) is escaped,
        // so a link is always a relative path.
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
            out += c;
        else
            out += fmt::format("%{:02X}", u);
    }
    return out;
}

std::string html_batch_report(const std::string &title, const std::vector<std::string> &columns,
                              const std::vector<BatchReportRow> &rows)
{
    json data;
    data["kind"] = "batch";
    data["title"] = title;
    data["subtitle"] = fmt::format("{} pairs, {} failed", rows.size(),
                                   std::count_if(rows.begin(), rows.end(),
                                                 [](const auto &r) { return r.status != "ok"; }));
    data["columns"] = columns;
    json items = json::array();
    for (const BatchReportRow &row : rows) {
        json cells = json::object();
        for (size_t c = 0; c < columns.size() && c < row.cells.size(); c++)
            cells[columns[c]] = std::holds_alternative<double>(row.cells[c])
                                    ? number_or_null(std::get<double>(row.cells[c]))
                                    : json(std::get<std::string>(row.cells[c]));
        items.push_back({{"cells", std::move(cells)},
                         {"status", row.status},
                         {"link", row.link.empty() ? json(nullptr) : json(url_path(row.link))}});
    }
    data["rows"] = std::move(items);
    return page(title, data);
}

bool write_html(const std::string &path, const std::string &page_text, std::string &error)
{
    return write_output_file(path, page_text, error);
}

} // namespace vmaf::session
