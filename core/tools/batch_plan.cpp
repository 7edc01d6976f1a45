#include "batch_plan.h"

#include <fmt/core.h>
#include <algorithm>
#include <cctype>
#include <map>
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
    j.report = (out_dir / name).lexically_normal().string();
    j.request = base;
    j.request.reference = j.reference;
    j.request.distorted = j.distorted;
    // vmaf_write_output writes a temporary file and renames it: a report
    // under its own name is complete.
    j.request.output = j.report;
    if (j.reference == "-" || j.distorted == "-")
        j.problem = "standard input ('-') cannot be a batch input";
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
    if (!row.align.empty()) {
        // auto and none as --align takes them, a number as --offset does.
        j.request.align = session::Align::None;
        j.request.offset.reset();
        const bool named = row.align == "auto" || row.align == "pts" || row.align == "none";
        std::string error;
        if (!session::option_row(named ? "align" : "offset")->set(j.request, row.align, error))
            j.problem = fmt::format("align '{}': auto, pts, none or a whole number of frames (an "
                                    "offset)",
                                    session::quote(row.align));
    }
    return j;
}

// Why an output column's value is not a file name under the output folder;
// empty where it is one.
std::string output_name_problem(const std::string &name)
{
    if (std::any_of(name.begin(), name.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return "it holds a control character";
    const fs::path p(name);
    if (p.is_absolute()) return "an absolute path; outputs go under the output folder";
    // "javascript:x.xml": a page would link it as a URL of that scheme.
    const size_t colon = name.find(':');
    if (colon != std::string::npos && colon > 0 && name.find('/') > colon &&
        std::all_of(name.begin(), name.begin() + static_cast<long>(colon), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
        }))
        return "it reads as a URL ('scheme:'), not a file name";
    if (name.ends_with('/')) return "a folder, not a file name";
    for (const fs::path &part : p)
        if (part == ".." || part == ".")
            return "'.' and '..' are not allowed; outputs go under the output folder";
    return {};
}

// Every file the batch reads and writes, checked before any pair is scored.
bool check_files(const CliSettings &s, const BatchPlan &plan, std::string &error)
{
    session::RunFiles files;
    files.read(*s.batch, "the manifest");
    for (const BatchJob &j : plan.jobs) {
        const std::string owner = fmt::format("row {}'s ", j.row.row);
        session::ScoreRequest request = j.request;
        if (!j.problem.empty()) request.output.reset();
        session::add_request_files(files, request, owner, true);
        if (s.html && j.problem.empty())
            files.write(batch_pair_page(j), owner + "HTML page", true);
    }
    files.write(plan.summary.string(), "the summary");
    if (plan.page) files.write(plan.page->string(), "the batch's HTML page", true);
    return files.check(error);
}

} // namespace

void remove_temporaries(const BatchPlan &plan, bool pages)
{
    // Each folder's outputs, by file name.
    std::map<fs::path, std::set<std::string>> outputs;
    auto add = [&outputs](const fs::path &p) {
        outputs[p.parent_path()].insert(p.filename().string());
    };
    add(plan.summary);
    if (plan.page) add(*plan.page);
    for (const BatchJob &j : plan.jobs) {
        add(j.report);
        if (pages) add(batch_pair_page(j));
        // A default name follows the format: a run killed while writing it
        // in another format left that name's temporary file.
        if (j.row.output.empty())
            for (const char *ext : {".xml", ".json", ".csv", ".sub"})
                add(fs::path(j.report).replace_extension(ext));
    }
    for (const auto &[folder, names] : outputs) {
        std::error_code ec;
        for (const auto &entry : fs::directory_iterator(folder, ec)) {
            const std::string name = entry.path().filename().string();
            // ".NAME.XXXXXX": NAME is what is left after the first dot and
            // before the last.
            const size_t last = name.rfind('.');
            if (name.size() < 8 || name[0] != '.' || last == 0 || last == std::string::npos)
                continue;
            const std::string target = name.substr(1, last - 1);
            std::error_code file_ec;
            if (names.count(target) && session::is_output_temporary(name, target) &&
                entry.is_regular_file(file_ec))
                fs::remove(entry.path(), file_ec);
        }
    }
}

fs::path batch_pair_page(const BatchJob &j) { return fs::path(j.report).replace_extension(".html"); }

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
    // --html: relative to the output directory, as the reports are.
    if (s.html) plan.page = (out_dir / *s.html).lexically_normal();
    for (const auto &r : rows) {
        if (const std::string problem = output_name_problem(r.output); !problem.empty()) {
            error = fmt::format("--batch '{}' row {}: output '{}': {}", session::quote(*s.batch),
                                r.row, session::quote(r.output), problem);
            return false;
        }
        plan.jobs.push_back(make_job(s.request, r, manifest_dir, out_dir));
    }
    return check_files(s, plan, error);
}

} // namespace vmaf::tools
