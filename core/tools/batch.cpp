#include "batch.h"

#include <filesystem>
#include <fmt/core.h>
#include <optional>

#include "batch_pages.h"
#include "batch_plan.h"
#include "batch_progress.h"
#include "batch_schedule.h"
#include "batch_summary.h"

namespace vmaf::tools {

int run_batch(const CliSettings &s)
{
    auto fail = [](const std::string &message) {
        fmt::print(stderr, "vmaf: {}\n", message);
        return 1;
    };
    BatchPlan plan;
    std::string error;
    if (!plan_batch(s, plan, error)) return fail(error);

    std::vector<std::string> pool_columns;
    for (const std::string &method : session::extra_pools(s.request.pools))
        pool_columns.push_back(session::pool_name(method));
    BatchSummary summary(plan.summary, pool_columns);
    remove_temporaries(plan, s.html.has_value());
    std::vector<std::string> notes;
    summary.load_previous(plan.jobs, notes);
    if (!s.quiet)
        for (const std::string &note : notes) fmt::print(stderr, "vmaf: {}\n", note);
    if (!summary.start(error)) return fail(error);
    std::vector<const BatchJob *> todo;
    for (const BatchJob &j : plan.jobs)
        if (!summary.done_before(j)) todo.push_back(&j);
    const auto skipped = static_cast<unsigned>(plan.jobs.size() - todo.size());

    std::optional<BatchPages> pages;
    if (plan.page) pages.emplace(*plan.page, pool_columns, s.pictures);

    BatchProgress progress(todo.size(), s.quiet);
    BatchCallbacks callbacks;
    callbacks.per_frame = pages.has_value();
    callbacks.on_frames = [&progress](unsigned long long frames) { progress.add_frames(frames); };
    callbacks.on_done = [&](const BatchJob &j, const BatchOutcome &outcome) {
        summary.add(j, outcome);
        // The pair's report of an earlier run under another name, now
        // replaced by this one.
        if (const std::string stale = summary.stale_report(j); outcome.ok && !stale.empty()) {
            std::error_code ec;
            std::filesystem::remove(stale, ec);
        }
        if (pages) pages->add(j, outcome);
        progress.pair_done(j, outcome);
    };
    callbacks.while_running = [&progress] { progress.show_until_done(); };
    run_batch_jobs(todo, batch_slots(s, plan.gpus, todo.size()), callbacks);

    if (!summary.finish(error)) return fail(error);
    if (pages && !pages->finish(error)) return fail(error);
    progress.print_end(skipped, plan.summary.string());
    return progress.failed() ? 1 : 0;
}

} // namespace vmaf::tools
