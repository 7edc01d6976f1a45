#include "batch_schedule.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <thread>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

// A run killed while writing a report leaves its temporary file
// (".NAME.XXXXXX", engine/report_file.cpp) beside it; a rerun removes it.
void remove_stale_temporaries(const fs::path &report)
{
    // Appended, not concatenated: GCC 12 warns of an overlap that is not
    // there when "." + name + "." is inlined here (its bug 105329).
    std::string prefix = ".";
    prefix += report.filename().string();
    prefix += '.';
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(report.parent_path(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() == prefix.size() + 6 && name.starts_with(prefix) && entry.is_regular_file(ec))
            fs::remove(entry.path(), ec);
    }
}

BatchOutcome score_job(const BatchJob &j, const BatchSlot &slot,
                       const std::function<void(unsigned long long)> &on_frames)
{
    BatchOutcome outcome;
    outcome.error = j.problem;
    if (!outcome.error.empty()) return outcome;
    session::ScoreRequest request = j.request;
    if (slot.gpu) request.gpus = {*slot.gpu};
    request.all_gpus = false;
    std::error_code dir_ec;
    fs::create_directories(fs::path(j.report).parent_path(), dir_ec);
    remove_stale_temporaries(j.report);
    session::LogCapture capture;
    session::ScoreHooks hooks;
    hooks.on_frame = [&on_frames, last = 0u](unsigned frames) mutable {
        on_frames(frames - last);
        last = frames;
    };
    outcome.ok = session::score_pair(request, hooks, outcome.table, outcome.error);
    if (!outcome.ok) outcome.error = session::with_reason(outcome.error, capture.text());
    else outcome.warnings = capture.text();
    return outcome;
}

} // namespace

std::vector<BatchSlot> batch_slots(const CliSettings &s, const std::vector<unsigned> &gpus,
                                   size_t pairs)
{
    std::vector<BatchSlot> slots;
    if (s.request.backend == session::Backend::Hip) {
        const unsigned per_gpu = s.jobs ? s.jobs : 2;
        for (unsigned k = 0; k < per_gpu; k++)
            for (unsigned g : gpus) slots.push_back({g});
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
    std::atomic<size_t> next{0};
    auto worker = [&](const BatchSlot &slot) {
        for (;;) {
            const size_t i = next++;
            if (i >= todo.size()) return;
            const BatchOutcome outcome = score_job(*todo[i], slot, callbacks.on_frames);
            callbacks.on_done(*todo[i], outcome);
        }
    };
    std::vector<std::jthread> threads;
    for (const BatchSlot &slot : slots) threads.emplace_back(worker, slot);
    if (callbacks.while_running) callbacks.while_running();
}

} // namespace vmaf::tools
