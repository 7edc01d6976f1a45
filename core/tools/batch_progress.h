// What batch mode tells the person running it, on stderr: on a terminal one
// line with the pairs done, failures, FPS and ETA, redrawn as the run goes;
// otherwise a line per pair; each failure with its reason; and, at the end,
// the counts and where the summary is.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

#include "batch_summary.h"

namespace vmaf::tools {

class BatchProgress {
public:
    // `pairs`: the pairs this run scores; nothing is printed when `quiet`.
    BatchProgress(size_t pairs, bool quiet);

    // From the workers' threads.
    void add_frames(unsigned long long frames) { frames_ += frames; }
    void pair_done(const BatchJob &j, const BatchOutcome &outcome);

    // On a terminal, redraws the progress line until every pair is done;
    // else returns at once.
    void show_until_done();
    void print_end(unsigned skipped, const std::string &summary) const;

    unsigned failed() const { return failed_; }

private:
    using Clock = std::chrono::steady_clock;

    const size_t pairs_;
    const bool quiet_, tty_;
    const Clock::time_point start_ = Clock::now();
    std::mutex mutex_;
    std::condition_variable changed_;
    unsigned finished_ = 0, failed_ = 0, scored_ = 0;
    std::atomic<unsigned long long> frames_{0};
};

} // namespace vmaf::tools
