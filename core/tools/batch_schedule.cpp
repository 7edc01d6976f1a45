#include "batch_schedule.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <thread>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

// A job's request on its slot: the slot's GPU, never "all".
session::ScoreRequest slot_request(const BatchJob &j, const BatchSlot &slot)
{
    session::ScoreRequest request = j.request;
    if (slot.gpu) request.gpus = {*slot.gpu};
    request.retry_gpu = slot.retry_gpu;
    request.all_gpus = false;
    return request;
}

BatchOutcome score_job(const BatchJob &j, const BatchSlot &slot,
                       const std::function<void(unsigned long long)> &on_frames, bool per_frame)
{
    BatchOutcome outcome;
    outcome.error = j.problem;
    if (!outcome.error.empty()) return outcome;
    const session::ScoreRequest request = slot_request(j, slot);
    session::LogCapture capture;
    session::ScoreHooks hooks;
    hooks.per_frame = per_frame;
    // A pair scored again (on another GPU, on the CPU) counts from its first
    // frame again: only frames past the earlier attempt's are new.
    hooks.on_frame = [&on_frames, last = 0u](unsigned frames) mutable {
        if (frames > last) on_frames(frames - last);
        last = std::max(last, frames);
        return true;
    };
    outcome.ok = session::score_pair(request, hooks, outcome.table, outcome.error);
    if (!outcome.ok) outcome.error = session::with_reason(outcome.error, capture.text());
    else outcome.warnings = capture.text();
    return outcome;
}

// Pairs that differ only by their distorted video and report: one ladder;
// not pairs lined up (--align, --offset), each lined up on its own.
bool same_ladder(const BatchJob &a, const BatchJob &b)
{
    if (session::aligned(a.request)) return false;
    session::ScoreRequest y = b.request;
    y.distorted = a.request.distorted;
    y.output = a.request.output;
    return a.request == y;
}

// A ladder's pairs in one pass (the reference read once); where it fails,
// each pair alone, so that one bad rendition fails only its own row.
void score_group(const std::vector<const BatchJob *> &group, const BatchSlot &slot,
                 const BatchCallbacks &callbacks)
{
    if (group.size() > 1) {
        const session::ScoreRequest request = slot_request(*group[0], slot);
        std::vector<session::LadderRung> rungs;
        for (const BatchJob *j : group) rungs.push_back({j->distorted, j->report});
        session::LogCapture capture;
        session::ScoreHooks hooks;
        const auto n = static_cast<unsigned long long>(group.size());
        hooks.per_frame = callbacks.per_frame;
        hooks.on_frame = [&callbacks, n, last = 0u](unsigned frames) mutable {
            callbacks.on_frames((frames - last) * n);
            last = frames;
            return true;
        };
        // Each rendition's rows as soon as its report is in place: a kill
        // loses only the renditions not finished yet.
        size_t done = 0;
        hooks.on_rendition_scored = [&](size_t i, session::ScoreTable &table) {
            BatchOutcome outcome;
            outcome.ok = true;
            outcome.table = std::move(table);
            outcome.warnings = capture.text();
            callbacks.on_done(*group[i], outcome);
            done = i + 1;
        };
        std::vector<session::ScoreTable> tables;
        std::string error;
        if (session::score_ladder(request, rungs, hooks, tables, error)) return;
        // What is left, each pair alone: one bad rendition fails only its row.
        for (size_t i = done; i < group.size(); i++)
            callbacks.on_done(*group[i],
                              score_job(*group[i], slot, callbacks.on_frames, callbacks.per_frame));
        return;
    }
    for (const BatchJob *j : group)
        callbacks.on_done(*j, score_job(*j, slot, callbacks.on_frames, callbacks.per_frame));
}

} // namespace

std::vector<std::vector<const BatchJob *>> ladder_groups(const std::vector<const BatchJob *> &todo)
{
    std::vector<std::vector<const BatchJob *>> groups;
    for (const BatchJob *j : todo) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto &g) {
            return g.size() < kLadderPairs && j->problem.empty() && g[0]->problem.empty() &&
                   same_ladder(*g[0], *j);
        });
        if (it == groups.end()) groups.push_back({j});
        else it->push_back(j);
    }
    return groups;
}

std::vector<BatchSlot> batch_slots(const CliSettings &s, const std::vector<unsigned> &gpus,
                                   size_t pairs)
{
    std::vector<BatchSlot> slots;
    if (s.request.backend == session::Backend::Hip) {
        const unsigned per_gpu = s.jobs ? s.jobs : 2;
        for (unsigned k = 0; k < per_gpu; k++)
            for (size_t g = 0; g < gpus.size(); g++)
                slots.push_back({gpus[g], gpus.size() > 1
                                              ? std::optional<unsigned>(gpus[(g + 1) % gpus.size()])
                                              : std::nullopt});
    } else {
        const unsigned n = s.jobs ? s.jobs : std::max(1u, std::thread::hardware_concurrency());
        slots.resize(n);
    }
    slots.resize(std::min<size_t>(slots.size(), std::max<size_t>(pairs, 1)));
    return slots;
}

void run_batch_jobs(const std::vector<const BatchJob *> &todo, const std::vector<BatchSlot> &slots,
                    const BatchCallbacks &callbacks)
{
    const auto groups = ladder_groups(todo);
    std::atomic<size_t> next{0};
    auto worker = [&](const BatchSlot &slot) {
        for (;;) {
            const size_t i = next++;
            if (i >= groups.size()) return;
            score_group(groups[i], slot, callbacks);
        }
    };
    std::vector<std::jthread> threads;
    for (const BatchSlot &slot : slots) threads.emplace_back(worker, slot);
    if (callbacks.while_running) callbacks.while_running();
}

} // namespace vmaf::tools
