// Batch mode's plan: the manifest's rows turned into jobs, each a pair with
// its paths resolved, its report named and the single-pair request it
// scores with, plus where the reports and the summary go. Mistakes that stop
// the whole batch are found here, before anything runs.
#pragma once

#include <filesystem>
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
    std::vector<unsigned> gpus; // with the HIP backend
};

// False with `error` set: an unreadable manifest, an output that is no
// directory, no GPU for --gpu all, two rows with one report.
bool plan_batch(const CliSettings &s, BatchPlan &plan, std::string &error);

} // namespace vmaf::tools
