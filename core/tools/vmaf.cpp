// vmaf: scores a distorted video against its reference.
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <exception>
#include <functional>
#include <fmt/core.h>
#include <optional>
#include <string_view>
#include <vector>
#include <algorithm>
#include <fcntl.h>
#include <unistd.h>

#include "batch.h"
#include "cli_options.h"
#include "libvmaf/libvmaf.h"
#include "progress.h"
#include "serve.h"
#include "serve_protocol.h"
#include "session/session.h"

namespace {

using namespace vmaf::tools;
namespace session = vmaf::session;

int fail(const std::string &message)
{
    fmt::print(stderr, "vmaf: {}\n", message);
    return 1;
}

// Each model's pooled score on stderr, as the reference's CLI prints it.
void print_model_scores(const std::vector<session::ModelScore> &scores)
{
    for (const session::ModelScore &m : scores) {
        if (m.bootstrap)
            fmt::print(stderr, "{}: {:f}, ci.p95: [{:f}, {:f}], stddev: {:f}\n", m.label, m.mean,
                       m.bootstrap->ci95_lo, m.bootstrap->ci95_hi, m.bootstrap->stddev);
        else
            fmt::print(stderr, "{}: {:f}\n", m.label, m.mean);
    }
}

// The page of --html for these runs (scored by s.request), each with the
// pictures of the frames --html-worst and --html-frames pick; false with
// `error` set.
bool write_page(const CliSettings &s, const std::vector<session::ReportRun> &runs,
                std::string &error)
{
    const auto warn = [quiet = s.quiet](const std::string &line) {
        if (!quiet) fmt::print(stderr, "vmaf: warning: --html: {}\n", line);
    };
    return session::write_runs_page(*s.html, runs, &s.request, s.pictures, warn, error);
}

// --backend auto: the GPU where one is usable, else the CPU, saying so.
CliSettings with_backend_chosen(CliSettings s)
{
    if (!s.backend_auto) return s;
    if (session::hip_usable()) {
        s.request.backend = session::Backend::Hip;
    } else if (!s.quiet) {
        fmt::print(stderr, "vmaf: backend auto: no usable GPU; scoring on the CPU\n");
    }
    s.backend_auto = false;
    return s;
}

// `keep_going` (a server's request): checked after each frame, false stops
// the run.
int run(const CliSettings &settings, const std::function<bool()> &keep_going = {})
{
    const CliSettings s = with_backend_chosen(settings);
    if (s.batch) return run_batch(s);
    const bool progress = !s.quiet && isatty(fileno(stderr));
    const auto t0 = std::chrono::steady_clock::now();
    session::ScoreHooks hooks;
    std::optional<unsigned> total;
    if (progress) {
        hooks.on_length = [&total](std::optional<unsigned> frames) { total = frames; };
        hooks.on_frame = [t0, &total](unsigned frames) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            fmt::print(stderr, "\r{}\033[K", frames_progress(frames, total, seconds));
            std::fflush(stderr);
            return true;
        };
        hooks.on_frames_read = [] { fmt::print(stderr, "\n"); };
    }
    if (keep_going) {
        hooks.on_frame = [shown = hooks.on_frame, keep_going](unsigned frames) {
            return (!shown || shown(frames)) && keep_going();
        };
    }
    if (!s.quiet)
        hooks.on_notice = [](const std::string &line) { fmt::print(stderr, "{}\n", line); };
    std::string error;
    // Every file the run reads and writes, checked before a frame is read.
    if (!session::check_run_files(s.request, s.ladder, s.html, error)) return fail(error);
    if (!s.ladder.empty()) {
        // Each rendition's scores under its file's name, in command-line order.
        size_t next = 0;
        if (!s.quiet)
            hooks.on_models_scored = [&](const std::vector<session::ModelScore> &scores) {
                fmt::print(stderr, "{}:\n", s.ladder[next++]);
                print_model_scores(scores);
            };
        hooks.per_frame = s.html.has_value();
        std::vector<session::ScoreTable> tables;
        if (!session::score_ladder(s.request, s.ladder, hooks, tables, error)) return fail(error);
        if (!s.html) return 0;
        std::vector<session::ReportRun> runs;
        for (size_t i = 0; i < tables.size(); i++)
            runs.push_back({s.request.reference, s.ladder[i], &tables[i]});
        return write_page(s, runs, error) ? 0 : fail(error);
    }
    if (!s.quiet) hooks.on_models_scored = print_model_scores;
    hooks.per_frame = s.html.has_value();
    session::ScoreTable table;
    if (!session::score_pair(s.request, hooks, table, error)) return fail(error);
    if (!s.html) return 0;
    return write_page(s, {{s.request.reference, s.request.distorted, &table}}, error)
               ? 0
               : fail(error);
}

// The command line parsed and run in this process: main's work without a
// server, and a server worker's for each request (`client_waits` set:
// --serve and --server are then refused, VMAF_SERVER is not read).
int run_arguments(int argc, const char *const *argv, const std::function<bool()> *client_waits)
{
    const bool request = client_waits != nullptr;
    const ParseResult parsed = parse_cli(argc, argv);
    if (!parsed.ok) {
        fmt::print(stderr, "vmaf: {}\nRun 'vmaf --help' for the options.\n", parsed.message);
        return 2;
    }
    if (parsed.exit_now) {
        fmt::print("{}", parsed.message);
        return 0;
    }
    const CliSettings &s = parsed.settings;
    if (s.version) {
        fmt::print("{}\n", vmaf_version());
        return 0;
    }
    if (request && (s.serve || s.server)) {
        fmt::print(stderr, "vmaf: a request to a server cannot use --serve or --server\n");
        return 2;
    }
    if (s.serve) {
        const ServeSettings serving{*s.serve, s.jobs ? s.jobs : 2, s.serve_queue, s.serve_timeout,
                                    s.quiet};
        return serve(serving, [](const std::vector<std::string> &args,
                                 const std::function<bool()> &client_waits) {
            std::vector<const char *> argv{"vmaf"};
            for (const std::string &a : args) argv.push_back(a.c_str());
            return run_arguments(static_cast<int>(argv.size()), argv.data(), &client_waits);
        });
    }
    std::optional<std::string> server = s.server;
    if (const char *env = std::getenv("VMAF_SERVER"); !server && !request && env && *env)
        server = env;
    if (server) {
        // The arguments as given, less the server's.
        std::vector<std::string> args;
        for (int i = 1; i < argc; i++) {
            const std::string_view a = argv[i];
            if (a == "--server" && i + 1 < argc) i++;
            else if (!a.starts_with("--server=")) args.emplace_back(a);
        }
        // A /dev/fd/N this process has not open fails here as it would there.
        const bool passable = std::ranges::none_of(args, [](const std::string &a) {
            const int fd = named_descriptor(a);
            return fd >= 0 && ::fcntl(fd, F_GETFD) < 0;
        });
        std::string why;
        if (passable) {
            if (const std::optional<int> status = score_on_server(*server, args, why))
                return *status;
            fmt::print(stderr, "vmaf: no server takes the run at '{}' ({}); scoring here\n",
                       *server, why);
        }
    }
    try {
        return run(s, request ? *client_waits : std::function<bool()>{});
    } catch (const std::exception &e) {
        // Out of memory, or no thread to read with.
        return fail(e.what());
    }
}

} // namespace

int main(int argc, char **argv) { return run_arguments(argc, argv, nullptr); }
