#include "cli_options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <initializer_list>
#include <map>

namespace vmaf::tools {

using session::quote;

namespace {

// A positive whole number, as text; CLI11's own checks accept "1.5" and "-0".
std::string positive_integer(const std::string &text)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        return "must be a positive whole number, got '" + quote(text) + "'";
    if (std::stoll(text) == 0) return "must be at least 1, got '" + quote(text) + "'";
    return {};
}

std::string whole_number(const std::string &text)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        return "must be a whole number, got '" + quote(text) + "'";
    return {};
}

std::string signed_number(const std::string &text)
{
    const size_t digits = text.find_first_not_of('-') == 1 ? 1 : 0;
    if (text.size() <= digits || text.size() > 10 ||
        text.find_first_not_of("0123456789", digits) != std::string::npos)
        return "must be a whole number, got '" + quote(text) + "'";
    return {};
}

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

ParseResult parse_cli(int argc, const char *const *argv)
{
    ParseResult result;
    CliSettings &cli = result.settings;
    session::ScoreRequest &s = cli.request;
    CLI::App app{"vmaf: full-reference video quality (VMAF, PSNR and friends)", "vmaf"};
    // -h is --height, as in Netflix's vmaf.
    app.set_help_flag("--help", "Print this help and exit");

    std::optional<std::string> width, height, bitdepth, threads, cpumask, subsample, frame_cnt, skip_ref,
        skip_dist, gpu, jobs, bitdepth_convert, fps;
    std::vector<std::string> models, features, aom_ctc, nflx_ctc;
    std::string backend = "cpu", hwdec = "none";
    std::optional<std::string> log_level;
    bool xml = false, json = false, csv = false, sub = false;

    app.add_option("-r,--reference", s.reference,
                   "Reference video: .y4m, raw .yuv, or a container (MP4, MKV, ...)");
    std::vector<std::string> distorted;
    app.add_option("-d,--distorted", distorted,
                   "Distorted video: .y4m, raw .yuv, or a container (MP4, MKV, ...); repeated, "
                   "the renditions of a ladder, scored in one pass against the reference, "
                   "--output then naming the folder of their reports");
    app.add_option("-w,--width", width, "Width of raw YUV input");
    app.add_option("-h,--height", height, "Height of raw YUV input");
    app.add_option("-p,--pixel_format", s.raw.pix_fmt, "Pixel format of raw YUV: 420, 422, 444, 400");
    app.add_option("-b,--bitdepth", bitdepth, "Bit depth of raw YUV: 8 to 16");
    CLI::Option *model_opt = app.add_option(
        "-m,--model", models, "Model: version=NAME or path=FILE, with :name=LABEL (repeatable)");
    CLI::Option *feature_opt =
        app.add_option("--feature", features, "Extra feature: NAME[=opt=val[:opt=val]] (repeatable)");
    CLI::Option *aom_opt = app.add_option(
        "--aom_ctc", aom_ctc,
        "AOM common test conditions v1.0 ... v7.0: models vmaf and vmaf_neg and the CTC's "
        "features, added where the flag stands among --model and --feature");
    CLI::Option *nflx_opt = app.add_option(
        "--nflx_ctc", nflx_ctc,
        "Netflix common test conditions v1.0: the 4K models vmaf and vmaf_neg and its features");
    app.add_option("-o,--output", s.output, "Output file (default: stdout)");
    app.add_flag("--xml", xml, "Write XML (default)");
    app.add_flag("--json", json, "Write JSON");
    app.add_flag("--csv", csv, "Write CSV");
    app.add_flag("--sub", sub, "Write subtitles (SUB)");
    app.add_option("--threads", threads, "Worker threads");
    app.add_option("--cpumask", cpumask,
                   "Instruction sets not to use: 8 AVX2, 16 AVX-512, 32 AVX-512 ICL (24: portable code only)");
    app.add_option("--subsample", subsample, "Score every Nth frame");
    app.add_option("--frame_cnt", frame_cnt, "Score at most N frames");
    app.add_option("--frame_skip_ref", skip_ref, "Skip the first N reference frames");
    app.add_option("--frame_skip_dist", skip_dist, "Skip the first N distorted frames");
    app.add_option("--scale", s.scale,
                   "Scale the distorted to the reference's size where they differ, with "
                   "ffmpeg's scaler: bicubic (alone: the default), lanczos, bilinear, spline, "
                   "... (ffmpeg's -sws_flags)")
        ->expected(0, 1)
        ->default_str("bicubic");
    app.add_option("--bitdepth-convert", bitdepth_convert,
                   "Convert both inputs to this bit depth before scoring (10: VMAF v1's "
                   "10-bit scoring of 8-bit video), as ffmpeg -pix_fmt yuv420p10le does");
    std::vector<std::string> pool_args;
    app.add_option("--pool", pool_args,
                   "Pool each metric in the report in more ways than min, max, mean and "
                   "harmonic_mean: median, pN (the N-th percentile: p5, p99.9), below:T (seconds "
                   "scored below T); comma-separated or repeated. Without it reports are the "
                   "reference's, byte for byte")
        // One argument each time, split here: with CLI11's delimiter, "--pool ,"
        // split to nothing and took the next flag as its value.
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--html", cli.html,
                   "Also write a self-contained HTML page: the per-frame scores plotted (zoom, "
                   "hover), the pooled table and the worst frames; a ladder's renditions on one "
                   "plot; with --batch, a sortable table of the pairs (under the output "
                   "directory when relative), each pair's page beside its report");
    app.add_option("--fps", fps,
                   "Frames per second for --pool below:T, where the reference file states none "
                   "(raw YUV) or to override it");
    app.add_flag("-n,--no_prediction", s.no_prediction, "Features only, no model score");
    app.add_flag("-q,--quiet", cli.quiet, "No progress line");
    app.add_flag("-v,--version", cli.version, "Print the version and exit");
    app.add_option("--backend", backend,
                   "Where features run: cpu, hip, or auto (the GPU where one is usable, else "
                   "the CPU); without it, VMAF_BACKEND's value, else cpu")
        ->check(CLI::IsMember({"cpu", "hip", "auto"}));
    app.add_option("--gpu", gpu,
                   "GPUs for --backend hip: an index, a list (0,1: one pair in chunks over "
                   "them, or a batch's pairs spread over them) or 'all'; without it, "
                   "VMAF_GPU's value, else 0");
    app.add_option("--hwdec", hwdec,
                   "Decode encoded inputs on the GPU's decoder through libavcodec: auto (the "
                   "hardware where it decodes the stream, else the CPU, saying which), cuda, "
                   "vaapi, or none (the CPU, the default)")
        ->check(CLI::IsMember({"none", "auto", "cuda", "vaapi"}));
    app.add_option("--batch", cli.batch,
                   "Score every pair of a CSV manifest (columns ref, dis; optional model, "
                   "feature, output); --output names the directory of reports and summary.csv");
    app.add_option("--jobs", jobs,
                   "With --batch: pairs in flight per GPU (default 2), or CPU workers");
    app.add_option("--log-level", log_level,
                   "Library messages on stderr: none, error, warning, info or debug (which "
                   "extractor of which backend computes each feature)")
        ->check(CLI::IsMember({"none", "error", "warning", "info", "debug"}));

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

    auto number = [&](const std::optional<std::string> &text, const char *flag,
                      std::string (*check)(const std::string &), auto &dst) {
        if (!text) return true;
        const std::string problem = check(*text);
        if (!problem.empty()) {
            result.message = fmt::format("{} {}", flag, problem);
            return false;
        }
        dst = static_cast<std::remove_reference_t<decltype(dst)>>(std::stoll(*text));
        return true;
    };
    long long w = 0, h = 0, b = 0;
    if (!number(width, "--width", signed_number, w) || !number(height, "--height", signed_number, h) ||
        !number(bitdepth, "--bitdepth", signed_number, b) ||
        !number(threads, "--threads", positive_integer, s.threads) ||
        !number(cpumask, "--cpumask", whole_number, s.cpumask) ||
        !number(subsample, "--subsample", positive_integer, s.subsample) ||
        !number(frame_cnt, "--frame_cnt", positive_integer, s.frame_cnt) ||
        !number(skip_ref, "--frame_skip_ref", whole_number, s.frame_skip_ref) ||
        !number(skip_dist, "--frame_skip_dist", whole_number, s.frame_skip_dist) ||
        !number(jobs, "--jobs", positive_integer, cli.jobs))
        return result;
    if (s.scale) {
        // "--scale" alone: ffmpeg's default, Netflix's published practice.
        if (s.scale->empty()) s.scale = "bicubic";
        if (!session::check_scale_flags(*s.scale, result.message)) return result;
    }
    // The library's variables, where the command line names no backend or
    // GPU: honoured as vmaf_init honours them, a value that is none refused.
    {
        std::string env_backend;
        std::optional<std::string> env_gpu;
        if (!session::backend_environment(env_backend, env_gpu, result.message)) return result;
        if (!app.count("--backend")) backend = env_backend;
        if (!gpu && env_gpu && !parse_gpu_list(*env_gpu, s.gpus, s.all_gpus, result.message)) {
            result.message = fmt::format("VMAF_GPU='{}': {}", quote(*env_gpu),
                                         "not a GPU index (0 for the first), a list such as 0,1, "
                                         "or 'all'");
            return result;
        }
    }
    if (gpu && !parse_gpu_list(*gpu, s.gpus, s.all_gpus, result.message)) return result;
    if (bitdepth_convert) {
        long long depth = 0;
        if (!number(bitdepth_convert, "--bitdepth-convert", signed_number, depth)) return result;
        if (!session::check_bitdepth_convert(depth, result.message)) return result;
        s.bitdepth_convert = static_cast<unsigned>(depth);
    }
    for (const std::string &arg : pool_args) {
        for (size_t start = 0;;) {
            const size_t comma = arg.find(',', start);
            const std::string method = arg.substr(start, comma - start);
            if (method.empty()) {
                result.message = fmt::format("--pool '{}': an empty pooling method (a comma "
                                             "too many?)",
                                             quote(arg));
                return result;
            }
            s.pools.push_back(method);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    for (const std::string &method : s.pools) {
        if (session::pool_name(method).empty()) {
            result.message = fmt::format("--pool: unknown pooling method {} (min, max, mean, "
                                         "harmonic_mean, median, pN for a percentile from p0 to "
                                         "p100, below:T for the seconds below T)",
                                         quote(method));
            return result;
        }
    }
    if (fps) {
        char *end = nullptr;
        errno = 0;
        const double rate = std::strtod(fps->c_str(), &end);
        if (fps->empty() || *end || errno || !(rate > 0) || !std::isfinite(rate)) {
            result.message = fmt::format("--fps must be a number of frames per second above 0, "
                                         "not {}",
                                         quote(*fps));
            return result;
        }
        s.frame_rate = rate;
    }
    if (cli.html && cli.html->empty()) {
        result.message = "--html: the path is empty";
        return result;
    }
    if (width) s.raw.w = w;
    if (height) s.raw.h = h;
    if (bitdepth) s.raw.bpc = b;

    if (distorted.size() == 1) s.distorted = distorted[0];
    else cli.ladder = distorted;
    if (cli.batch) {
        if (!s.reference.empty() || !distorted.empty()) {
            result.message = "--batch takes the pairs from its manifest: leave out -r and -d";
            return result;
        }
        if (!s.output) {
            result.message = "--batch needs --output DIR, the directory for the reports and "
                             "summary.csv";
            return result;
        }
    } else if (s.reference.empty() || distorted.empty()) {
        result.message = "both --reference (-r) and --distorted (-d) are required";
        return result;
    } else if (!cli.ladder.empty() && !s.output) {
        result.message = "several --distorted (a ladder) need --output DIR, the folder of their "
                         "reports";
        return result;
    } else if (jobs) {
        result.message = "--jobs is for --batch";
        return result;
    }
    if (xml + json + csv + sub > 1) {
        result.message = "choose one output format: --xml, --json, --csv or --sub";
        return result;
    }
    s.format = json ? VMAF_OUTPUT_FORMAT_JSON
               : csv ? VMAF_OUTPUT_FORMAT_CSV
               : sub ? VMAF_OUTPUT_FORMAT_SUB
                     : VMAF_OUTPUT_FORMAT_XML;
    if (!in_argument_order(app.parse_order(), {model_opt, feature_opt, aom_opt, nflx_opt},
                           [&](const CLI::Option *opt, const std::string &value) {
                               if (opt == model_opt) {
                                   s.models.push_back(value);
                                   return true;
                               }
                               if (opt == feature_opt) return add_feature(value, s, result.message);
                               const auto family = opt == aom_opt ? session::PresetFamily::AomCtc
                                                                  : session::PresetFamily::NflxCtc;
                               return session::apply_preset(family, value, s, result.message);
                           }))
        return result;
    s.backend = backend == "hip" ? session::Backend::Hip : session::Backend::Cpu;
    cli.backend_auto = backend == "auto";
    s.hwdec = *session::hw_decode_named(hwdec);
    if (log_level) {
        const std::string &l = *log_level;
        s.log_level = l == "none"      ? VMAF_LOG_LEVEL_NONE
                      : l == "error"   ? VMAF_LOG_LEVEL_ERROR
                      : l == "warning" ? VMAF_LOG_LEVEL_WARNING
                      : l == "info"    ? VMAF_LOG_LEVEL_INFO
                                       : VMAF_LOG_LEVEL_DEBUG;
    }
    result.ok = true;
    return result;
}

} // namespace vmaf::tools
