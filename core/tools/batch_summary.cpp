#include "batch_summary.h"

#include <cmath>
#include <fmt/core.h>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kHeader = {
    "row",    "reference", "distorted", "report", "status", "frames", "seconds",
    "metric", "mean",      "min",       "max",    "harmonic_mean", "error"};

enum Column { kRow, kReference, kDistorted, kReport, kStatus };

std::string number(double v) { return std::isfinite(v) ? fmt::format("{}", v) : ""; }

} // namespace

BatchSummary::BatchSummary(std::filesystem::path path, const std::vector<std::string> &pools)
    : path_(std::move(path)), header_(kHeader), pools_(pools.size())
{
    header_.insert(header_.end() - 1, pools.begin(), pools.end());
}

BatchSummary::~BatchSummary()
{
    if (file_) std::fclose(file_);
}

void BatchSummary::load_previous(const std::vector<BatchJob> &jobs)
{
    const auto records = read_csv_records(path_.string());
    if (!records || records->empty() || (*records)[0] != header_) return;
    std::map<std::string, const BatchJob *> by_report;
    for (const BatchJob &j : jobs) by_report[j.report] = &j;
    for (size_t i = 1; i < records->size(); i++) {
        const auto &r = (*records)[i];
        if (r.size() != header_.size() || r[kStatus] != "ok") continue;
        auto it = by_report.find(r[kReport]);
        if (it == by_report.end() || it->second->reference != r[kReference] ||
            it->second->distorted != r[kDistorted])
            continue;
        previous_[r[kReport]].push_back(r);
    }
}

bool BatchSummary::done_before(const BatchJob &j) const
{
    std::error_code ec;
    return previous_.count(j.report) && fs::is_regular_file(j.report, ec);
}

bool BatchSummary::start(const std::vector<BatchJob> &jobs, std::string &error)
{
    for (const BatchJob &j : jobs)
        if (done_before(j)) {
            Rows rows = previous_[j.report];
            for (auto &r : rows) r[kRow] = std::to_string(j.row.row);
            rows_[j.row.row] = std::move(rows);
        }
    if (!rewrite(error)) return false;
    file_ = std::fopen(path_.c_str(), "ab");
    if (!file_) error = fmt::format("cannot append to '{}'", path_.string());
    return file_ != nullptr;
}

void BatchSummary::add(const BatchJob &j, const BatchOutcome &outcome)
{
    const std::vector<std::string> pair = {std::to_string(j.row.row), j.reference, j.distorted,
                                           j.report};
    Rows rows;
    if (outcome.ok) {
        const session::ScoreTable &t = outcome.table;
        for (size_t k = 0; k < t.keys.size(); k++) {
            std::vector<std::string> r = pair;
            const session::PooledScores &p = t.pooled[k];
            r.insert(r.end(), {"ok", std::to_string(t.frames), fmt::format("{:.3f}", t.seconds),
                               t.keys[k], number(p.mean), number(p.min), number(p.max),
                               number(p.harmonic_mean)});
            for (size_t m = 0; m < pools_; m++)
                r.push_back(m < p.more.size() ? number(p.more[m].second) : "");
            r.push_back("");
            rows.push_back(std::move(r));
        }
    } else {
        std::vector<std::string> r = pair;
        r.insert(r.end(), {"failed", "", "", "", "", "", "", ""});
        r.insert(r.end(), pools_, "");
        r.push_back(outcome.error);
        rows.push_back(std::move(r));
    }
    std::string text;
    for (const auto &r : rows) text += csv_line(r);
    std::lock_guard lock(mutex_);
    rows_[j.row.row] = std::move(rows);
    if (file_ && (std::fwrite(text.data(), 1, text.size(), file_) != text.size() ||
                  std::fflush(file_) != 0))
        write_failed_ = true;
}

bool BatchSummary::finish(std::string &error)
{
    std::lock_guard lock(mutex_);
    if (file_) std::fclose(file_);
    file_ = nullptr;
    if (write_failed_) {
        error = fmt::format("could not write '{}'", path_.string());
        return false;
    }
    return rewrite(error);
}

bool BatchSummary::rewrite(std::string &error)
{
    const fs::path tmp = path_.string() + ".partial";
    std::string text = csv_line(header_);
    for (const auto &[row, rows] : rows_)
        for (const auto &r : rows) text += csv_line(r);
    FILE *f = std::fopen(tmp.c_str(), "wb");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f) ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (ok) fs::rename(tmp, path_, ec);
    if (!ok || ec) {
        error = fmt::format("could not write '{}'", path_.string());
        return false;
    }
    return true;
}

} // namespace vmaf::tools
