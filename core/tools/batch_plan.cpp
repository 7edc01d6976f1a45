#include "batch_plan.h"

#include <fmt/core.h>
#include <set>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

// Relative paths in a manifest are taken from the manifest's folder.
std::string resolve(const fs::path &base, const std::string &path)
{
    if (path == "-") return path;
    const fs::path p(path);
    return p.is_absolute() ? path : (base / p).lexically_normal().string();
}

// A pair as batch mode scores it: the manifest's row with paths resolved
// and the request of the single-pair CLI.
BatchJob make_job(const session::ScoreRequest &base, const ManifestRow &row,
                  const fs::path &manifest_dir, const fs::path &out_dir)
{
    BatchJob j;
    j.row = row;
    j.reference = resolve(manifest_dir, row.reference);
    j.distorted = resolve(manifest_dir, row.distorted);
    const std::string name =
        row.output.empty() ? fmt::format("{:04}-{}.{}", row.row,
                                         fs::path(row.distorted).stem().string(),
                                         session::report_extension(base.format))
                           : row.output;
    j.report = fs::path(name).is_absolute() ? name : (out_dir / name).lexically_normal().string();
    j.request = base;
    j.request.reference = j.reference;
    j.request.distorted = j.distorted;
    // vmaf_write_output writes a temporary file and renames it: a report
    // under its own name is complete.
    j.request.output = j.report;
    if (j.reference == "-" || j.distorted == "-")
        j.problem = "standard input ('-') cannot be a batch input";
    else if (session::same_file(j.report, j.reference) || session::same_file(j.report, j.distorted))
        j.problem = fmt::format("its report '{}' is one of its input videos", j.report);
    if (!row.models.empty()) j.request.models = split_list(row.models);
    if (!row.features.empty()) {
        j.request.features.clear();
        for (const auto &text : split_list(row.features)) {
            session::FeatureRequest f;
            std::string error;
            if (!session::parse_feature_request(text, f, error)) {
                j.problem = "feature " + error;
                break;
            }
            j.request.features.push_back(std::move(f));
        }
    }
    return j;
}

} // namespace

bool plan_batch(const CliSettings &s, BatchPlan &plan, std::string &error)
{
    std::vector<ManifestRow> rows;
    if (!read_manifest(*s.batch, rows, error)) return false;
    const fs::path out_dir = *s.request.output;
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (!fs::is_directory(out_dir, ec)) {
        error = fmt::format("--output '{}': not a directory, and one cannot be made there",
                            out_dir.string());
        return false;
    }
    if (s.request.backend == session::Backend::Hip) {
        plan.gpus = s.request.gpus;
        if (s.request.all_gpus && !session::every_gpu(plan.gpus, error)) return false;
    }
    const fs::path manifest_dir = fs::absolute(*s.batch).parent_path();
    plan.summary = (out_dir / "summary.csv").lexically_normal();
    std::set<std::string> reports = {plan.summary.string()};
    for (const auto &r : rows) {
        plan.jobs.push_back(make_job(s.request, r, manifest_dir, out_dir));
        if (!reports.insert(plan.jobs.back().report).second) {
            error = fmt::format("--batch: report '{}' is another row's or the summary's; each "
                                "pair needs its own output",
                                plan.jobs.back().report);
            return false;
        }
    }
    return true;
}

} // namespace vmaf::tools
