#include "cli_options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fmt/format.h>
#include <initializer_list>
#include <map>
#include <sstream>

namespace vmaf::tools {

using session::quote;

namespace {

// Whole numbers, as text: CLI11's own checks accept "1.5" and "-0".
std::string positive_integer(const std::string &text) { return session::count_problem(text, 1); }

std::string whole_number(const std::string &text) { return session::count_problem(text, 0); }

bool add_feature(const std::string &text, session::ScoreRequest &s, std::string &error)
{
    session::FeatureRequest request;
    if (!session::parse_feature_request(text, request, error)) {
        error = "--feature " + error;
        return false;
    }
    s.features.push_back(std::move(request));
    return true;
}

// Each value of `options` in command-line order, through `take`: the
// presets append to the models and features as the reference's getopt loop
// does, so `--feature X --aom_ctc v1.0` and `--aom_ctc v1.0 --feature X`
// differ. CLI11 records one parse_order entry per value taken.
template <typename Take>
bool in_argument_order(const std::vector<CLI::Option *> &order,
                       std::initializer_list<const CLI::Option *> options, Take take)
{
    std::map<const CLI::Option *, size_t> taken;
    for (const CLI::Option *opt : order) {
        if (std::find(options.begin(), options.end(), opt) == options.end()) continue;
        const size_t i = taken[opt]++;
        if (!take(opt, opt->results().at(i))) return false;
    }
    return true;
}

} // namespace

bool parse_gpu_list(const std::string &text, std::vector<unsigned> &gpus, bool &all_gpus,
                    std::string &error)
{
    gpus.clear();
    all_gpus = text == "all";
    if (all_gpus) return true;
    size_t start = 0;
    for (;;) {
        const size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma - start);
        if (const std::string problem = whole_number(item); !problem.empty()) {
            error = fmt::format("--gpu takes an index, a list such as 0,1, or 'all': {}", problem);
            return false;
        }
        gpus.push_back(static_cast<unsigned>(std::stoul(item)));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return true;
}

namespace {

// The flags' values as CLI11 leaves them, before they are checked and put
// into the request; the option handles the presets' order is read from.
struct FlagText {
    std::optional<std::string> cpumask, gpu, jobs, log_level, serve_timeout, serve_queue;
    std::optional<std::string> html_worst, html_frames;
    std::vector<std::string> distorted, models, features, aom_ctc, nflx_ctc;
    std::string backend = "cpu";
    bool xml = false, json = false, csv = false, sub = false;
    CLI::Option *model = nullptr, *feature = nullptr, *aom = nullptr, *nflx = nullptr;
    // The flags of the session's option table, each with its row.
    std::vector<std::pair<const session::OptionRow *, CLI::Option *>> table;
};

// The flags of the option table's rows in `group`, after the group's own.
void add_table_flags(CLI::App &app, session::OptionGroup group, const char *name, FlagText &t)
{
    for (const session::OptionRow &row : session::option_table()) {
        if (row.group != group) continue;
        CLI::Option *opt = app.add_option(session::cli_flags(row.id), row.help)
                               ->type_name(row.value_name)
                               ->group(name);
        if (row.kind == session::OptionKind::Texts)
            // One argument each time: with CLI11's delimiter, "--pool ," split to
            // nothing and took the next flag as its value.
            opt->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        if (row.bare_value) opt->expected(0, 1)->default_str(row.bare_value);
        t.table.emplace_back(&row, opt);
    }
}

// What is read: the files, raw YUV's geometry, frames skipped, scaling and
// depth conversion.
void add_input_flags(CLI::App &app, session::ScoreRequest &s, FlagText &t)
{
    const char *group = "Input";
    app.add_option("-r,--reference", s.reference,
                   "Reference video: .y4m, raw .yuv, or a container (MP4, MKV, ...)")
        ->group(group);
    app.add_option("-d,--distorted", t.distorted,
                   "Distorted video: .y4m, raw .yuv, or a container (MP4, MKV, ...); repeated, "
                   "the renditions of a ladder, scored in one pass against the reference, "
                   "--output then naming the folder of their reports")
        ->group(group);
    add_table_flags(app, session::OptionGroup::Input, group, t);
}

// What is scored: models, features, presets and which frames.
void add_scoring_flags(CLI::App &app, session::ScoreRequest &s, FlagText &t)
{
    const char *group = "Scoring";
    t.model = app.add_option("-m,--model", t.models,
                             "Model: version=NAME or path=FILE, with :name=LABEL (repeatable)")
                  ->group(group);
    t.feature = app.add_option("--feature", t.features,
                               "Extra feature: NAME[=opt=val[:opt=val]] (repeatable)")
                    ->group(group);
    t.aom = app.add_option("--aom_ctc", t.aom_ctc,
                           "AOM common test conditions v1.0 ... v7.0: models vmaf and vmaf_neg "
                           "and the CTC's features, added where the flag stands among --model "
                           "and --feature")
                ->group(group);
    t.nflx = app.add_option("--nflx_ctc", t.nflx_ctc,
                            "Netflix common test conditions v1.0: the 4K models vmaf and "
                            "vmaf_neg and its features")
                 ->group(group);
    app.add_flag("-n,--no_prediction", s.no_prediction, "Features only, no model score")->group(group);
    add_table_flags(app, session::OptionGroup::Scoring, group, t);
}

// What is written: the report, its format and pools, the HTML page.
void add_report_flags(CLI::App &app, CliSettings &cli, FlagText &t)
{
    const char *group = "Report";
    app.add_option("-o,--output", cli.request.output, "Output file (default: stdout)")->group(group);
    app.add_flag("--xml", t.xml, "Write XML (default)")->group(group);
    app.add_flag("--json", t.json, "Write JSON")->group(group);
    app.add_flag("--csv", t.csv, "Write CSV")->group(group);
    app.add_flag("--sub", t.sub, "Write subtitles (SUB)")->group(group);
    app.add_option("--html", cli.html,
                   "Also write a self-contained HTML page: the per-frame scores plotted (zoom, "
                   "hover), the pooled table and the worst frames; a ladder's renditions on one "
                   "plot; with --batch, a sortable table of the pairs (under the output "
                   "directory when relative), each pair's page beside its report")
        ->group(group);
    app.add_option("--html-worst", t.html_worst,
                   "Pictures in the HTML page of this many worst frames of vmaf (default 6; 0: "
                   "none): the reference, the distorted, their difference and, where cambi is "
                   "scored, its heat map")
        ->type_name("N")
        ->group(group);
    app.add_option("--html-frames", t.html_frames,
                   "Also pictures of these frames in the HTML page (\"19,250\", frame numbers as "
                   "the report counts them)")
        ->type_name("LIST")
        ->group(group);
    add_table_flags(app, session::OptionGroup::Report, group, t);
}

// Where and how it runs: threads, instruction sets, backend, GPUs,
// decoding, batch mode, messages.
void add_run_flags(CLI::App &app, CliSettings &cli, FlagText &t)
{
    const char *group = "Running";
    app.add_option("--cpumask", t.cpumask,
                   "Instruction sets not to use: 8 AVX2, 16 AVX-512, 32 AVX-512 ICL (24: portable code only)")
        ->group(group);
    app.add_option("--backend", t.backend,
                   "Where features run: cpu, hip, or auto (the GPU where one is usable, else "
                   "the CPU); without it, VMAF_BACKEND's value, else cpu")
        ->check(CLI::IsMember({"cpu", "hip", "auto"}))
        ->group(group);
    app.add_option("--gpu", t.gpu,
                   "GPUs for --backend hip: an index, a list (0,1: one pair in chunks over "
                   "them, or a batch's pairs spread over them) or 'all'; without it, "
                   "VMAF_GPU's value, else 0")
        ->group(group);
    app.add_option("--batch", cli.batch,
                   "Score every pair of a CSV manifest (columns ref, dis; optional model, "
                   "feature, output); --output names the directory of reports and summary.csv")
        ->group(group);
    app.add_option("--jobs", t.jobs,
                   "With --batch: pairs in flight per GPU (default 2), or CPU workers; with "
                   "--serve: requests scored at once (default 2)")
        ->group(group);
    app.add_option("--serve", cli.serve,
                   "Stay resident, scoring the requests of vmaf --server clients on this Unix "
                   "socket (created with mode 0600) until SIGTERM; GPU contexts stay warm")
        ->group(group);
    app.add_option("--serve-timeout", t.serve_timeout,
                   "With --serve: seconds a client has to send its request (default 10)")
        ->group(group);
    app.add_option("--serve-queue", t.serve_queue,
                   "With --serve: requests that may wait for a worker (default 64); a client "
                   "finding the queue full scores by itself")
        ->group(group);
    app.add_option("--server", cli.server,
                   "Have the server at this socket (vmaf --serve) score the run, with this "
                   "run's folder and terminal; where none answers, score here. Without it, "
                   "VMAF_SERVER's value")
        ->group(group);
    app.add_option("--log-level", t.log_level,
                   "Library messages on stderr: none, error, warning, info or debug (which "
                   "extractor of which backend computes each feature)")
        ->check(CLI::IsMember({"none", "error", "warning", "info", "debug"}))
        ->group(group);
    app.add_flag("-q,--quiet", cli.quiet, "No progress line")->group(group);
    app.add_flag("-v,--version", cli.version, "Print the version and exit")->group(group);
    add_table_flags(app, session::OptionGroup::Running, group, t);
}

// `text` into `dst` where given and `check` finds nothing wrong with it;
// false with `error` naming `flag`.
template <typename T>
bool read_number(const std::optional<std::string> &text, const char *flag,
                 std::string (*check)(const std::string &), T &dst, std::string &error)
{
    if (!text) return true;
    if (const std::string problem = check(*text); !problem.empty()) {
        error = fmt::format("{} {}", flag, problem);
        return false;
    }
    dst = static_cast<T>(std::stoll(*text));
    return true;
}

// The CPU mask and the batch jobs, the numbers outside the option table.
bool read_numbers(const FlagText &t, CliSettings &cli, std::string &error)
{
    session::ScoreRequest &s = cli.request;
    return read_number(t.cpumask, "--cpumask", whole_number, s.cpumask, error) &&
           read_number(t.jobs, "--jobs", positive_integer, cli.jobs, error) &&
           read_number(t.serve_timeout, "--serve-timeout", positive_integer, cli.serve_timeout,
                       error) &&
           read_number(t.serve_queue, "--serve-queue", positive_integer, cli.serve_queue, error);
}

// The backend, the GPUs and the log level; the library's
// variables where the command line names no backend or GPU, honoured as
// vmaf_init honours them, a value that is none refused.
bool read_run(const CLI::App &app, const FlagText &t, CliSettings &cli, std::string &error)
{
    session::ScoreRequest &s = cli.request;
    std::string backend = t.backend, env_backend;
    std::optional<std::string> env_gpu;
    if (!session::backend_environment(env_backend, env_gpu, error)) return false;
    if (!app.count("--backend")) backend = env_backend;
    if (!t.gpu && env_gpu && !parse_gpu_list(*env_gpu, s.gpus, s.all_gpus, error)) {
        error = fmt::format("VMAF_GPU='{}': {}", quote(*env_gpu),
                            "not a GPU index (0 for the first), a list such as 0,1, or 'all'");
        return false;
    }
    if (t.gpu && !parse_gpu_list(*t.gpu, s.gpus, s.all_gpus, error)) return false;
    s.backend = backend == "hip" ? session::Backend::Hip : session::Backend::Cpu;
    cli.backend_auto = backend == "auto";
    if (t.log_level) {
        const std::string &l = *t.log_level;
        s.log_level = l == "none"      ? VMAF_LOG_LEVEL_NONE
                      : l == "error"   ? VMAF_LOG_LEVEL_ERROR
                      : l == "warning" ? VMAF_LOG_LEVEL_WARNING
                      : l == "info"    ? VMAF_LOG_LEVEL_INFO
                                       : VMAF_LOG_LEVEL_DEBUG;
    }
    return true;
}

// The option table's flags, each value through its row, in the table's order.
bool read_table(const FlagText &t, session::ScoreRequest &s, std::string &error)
{
    for (const auto &[row, opt] : t.table) {
        if (opt->count() == 0) continue;
        std::vector<std::string> values = opt->results();
        // A flag given bare takes its row's value.
        if (values.empty()) values.emplace_back();
        for (std::string &value : values) {
            if (value.empty() && row->bare_value) value = row->bare_value;
            if (!row->set(s, value, error)) return false;
        }
    }
    return true;
}

// A frame number of --html-worst or --html-frames: digits, below 2^31.
bool read_frame_number(const std::string &flag, const std::string &text, unsigned &out,
                       std::string &error)
{
    const bool digits = !text.empty() && text.size() <= 10 &&
                        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || std::stoull(text) > 0x7fffffffull) {
        error = fmt::format("{}: '{}' is not a frame count or number (0 or more)", flag,
                            session::quote(text));
        return false;
    }
    out = static_cast<unsigned>(std::stoull(text));
    return true;
}

// The HTML page and its pictures.
bool read_report(const FlagText &t, CliSettings &cli, std::string &error)
{
    if (cli.html && cli.html->empty()) {
        error = "--html: the path is empty";
        return false;
    }
    if ((t.html_worst || t.html_frames) && !cli.html) {
        error = fmt::format("{} shows pictures in the HTML page: give --html too",
                            t.html_worst ? "--html-worst" : "--html-frames");
        return false;
    }
    if (t.html_worst && !read_frame_number("--html-worst", *t.html_worst, cli.pictures.worst, error))
        return false;
    if (t.html_frames) {
        std::string item;
        std::istringstream list(*t.html_frames);
        while (std::getline(list, item, ',')) {
            unsigned frame = 0;
            if (!read_frame_number("--html-frames", item, frame, error)) return false;
            cli.pictures.frames.push_back(frame);
        }
        if (cli.pictures.frames.empty()) {
            error = "--html-frames: the list is empty";
            return false;
        }
    }
    return true;
}

// The report's format: one of the four flags, XML where none is given.
bool read_format(const FlagText &t, session::ScoreRequest &s, std::string &error)
{
    if (t.xml + t.json + t.csv + t.sub > 1) {
        error = "choose one output format: --xml, --json, --csv or --sub";
        return false;
    }
    s.format = t.json ? VMAF_OUTPUT_FORMAT_JSON
               : t.csv ? VMAF_OUTPUT_FORMAT_CSV
               : t.sub ? VMAF_OUTPUT_FORMAT_SUB
                       : VMAF_OUTPUT_FORMAT_XML;
    return true;
}

// One pair, a ladder or a batch, and the output each needs.
bool read_pairs(const FlagText &t, CliSettings &cli, std::string &error)
{
    session::ScoreRequest &s = cli.request;
    if (t.distorted.size() == 1) s.distorted = t.distorted[0];
    else cli.ladder = t.distorted;
    if (cli.serve) {
        // The requests name what to score, each with its own flags.
        if (!s.reference.empty() || !t.distorted.empty() || cli.batch || cli.server) {
            error = "--serve takes its requests from its clients: leave out -r, -d, --batch and "
                    "--server";
            return false;
        }
        return true;
    }
    if (t.serve_timeout || t.serve_queue) {
        error = t.serve_timeout ? "--serve-timeout is for --serve" : "--serve-queue is for --serve";
        return false;
    }
    if (cli.batch) {
        if (!s.reference.empty() || !t.distorted.empty()) {
            error = "--batch takes the pairs from its manifest: leave out -r and -d";
            return false;
        }
        if (!s.output) {
            error = "--batch needs --output DIR, the directory for the reports and summary.csv";
            return false;
        }
    } else if (s.reference.empty() || t.distorted.empty()) {
        error = "both --reference (-r) and --distorted (-d) are required";
        return false;
    } else if (!cli.ladder.empty() && !s.output) {
        error = "several --distorted (a ladder) need --output DIR, the folder of their reports";
        return false;
    } else if (t.jobs) {
        error = "--jobs is for --batch and --serve";
        return false;
    }
    return true;
}

// The models, features and presets, in command-line order.
bool read_scoring(const CLI::App &app, const FlagText &t, session::ScoreRequest &s, std::string &error)
{
    return in_argument_order(app.parse_order(), {t.model, t.feature, t.aom, t.nflx},
                             [&](const CLI::Option *opt, const std::string &value) {
                                 if (opt == t.model) {
                                     s.models.push_back(value);
                                     return true;
                                 }
                                 if (opt == t.feature) return add_feature(value, s, error);
                                 const auto family = opt == t.aom ? session::PresetFamily::AomCtc
                                                                  : session::PresetFamily::NflxCtc;
                                 return session::apply_preset(family, value, s, error);
                             });
}

} // namespace

ParseResult parse_cli(int argc, const char *const *argv)
{
    ParseResult result;
    CliSettings &cli = result.settings;
    CLI::App app{"vmaf: full-reference video quality (VMAF, PSNR and friends)", "vmaf"};
    // -h is --height, as in Netflix's vmaf.
    app.set_help_flag("--help", "Print this help and exit");
    FlagText t;
    add_input_flags(app, cli.request, t);
    add_scoring_flags(app, cli.request, t);
    add_report_flags(app, cli, t);
    add_run_flags(app, cli, t);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &) {
        result.exit_now = true;
        result.ok = true;
        result.message = app.help();
        return result;
    } catch (const CLI::ParseError &e) {
        // CLI11 quotes the whole offending argument.
        result.message = quote(e.what(), 300);
        return result;
    }
    if (cli.version) {
        result.ok = true;
        return result;
    }
    std::string &error = result.message;
    result.ok = read_numbers(t, cli, error) && read_table(t, cli.request, error) &&
                read_run(app, t, cli, error) && read_report(t, cli, error) && read_pairs(t, cli, error) &&
                read_format(t, cli.request, error) && read_scoring(app, t, cli.request, error);
    return result;
}

} // namespace vmaf::tools
