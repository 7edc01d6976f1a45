// Where and how batch mode's pairs run: one worker thread per pair in
// flight, `--jobs` of them on each GPU (2 by default: one reads and scores
// while the other's GPU work runs) or CPU workers (one per core unless
// told), each taking the next pair until none is left.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "batch_summary.h"

namespace vmaf::tools {

struct BatchSlot {
    std::optional<unsigned> gpu; // nothing: a CPU worker
    // Where a pair whose scoring failed on `gpu` is scored once more: the
    // batch's next GPU, where it has several.
    std::optional<unsigned> retry_gpu;
};

// The workers for `pairs` pairs, never more than there are pairs.
std::vector<BatchSlot> batch_slots(const CliSettings &s, const std::vector<unsigned> &gpus,
                                   size_t pairs);

struct BatchCallbacks {
    // Frames scored since the last call, from the workers' threads.
    std::function<void(unsigned long long frames)> on_frames;
    // A pair is done (its report written when it scored), on its worker's
    // thread.
    std::function<void(const BatchJob &job, const BatchOutcome &outcome)> on_done;
    // Runs on the calling thread while the workers work.
    std::function<void()> while_running;
    // Outcomes carry the per-frame scores (--html).
    bool per_frame = false;
};

// `todo` in groups of pairs that differ only by their distorted video and
// report (an encoding ladder), in order of first appearance: each group is
// scored in one pass, its reference read once (session::score_ladder), each
// pair's report and rows written as soon as its rendition is scored. A
// group's pairs are in flight together: it holds at most kLadderPairs
// pairs, so that a killed run loses at most that many per worker (the
// reference's reading is shared by four already) and memory stays bounded.
constexpr size_t kLadderPairs = 4;
std::vector<std::vector<const BatchJob *>> ladder_groups(const std::vector<const BatchJob *> &todo);

// Scores every job of `todo` on the slots' threads, a ladder group at a
// time; returns when all are done.
void run_batch_jobs(const std::vector<const BatchJob *> &todo, const std::vector<BatchSlot> &slots,
                    const BatchCallbacks &callbacks);

} // namespace vmaf::tools
