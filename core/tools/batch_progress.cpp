#include "batch_progress.h"

#include <cstdio>
#include <fmt/core.h>
#include <unistd.h>

#include "progress.h"

namespace vmaf::tools {

BatchProgress::BatchProgress(size_t pairs, bool quiet)
    : pairs_(pairs), quiet_(quiet), tty_(!quiet && isatty(fileno(stderr)))
{}

void BatchProgress::pair_done(const BatchJob &j, const BatchOutcome &outcome)
{
    std::lock_guard lock(mutex_);
    finished_++;
    failed_ += !outcome.ok;
    scored_ += outcome.ok;
    // -q silences progress, never a failure or a warning.
    if (tty_) fmt::print(stderr, "\r\033[K");
    if (!outcome.ok) {
        fmt::print(stderr, "vmaf: row {} ({}) failed: {}\n", j.row.row, j.row.distorted,
                   outcome.error);
    } else {
        if (!outcome.warnings.empty())
            fmt::print(stderr, "vmaf: row {}: {}", j.row.row, outcome.warnings);
        if (!quiet_ && !tty_) {
            const session::ScoreTable &t = outcome.table;
            std::string headline;
            for (size_t k = 0; k < t.keys.size(); k++)
                if (t.keys[k] == "vmaf") headline = fmt::format(", vmaf {:.6f}", t.pooled[k].mean);
            fmt::print(stderr, "vmaf: [{}/{}] row {} ({}): {} frames{}\n", finished_, pairs_,
                       j.row.row, j.row.distorted, t.frames, headline);
        }
    }
    changed_.notify_all();
}

void BatchProgress::show_until_done()
{
    if (!tty_) return;
    std::unique_lock lock(mutex_);
    while (finished_ < pairs_) {
        changed_.wait_for(lock, std::chrono::milliseconds(500));
        const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
        const double fps = seconds > 0 ? frames_ / seconds : 0;
        std::string eta = "--:--:--";
        if (finished_) eta = duration_text(seconds / finished_ * (pairs_ - finished_));
        fmt::print(stderr, "\r{}/{} pairs{} {:.1f} FPS, ETA {}\033[K", finished_, pairs_,
                   failed_ ? fmt::format(" ({} failed)", failed_) : "", fps, eta);
        std::fflush(stderr);
    }
    fmt::print(stderr, "\r\033[K");
}

void BatchProgress::print_end(unsigned skipped, const std::string &summary) const
{
    if (quiet_) return;
    fmt::print(stderr,
               "vmaf: batch: {} scored, {} skipped (done before), {} failed in {}; summary in {}\n",
               scored_, skipped, failed_,
               duration_text(std::chrono::duration<double>(Clock::now() - start_).count()),
               summary);
}

} // namespace vmaf::tools
