// Reports people look at (--html, ADR 0034): self-contained HTML pages,
// Chart.js and the data inlined, nothing fetched when they are opened. A
// pair's page (or a ladder's, its renditions on one plot) plots any of the
// per-frame scores, zooms and shows a frame's values on hover, lists the
// pooled scores and the worst frames with their times, and shows pictures
// of frames (frame_pictures.h); a batch's page is a
// sortable table of its pairs, each linking its own page.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "session/frame_pictures.h"
#include "session/score_table.h"

namespace vmaf::session {

struct ReportRun {
    // `label` empty: the distorted video's file name.
    ReportRun(std::string reference, std::string distorted, const ScoreTable *table,
              std::string label = {})
        : reference(std::move(reference)), distorted(std::move(distorted)), table(table),
          label(std::move(label))
    {}

    std::string reference, distorted;
    const ScoreTable *table; // with per_frame scores and its frame rate
    std::string label;
    // Frames shown as pictures (write_runs_page), and why none are
    // where that is so.
    std::vector<FramePictures> pictures;
    std::string pictures_note;
};

// Writes the page of `runs` to `path` (write_html), each run with the
// pictures of the frames `choice` picks of its table, read again from its
// pair: `scored` is the request the runs were scored with (a ladder's: each
// run's distorted is its own), null for frames held in memory (no
// pictures). A run whose frames cannot be read again keeps its plot, its
// page saying why, and `warn` gets the reason. False with `error` set where
// the page cannot be written.
bool write_runs_page(const std::string &path, std::vector<ReportRun> runs,
                     const ScoreRequest *scored, const PictureChoice &choice,
                     const std::function<void(const std::string &)> &warn, std::string &error);

// One page for `runs` (one pair, or a ladder's renditions against one
// reference).
std::string html_runs_report(const std::vector<ReportRun> &runs);

struct BatchReportRow {
    using Cell = std::variant<std::string, double>;
    std::vector<Cell> cells; // one per column
    std::string status;                                   // "ok" or "failed"
    std::string link; // the pair's own page, relative to the batch page; empty: none
};

// `path` as a link's relative URL: every byte but letters, digits, '-', '.',
// '_', '~' and '/' percent-encoded ("a#1.html" -> "a%231.html").
std::string url_path(const std::string &path);

// One page for a batch: `columns` heads, a row per pair; the links
// URL-encoded here.
std::string html_batch_report(const std::string &title, const std::vector<std::string> &columns,
                              const std::vector<BatchReportRow> &rows);

// Writes `page` to `path`, through a temporary file beside it renamed into
// place; false with `error` set.
bool write_html(const std::string &path, const std::string &page, std::string &error);

} // namespace vmaf::session
