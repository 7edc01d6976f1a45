#include "batch_pages.h"

#include <fmt/core.h>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

// The metric a batch's table shows: the default model's score.
constexpr const char *kShown = "vmaf";

} // namespace

BatchPages::BatchPages(fs::path page, std::vector<std::string> pools,
                       session::PictureChoice pictures)
    : page_(std::move(page)), pools_(std::move(pools)), pictures_(std::move(pictures))
{
    columns_ = {"row", "reference", "distorted", "status", "frames", "seconds"};
    for (const char *m : {"mean", "min", "max", "harmonic_mean"})
        columns_.push_back(fmt::format("{} {}", kShown, m));
    for (const std::string &p : pools_) columns_.push_back(fmt::format("{} {}", kShown, p));
    columns_.push_back("error");
}

void BatchPages::add(const BatchJob &j, const BatchOutcome &outcome)
{
    session::BatchReportRow row;
    row.status = outcome.ok ? "ok" : "failed";
    // One at a time: GCC 12 warns (falsely, at -O2 with TSan) that a list
    // of variants' strings may be used uninitialized.
    row.cells.reserve(columns_.size());
    row.cells.emplace_back(static_cast<double>(j.row.row));
    row.cells.emplace_back(std::in_place_type<std::string>, j.reference);
    row.cells.emplace_back(std::in_place_type<std::string>, j.distorted);
    row.cells.emplace_back(std::in_place_type<std::string>, row.status);
    std::string error;
    if (outcome.ok) {
        const session::ScoreTable &t = outcome.table;
        const fs::path page = batch_pair_page(j);
        if (session::write_runs_page(page.string(),
                                     {{j.reference, j.distorted, &t, page.stem().string()}},
                                     &j.request, pictures_, {}, error))
            row.link = page.lexically_relative(page_.parent_path()).string();
        row.cells.push_back(static_cast<double>(t.frames));
        row.cells.push_back(t.seconds);
        size_t k = 0;
        while (k < t.keys.size() && t.keys[k] != kShown) k++;
        const bool shown = k < t.keys.size();
        const session::PooledScores p = shown ? t.pooled[k] : session::PooledScores{};
        for (double v : {p.mean, p.min, p.max, p.harmonic_mean})
            row.cells.push_back(shown ? session::BatchReportRow::Cell(v) : std::string());
        for (size_t m = 0; m < pools_.size(); m++)
            row.cells.push_back(shown && m < p.more.size()
                                    ? session::BatchReportRow::Cell(p.more[m].second)
                                    : std::string());
        row.cells.push_back(std::string());
    } else {
        for (size_t c = row.cells.size(); c + 1 < columns_.size(); c++) row.cells.push_back(std::string());
        row.cells.push_back(outcome.error);
    }
    std::lock_guard lock(mutex_);
    if (!error.empty() && error_.empty()) error_ = error;
    rows_[j.row.row] = std::move(row);
}

bool BatchPages::finish(std::string &error)
{
    std::vector<session::BatchReportRow> rows;
    for (auto &[n, row] : rows_) rows.push_back(std::move(row));
    const std::string title = fmt::format("Batch of {} pairs", rows.size());
    if (!session::write_html(page_.string(), session::html_batch_report(title, columns_, rows),
                             error))
        return false;
    if (!error_.empty()) error = error_;
    return error_.empty();
}

} // namespace vmaf::tools
