#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/core.h>
#include <memory>

#include "libvmaf/libvmaf_ext.h"
#include "session/align/align.h"
#include "session/feed.h"
#include "session/inputs.h"
#include "session/scorer.h"
#include "session/session.h"
#include "session/options/option_names.h"

namespace vmaf::session {

namespace fs = std::filesystem;

namespace {

// Mistakes found before anything is read: each rendition's report named,
// none of them an input or another's, their folder made (check_run_files).
bool plan_reports(const ScoreRequest &r, const std::vector<std::string> &distorted, bool write,
                  std::vector<LadderRung> &rungs, std::string &error)
{
    if (distorted.empty()) return error = "a ladder needs at least one distorted video", false;
    if (write && (!r.output || r.output->empty()))
        return error = "several distorted videos need " + option(Option::Output) +
                       ", the folder of their reports",
               false;
    for (const std::string &d : distorted) {
        if (d == "-") return error = "a ladder's distorted videos must be files, not '-'", false;
        rungs.push_back({d, write ? ladder_report_path(*r.output, d, r.format) : std::string()});
    }
    ScoreRequest files = r;
    if (!write) files.output.reset();
    return check_run_files(files, distorted, std::nullopt, error);
}

} // namespace

const char *report_extension(VmafOutputFormat format)
{
    switch (format) {
    case VMAF_OUTPUT_FORMAT_JSON: return "json";
    case VMAF_OUTPUT_FORMAT_CSV: return "csv";
    case VMAF_OUTPUT_FORMAT_SUB: return "sub";
    default: return "xml";
    }
}

std::string ladder_report_path(const std::string &dir, const std::string &distorted,
                               VmafOutputFormat format)
{
    const fs::path name = fs::path(distorted).stem();
    return (fs::path(dir) / fmt::format("{}.{}", name.string(), report_extension(format)))
        .lexically_normal()
        .string();
}

bool score_ladder(const ScoreRequest &r, const std::vector<std::string> &distorted,
                  const ScoreHooks &hooks, std::vector<ScoreTable> &tables, std::string &error)
{
    tables.clear();
    std::vector<LadderRung> rungs;
    if (!plan_reports(r, distorted, hooks.report, rungs, error)) return false;
    return score_ladder(r, rungs, hooks, tables, error);
}

bool score_ladder(const ScoreRequest &r, const std::vector<LadderRung> &rungs,
                  const ScoreHooks &hooks, std::vector<ScoreTable> &tables, std::string &error)
{
    const auto t0 = std::chrono::steady_clock::now();
    tables.clear();
    if (rungs.empty()) return error = "a ladder needs at least one distorted video", false;
    if (const std::string problem = alignment_problem(r, rungs.size()); !problem.empty())
        return error = problem, false;
    if (r.backend == Backend::Hip && (r.all_gpus || r.gpus.size() > 1))
        return error = "a ladder is scored on one GPU: give " + option(Option::Gpu) + " one index", false;
    std::vector<std::string> distorted;
    for (const LadderRung &rung : rungs) distorted.push_back(rung.distorted);
    LadderInputs in;
    if (!in.open(r, distorted, error)) return false;

    const size_t n = rungs.size();
    const std::optional<unsigned> gpu =
        r.backend == Backend::Hip ? std::optional<unsigned>(r.gpus.at(0)) : std::nullopt;
    std::vector<ScoreRequest> requests(n, r);
    for (ScoreRequest &q : requests) {
        if (!q.frame_rate) q.frame_rate = in.ref->frames_per_second();
        q.colour = in.ref->colour();
    }
    std::vector<std::unique_ptr<Scorer>> scorers;
    std::vector<const Scorer *> feeding;
    for (size_t i = 0; i < n; i++) {
        requests[i].distorted = rungs[i].distorted;
        requests[i].output = rungs[i].report.empty() ? std::nullopt
                                                     : std::optional<std::string>(rungs[i].report);
        scorers.push_back(std::make_unique<Scorer>());
        // The first context's pool holds the reference's frames for all.
        if (!scorers[i]->open(requests[i], in.ref->format(), gpu, Scorer::Pictures::kRead, error,
                              i == 0 ? static_cast<unsigned>(n) : 1))
            return false;
        feeding.push_back(scorers[i].get());
        // Motion depends on the reference alone: the first rendition's
        // context computes it for all (it is finished first, below).
        if (i > 0 && vmaf_borrow_reference_scores(scorers[i]->context(), scorers[0]->context())) {
            error = "the renditions could not share the reference's scores (see the message "
                    "above)";
            return false;
        }
    }
    std::vector<VideoInput *> dis;
    for (const auto &d : in.dis) dis.push_back(d.get());
    unsigned frames = 0;
    if (!feed_request(feeding, *in.ref, dis, r, hooks, frames, error)) return false;
    tables.resize(n);
    ScoreHooks per_rendition = hooks;
    for (size_t i = 0; i < n; i++) {
        // Every frame is read once for all: the hook comes once.
        if (i > 0) per_rendition.on_frames_read = nullptr;
        if (!scorers[i]->finish(requests[i], per_rendition, frames, tables[i], error)) {
            error = fmt::format("{}: {}", rungs[i].distorted, error);
            return false;
        }
        tables[i].seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (hooks.on_rendition_scored) hooks.on_rendition_scored(i, tables[i]);
    }
    return true;
}

} // namespace vmaf::session
