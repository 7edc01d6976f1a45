// Batch mode's plan: the manifest's rows turned into jobs, each a pair with
// its paths resolved, its report named and the single-pair request it
// scores with, plus where the reports and the summary go. Mistakes that stop
// the whole batch are found here, before anything runs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli_options.h"
#include "manifest.h"

namespace vmaf::tools {

struct BatchJob {
    ManifestRow row;
    std::string reference, distorted, report;
    session::ScoreRequest request;
    std::string problem; // why it cannot be scored at all, found before the start
};

struct BatchPlan {
    std::vector<BatchJob> jobs; // in manifest order
    std::filesystem::path summary;
    std::optional<std::filesystem::path> page; // --html: the batch's page
    std::vector<unsigned> gpus; // with the HIP backend
};

// False with `error` set: an unreadable manifest, an output that is no
// directory, an output column that is not a file name under it, no GPU for
// --gpu all, or any output (report, page, summary) that is an input, the
// manifest or another output (session::RunFiles). Every output's folder is
// made here.
bool plan_batch(const CliSettings &s, BatchPlan &plan, std::string &error);

// Removes what a killed run left while writing an output of `plan` (the
// temporary files of its reports, pages and summary: session::
// is_output_temporary), one look at each folder.
void remove_temporaries(const BatchPlan &plan, bool pages);

// The pair's page beside its report (--html): its extension .html.
std::filesystem::path batch_pair_page(const BatchJob &j);

} // namespace vmaf::tools
