// summary.csv of batch mode: one row per pair and metric with the pooled
// mean, min, max and harmonic mean (and --pool's others), or the pair's error. Rows are appended
// (one write each) as pairs finish, after each pair's report is in place,
// so that a killed run keeps them; the end rewrites the file in manifest
// order. A rerun skips the pairs whose report and rows are there.
#pragma once

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

    // The rows of an earlier run for pairs scored then, by report path;
    // only pairs with the same inputs count.
    void load_previous(const std::vector<BatchJob> &jobs);
    // Whether the pair was scored before, its report complete: the report
    // is renamed into place before its rows are written.
    bool done_before(const BatchJob &j) const;
    // Starts the file with the kept rows of the pairs done before; false
    // when it cannot be written.
    bool start(const std::vector<BatchJob> &jobs, std::string &error);
    // The pair's rows, appended now. Thread safe.
    void add(const BatchJob &j, const BatchOutcome &outcome);
    // The whole file again, in manifest order, through a temporary file
    // renamed over it.
    bool finish(std::string &error);

private:
    using Rows = std::vector<std::vector<std::string>>;
    bool rewrite(std::string &error);

    std::filesystem::path path_;
    std::vector<std::string> header_;
    size_t pools_ = 0;
    std::mutex mutex_;
    FILE *file_ = nullptr;
    bool write_failed_ = false;
    std::map<std::string, Rows> previous_;
    std::map<unsigned, Rows> rows_;
};

} // namespace vmaf::tools
