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
    bool no_prediction = false, quiet = false, version = false;
    Backend backend = Backend::Cpu;
    unsigned gpu = 0;
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

} // namespace vmaf::tools
