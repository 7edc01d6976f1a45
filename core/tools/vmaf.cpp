// vmaf: scores a distorted video against its reference.
#include <cstdio>
#include <exception>
#include <chrono>
#include <fmt/core.h>
#include <optional>
#include <unistd.h>

#include "batch.h"
#include "cli_options.h"
#include "libvmaf/libvmaf.h"
#include "pair_scorer.h"
#include "progress.h"

namespace {

using namespace vmaf::tools;

int fail(const std::string &message)
{
    fmt::print(stderr, "vmaf: {}\n", message);
    return 1;
}

int run(const CliSettings &s)
{
    if (s.batch) return run_batch(s);
    const bool progress = !s.quiet && isatty(fileno(stderr));
    const auto t0 = std::chrono::steady_clock::now();
    ScoreHooks hooks;
    std::optional<unsigned> total;
    if (progress) {
        hooks.on_length = [&total](std::optional<unsigned> frames) { total = frames; };
        hooks.on_frame = [t0, &total](unsigned frames) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            fmt::print(stderr, "\r{}\033[K", frames_progress(frames, total, seconds));
            std::fflush(stderr);
        };
        hooks.on_frames_read = [] { fmt::print(stderr, "\n"); };
    }
    ScoreTable table;
    std::string error;
    return score_pair(s, hooks, table, error) ? 0 : fail(error);
}

} // namespace

int main(int argc, char **argv)
{
    const ParseResult parsed = parse_cli(argc, argv);
    if (!parsed.ok) {
        fmt::print(stderr, "vmaf: {}\nRun 'vmaf --help' for the options.\n", parsed.message);
        return 2;
    }
    if (parsed.exit_now) {
        fmt::print("{}", parsed.message);
        return 0;
    }
    if (parsed.settings.version) {
        fmt::print("{}\n", vmaf_version());
        return 0;
    }
    try {
        return run(parsed.settings);
    } catch (const std::exception &e) {
        // Out of memory, or no thread to read with.
        return fail(e.what());
    }
}
