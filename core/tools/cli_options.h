// The vmaf command line: Netflix's flags plus ours, parsed into the
// session's ScoreRequest and what only the CLI uses (quiet, batch mode).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "session/session.h"

namespace vmaf::tools {

struct CliSettings {
    session::ScoreRequest request;
    bool quiet = false, version = false;
    // --batch: the manifest of pairs; --output is then a directory.
    std::optional<std::string> batch;
    unsigned jobs = 0; // --jobs: pairs in flight per GPU, or CPU workers; 0: a default
    // -d given more than once: a ladder's renditions, request.distorted
    // unused and --output a folder.
    std::vector<std::string> ladder;
    // --html: a page of the pair's (or the ladder's) plots; with --batch,
    // the batch's page (under its directory when relative), each pair's
    // beside its report.
    std::optional<std::string> html;
    // --html-worst, --html-frames: the frames the pages show as pictures.
    session::PictureChoice pictures;
    // --backend auto (or VMAF_BACKEND=auto): the GPU where one is usable,
    // decided when the run starts; request.backend is Cpu until then.
    bool backend_auto = false;
    // --serve SOCKET: a resident server of the requests below, --jobs of
    // them at once, --serve-queue more waiting; --serve-timeout: seconds a
    // client has to send one.
    std::optional<std::string> serve;
    unsigned serve_timeout = 10, serve_queue = 64;
    // --server SOCKET (or VMAF_SERVER): this run scored by that server.
    std::optional<std::string> server;
};

struct ParseResult {
    bool ok = false;
    bool exit_now = false; // --help: print `message` and exit 0
    std::string message;   // the error, or the help text
    CliSettings settings;
};

ParseResult parse_cli(int argc, const char *const *argv);

// "0", "0,1" or "all" (all_gpus set, gpus empty); false with `error` set.
bool parse_gpu_list(const std::string &text, std::vector<unsigned> &gpus, bool &all_gpus,
                    std::string &error);

} // namespace vmaf::tools
