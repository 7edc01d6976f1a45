// summary.csv of batch mode: one row per pair and metric with the pooled
// mean, min, max and harmonic mean (and --pool's others), or the pair's
// error, and what the resume checks: a digest of the options that shape the
// report and one of the report as written. Rows are appended (one write
// each) as pairs finish, after each pair's report is in place, so that a
// killed run keeps them; the end rewrites the file in manifest order, read
// back from the file (memory holds where each pair's rows lie, not the rows:
// a batch of a million pairs stays small). A
// rerun skips a pair only where its rows are there, its options are the same
// and its report is byte for byte the one written then (ADR 0040).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "batch_plan.h"

namespace vmaf::tools {

// How one pair went.
struct BatchOutcome {
    bool ok = false;
    session::ScoreTable table;
    std::string error;    // why it failed, the library's reason included
    std::string warnings; // the library's messages of a pair that scored
};

class BatchSummary {
public:
    // `pools`: the report names of the pools beyond the four (--pool), a
    // column each after harmonic_mean.
    BatchSummary(std::filesystem::path path, const std::vector<std::string> &pools);
    ~BatchSummary();
    BatchSummary(const BatchSummary &) = delete;
    BatchSummary &operator=(const BatchSummary &) = delete;

    // The rows of an earlier run, and what they mean for `jobs`: which
    // pairs were done then, why the others that were scored then are scored
    // again, and which reports of theirs are stale. `notes` gets a line for
    // each such pair and for a summary of other columns.
    void load_previous(const std::vector<BatchJob> &jobs, std::vector<std::string> &notes);
    // Whether the pair was scored before with the same options, its report
    // the one written then (renamed into place before its rows were added).
    bool done_before(const BatchJob &j) const;
    // The report an earlier run wrote for the pair under another name
    // (another format), unchanged since; empty where none. The caller
    // removes it once the pair is scored again.
    std::string stale_report(const BatchJob &j) const;
    // Starts the file with the kept rows of the pairs done before; false
    // when it cannot be written.
    bool start(std::string &error);
    // The pair's rows, appended now. Thread safe.
    void add(const BatchJob &j, const BatchOutcome &outcome);
    // The whole file again, in manifest order, through a temporary file
    // renamed over it.
    bool finish(std::string &error);

private:
    using Rows = std::vector<std::vector<std::string>>;
    // Where a pair's rows lie in the file.
    struct Span {
        uint64_t offset = 0;
        size_t size = 0;
    };

    std::filesystem::path path_;
    std::vector<std::string> header_;
    size_t pools_ = 0;
    std::mutex mutex_;
    FILE *file_ = nullptr;
    bool write_failed_ = false;
    std::map<unsigned, Rows> done_; // by manifest row: the earlier run's rows
    std::map<unsigned, std::string> stale_; // by manifest row
    std::map<unsigned, Span> spans_; // by manifest row
    uint64_t end_ = 0;               // the file's size: where the next rows go
};

} // namespace vmaf::tools
