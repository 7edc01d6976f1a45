#include "batch.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fmt/core.h>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

#include "log_capture.h"
#include "manifest.h"
#include "pair_scorer.h"
#include "progress.h"

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> kSummaryHeader = {
    "row",    "reference", "distorted", "report", "status", "frames", "seconds",
    "metric", "mean",      "min",       "max",    "harmonic_mean", "error"};

enum SummaryColumn { kRow, kReference, kDistorted, kReport, kStatus };

const char *extension(VmafOutputFormat format)
{
    switch (format) {
    case VMAF_OUTPUT_FORMAT_JSON: return "json";
    case VMAF_OUTPUT_FORMAT_CSV: return "csv";
    case VMAF_OUTPUT_FORMAT_SUB: return "sub";
    default: return "xml";
    }
}

std::string number(double v) { return std::isfinite(v) ? fmt::format("{}", v) : ""; }

// A pair as batch mode scores it: the manifest's row with paths resolved
// and the settings of the single-pair CLI.
struct Job {
    ManifestRow row;
    std::string reference, distorted, report;
    CliSettings settings;
    std::string problem; // why it cannot be scored at all, found before the start
};

// Relative paths in a manifest are taken from the manifest's folder.
std::string resolve(const fs::path &base, const std::string &path)
{
    if (path == "-") return path;
    const fs::path p(path);
    return p.is_absolute() ? path : (base / p).lexically_normal().string();
}

bool same_file(const std::string &a, const std::string &b)
{
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

Job make_job(const CliSettings &base, const ManifestRow &row, const fs::path &manifest_dir,
             const fs::path &out_dir)
{
    Job j;
    j.row = row;
    j.reference = resolve(manifest_dir, row.reference);
    j.distorted = resolve(manifest_dir, row.distorted);
    const std::string name =
        row.output.empty() ? fmt::format("{:04}-{}.{}", row.row,
                                         fs::path(row.distorted).stem().string(),
                                         extension(base.format))
                           : row.output;
    j.report = fs::path(name).is_absolute() ? name : (out_dir / name).lexically_normal().string();
    j.settings = base;
    j.settings.batch.reset();
    j.settings.reference = j.reference;
    j.settings.distorted = j.distorted;
    j.settings.quiet = true;
    if (j.reference == "-" || j.distorted == "-")
        j.problem = "standard input ('-') cannot be a batch input";
    else if (same_file(j.report, j.reference) || same_file(j.report, j.distorted))
        j.problem = fmt::format("its report '{}' is one of its input videos", j.report);
    if (!row.models.empty()) j.settings.models = split_list(row.models);
    if (!row.features.empty()) {
        j.settings.features.clear();
        for (const auto &text : split_list(row.features)) {
            FeatureRequest f;
            std::string error;
            if (!parse_feature_request(text, f, error)) {
                j.problem = "feature " + error;
                break;
            }
            j.settings.features.push_back(std::move(f));
        }
    }
    return j;
}

// The rows of summary.csv, by pair, and the file itself: rows are appended
// (one write each) as pairs finish, so that a killed run keeps them; the
// end rewrites it in manifest order.
class Summary {
public:
    explicit Summary(fs::path path) : path_(std::move(path)) {}
    ~Summary()
    {
        if (file_) std::fclose(file_);
    }
    Summary(const Summary &) = delete;
    Summary &operator=(const Summary &) = delete;

    // The rows of an earlier run for pairs scored then, by report path;
    // only pairs with the same inputs count.
    void load_previous(const std::vector<Job> &jobs)
    {
        const auto records = read_csv_records(path_.string());
        if (!records || records->empty() || (*records)[0] != kSummaryHeader) return;
        std::map<std::string, const Job *> by_report;
        for (const Job &j : jobs) by_report[j.report] = &j;
        for (size_t i = 1; i < records->size(); i++) {
            const auto &r = (*records)[i];
            if (r.size() != kSummaryHeader.size() || r[kStatus] != "ok") continue;
            auto it = by_report.find(r[kReport]);
            if (it == by_report.end() || it->second->reference != r[kReference] ||
                it->second->distorted != r[kDistorted])
                continue;
            previous_[r[kReport]].push_back(r);
        }
    }

    // Whether the pair was scored before, its report complete: the report
    // is renamed into place before its rows are written.
    bool done_before(const Job &j) const
    {
        std::error_code ec;
        return previous_.count(j.report) && fs::is_regular_file(j.report, ec);
    }

    // Starts the file with the kept rows of the pairs done before; false
    // when it cannot be written.
    bool start(const std::vector<Job> &jobs, std::string &error)
    {
        for (const Job &j : jobs)
            if (done_before(j)) {
                auto rows = previous_[j.report];
                for (auto &r : rows) r[kRow] = std::to_string(j.row.row);
                rows_[j.row.row] = std::move(rows);
            }
        if (!rewrite(error)) return false;
        file_ = std::fopen(path_.c_str(), "ab");
        if (!file_) error = fmt::format("cannot append to '{}'", path_.string());
        return file_ != nullptr;
    }

    void add(const Job &j, std::vector<std::vector<std::string>> rows)
    {
        std::string text;
        for (const auto &r : rows) text += csv_line(r);
        std::lock_guard lock(mutex_);
        rows_[j.row.row] = std::move(rows);
        if (file_ && (std::fwrite(text.data(), 1, text.size(), file_) != text.size() ||
                      std::fflush(file_) != 0))
            write_failed_ = true;
    }

    // The whole file again, in manifest order, through a temporary file
    // renamed over it.
    bool finish(std::string &error)
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

private:
    bool rewrite(std::string &error)
    {
        const fs::path tmp = path_.string() + ".partial";
        std::string text = csv_line(kSummaryHeader);
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

    fs::path path_;
    std::mutex mutex_;
    FILE *file_ = nullptr;
    bool write_failed_ = false;
    std::map<std::string, std::vector<std::vector<std::string>>> previous_;
    std::map<unsigned, std::vector<std::vector<std::string>>> rows_;
};

// A run killed while writing a report leaves its temporary file
// (".NAME.XXXXXX", engine/report_file.cpp) beside it; a rerun removes it.
void remove_stale_temporaries(const fs::path &report)
{
    const std::string prefix = "." + report.filename().string() + ".";
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(report.parent_path(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() == prefix.size() + 6 && name.starts_with(prefix) && entry.is_regular_file(ec))
            fs::remove(entry.path(), ec);
    }
}

// What the run has done, for the progress line and the end.
struct Tally {
    std::mutex mutex;
    std::condition_variable changed;
    unsigned finished = 0, failed = 0, scored = 0;
    std::atomic<unsigned long long> frames{0};
    bool all_done = false;
};

} // namespace

int run_batch(const CliSettings &s)
{
    auto fail = [](const std::string &message) {
        fmt::print(stderr, "vmaf: {}\n", message);
        return 1;
    };
    std::vector<ManifestRow> rows;
    std::string error;
    if (!read_manifest(*s.batch, rows, error)) return fail(error);
    const fs::path out_dir = *s.output;
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (!fs::is_directory(out_dir, ec))
        return fail(fmt::format("--output '{}': not a directory, and one cannot be made there",
                                out_dir.string()));

    std::vector<unsigned> gpus;
    if (s.backend == Backend::Hip) {
        gpus = s.gpus;
        if (s.all_gpus && !every_gpu(gpus, error)) return fail(error);
    }
    const fs::path manifest_dir = fs::absolute(*s.batch).parent_path();
    std::vector<Job> jobs;
    const fs::path summary_path = (out_dir / "summary.csv").lexically_normal();
    std::set<std::string> reports = {summary_path.string()};
    for (const auto &r : rows) {
        jobs.push_back(make_job(s, r, manifest_dir, out_dir));
        if (!reports.insert(jobs.back().report).second)
            return fail(fmt::format("--batch: report '{}' is another row's or the summary's; each "
                                    "pair needs its own output",
                                    jobs.back().report));
    }

    Summary summary(summary_path);
    summary.load_previous(jobs);
    if (!summary.start(jobs, error)) return fail(error);
    std::vector<const Job *> todo;
    for (const Job &j : jobs)
        if (!summary.done_before(j)) todo.push_back(&j);
    const unsigned skipped = static_cast<unsigned>(jobs.size() - todo.size());

    // One worker per pair in flight: on each GPU `jobs` of them (2 by
    // default: one reads and scores while the other's GPU work runs), or
    // CPU workers, one per core unless told.
    struct Slot {
        std::optional<unsigned> gpu;
    };
    std::vector<Slot> slots;
    if (s.backend == Backend::Hip) {
        const unsigned per_gpu = s.jobs ? s.jobs : 2;
        for (unsigned k = 0; k < per_gpu; k++)
            for (unsigned g : gpus) slots.push_back({g});
    } else {
        const unsigned n = s.jobs ? s.jobs : std::max(1u, std::thread::hardware_concurrency());
        slots.resize(n);
    }
    slots.resize(std::min<size_t>(slots.size(), std::max<size_t>(todo.size(), 1)));

    const bool tty = !s.quiet && isatty(fileno(stderr));
    Tally tally;
    std::atomic<size_t> next{0};
    const auto t0 = Clock::now();
    auto worker = [&](const Slot &slot) {
        for (;;) {
            const size_t i = next++;
            if (i >= todo.size()) return;
            const Job &j = *todo[i];
            CliSettings settings = j.settings;
            if (slot.gpu) settings.gpus = {*slot.gpu};
            settings.all_gpus = false;
            // vmaf_write_output writes a temporary file and renames it: a
            // report under its own name is complete.
            settings.output = j.report;
            ScoreTable table;
            std::string why = j.problem;
            bool ok = why.empty();
            std::string warnings;
            if (ok) {
                std::error_code dir_ec;
                fs::create_directories(fs::path(j.report).parent_path(), dir_ec);
                remove_stale_temporaries(j.report);
                LogCapture capture;
                ScoreHooks hooks;
                hooks.on_frame = [&tally, last = 0u](unsigned frames) mutable {
                    tally.frames += frames - last;
                    last = frames;
                };
                ok = score_pair(settings, hooks, table, why);
                if (!ok) why = with_reason(why, capture.text());
                else warnings = capture.text();
            }
            const std::vector<std::string> pair = {std::to_string(j.row.row), j.reference,
                                                    j.distorted, j.report};
            std::vector<std::vector<std::string>> out;
            if (ok) {
                for (size_t k = 0; k < table.keys.size(); k++) {
                    std::vector<std::string> r = pair;
                    const PooledScores &p = table.pooled[k];
                    r.insert(r.end(), {"ok", std::to_string(table.frames),
                                       fmt::format("{:.3f}", table.seconds), table.keys[k],
                                       number(p.mean), number(p.min), number(p.max),
                                       number(p.harmonic_mean), ""});
                    out.push_back(std::move(r));
                }
            } else {
                std::vector<std::string> r = pair;
                r.insert(r.end(), {"failed", "", "", "", "", "", "", "", why});
                out.push_back(std::move(r));
            }
            summary.add(j, std::move(out));
            std::lock_guard lock(tally.mutex);
            tally.finished++;
            tally.failed += !ok;
            tally.scored += ok;
            if (!s.quiet) {
                if (tty) fmt::print(stderr, "\r\033[K");
                if (!ok) {
                    fmt::print(stderr, "vmaf: row {} ({}) failed: {}\n", j.row.row,
                               j.row.distorted, why);
                } else {
                    if (!warnings.empty())
                        fmt::print(stderr, "vmaf: row {}: {}", j.row.row, warnings);
                    if (!tty) {
                        std::string headline;
                        for (size_t k = 0; k < table.keys.size(); k++)
                            if (table.keys[k] == "vmaf")
                                headline = fmt::format(", vmaf {:.6f}", table.pooled[k].mean);
                        fmt::print(stderr, "vmaf: [{}/{}] row {} ({}): {} frames{}\n",
                                   tally.finished, todo.size(), j.row.row, j.row.distorted,
                                   table.frames, headline);
                    }
                }
            }
            tally.changed.notify_all();
        }
    };

    {
        std::vector<std::jthread> threads;
        for (const Slot &slot : slots) threads.emplace_back(worker, slot);
        if (tty) {
            std::unique_lock lock(tally.mutex);
            while (tally.finished < todo.size()) {
                tally.changed.wait_for(lock, std::chrono::milliseconds(500));
                const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
                const double fps = seconds > 0 ? tally.frames / seconds : 0;
                std::string eta = "--:--:--";
                if (tally.finished)
                    eta = duration_text(seconds / tally.finished * (todo.size() - tally.finished));
                fmt::print(stderr, "\r{}/{} pairs{} {:.1f} FPS, ETA {}\033[K", tally.finished,
                           todo.size(),
                           tally.failed ? fmt::format(" ({} failed)", tally.failed) : "", fps,
                           eta);
                std::fflush(stderr);
            }
            fmt::print(stderr, "\r\033[K");
        }
    }
    if (!summary.finish(error)) return fail(error);
    if (!s.quiet)
        fmt::print(stderr,
                   "vmaf: batch: {} scored, {} skipped (done before), {} failed in {}; summary "
                   "in {}\n",
                   tally.scored, skipped, tally.failed,
                   duration_text(std::chrono::duration<double>(Clock::now() - t0).count()),
                   summary_path.string());
    return tally.failed ? 1 : 0;
}

} // namespace vmaf::tools
