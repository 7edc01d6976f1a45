// The vmaf command line: Netflix's flags plus --backend and --gpu.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "libvmaf/libvmaf.h"
#include "video_input.h"

namespace vmaf::tools {

enum class Backend { Cpu, Hip };

struct FeatureRequest {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;
};

struct CliSettings {
    std::string reference, distorted;
    RawFormat raw;
    std::vector<std::string> models;    // the raw --model strings
    std::vector<FeatureRequest> features;
    std::optional<std::string> output;  // stdout when absent
    VmafOutputFormat format = VMAF_OUTPUT_FORMAT_XML;
    unsigned threads = 0;
    uint64_t cpumask = 0;               // VmafConfiguration::cpumask
    unsigned subsample = 1;
    unsigned frame_cnt = 0;             // 0: every frame
    unsigned frame_skip_ref = 0, frame_skip_dist = 0;
    // --scale: the distorted is scaled to the reference's size with these
    // libswscale flags ("bicubic", "lanczos", ...) where the sizes differ.
    std::optional<std::string> scale;
    bool no_prediction = false, quiet = false, version = false;
    Backend backend = Backend::Cpu;
    // --gpu: one index, a list ("0,1": a pair is split into chunks over
    // them, a batch spreads pairs over them) or every GPU (all_gpus).
    std::vector<unsigned> gpus{0};
    bool all_gpus = false;
    // --batch: the manifest of pairs; --output is then a directory.
    std::optional<std::string> batch;
    unsigned jobs = 0; // --jobs: pairs in flight per GPU, or CPU workers; 0: a default
    // The library's log level (--log-level); by default errors only, and
    // with --backend hip warnings too, so that features left on the CPU
    // are named.
    std::optional<VmafLogLevel> log_level;
};

struct ParseResult {
    bool ok = false;
    bool exit_now = false; // --help: print `message` and exit 0
    std::string message;   // the error, or the help text
    CliSettings settings;
};

ParseResult parse_cli(int argc, const char *const *argv);

// "psnr=enable_mse=true:enable_apsnr=true" -> name and options; false with
// `error` set on a malformed string.
bool parse_feature_request(const std::string &text, FeatureRequest &out, std::string &error);

// "0", "0,1" or "all" (all_gpus set, gpus empty); false with `error` set.
bool parse_gpu_list(const std::string &text, std::vector<unsigned> &gpus, bool &all_gpus,
                    std::string &error);

} // namespace vmaf::tools
