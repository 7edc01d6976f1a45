// What a front end asks the session to score: one pair's inputs, the models
// and features, the backend, the frames, the report. The CLI's flags, a
// batch manifest's rows and the Python module's keywords all become one
// ScoreRequest; an option both front ends take is set by its row of the
// option table (option_table.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libvmaf/libvmaf.h"
#include "session/input/video_format.h"

namespace vmaf::session {

enum class Backend { Cpu, Hip };

// What becomes of a pair whose scoring on a GPU failed (the device failed:
// out of its memory, a faulting kernel, the GPU lost; not its inputs):
// reported as failed, or scored again on the CPU, which gives the same
// scores (--fallback).
enum class Fallback { None, Cpu };

// How a pair's frames are lined up (--align): as given; by the offset a
// search of their first frames finds (auto); by the presentation times of
// their first frames (pts, containers).
enum class Align { None, Auto, Pts };

// One extractor and its options, as "psnr=enable_mse=true:min_sse=0.5".
struct FeatureRequest {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;

    bool operator==(const FeatureRequest &) const = default;
};

struct ScoreRequest {
    std::string reference, distorted;
    RawFormat raw;
    // "version=NAME" or "path=FILE" with ":name=LABEL" and the other keys
    // of a --model string; none and no `no_prediction`: the default model.
    std::vector<std::string> models;
    std::vector<FeatureRequest> features;
    std::optional<std::string> output; // the report's path; stdout when absent
    VmafOutputFormat format = VMAF_OUTPUT_FORMAT_XML;
    unsigned threads = 0;
    uint64_t cpumask = 0; // VmafConfiguration::cpumask
    unsigned subsample = 1;
    unsigned frame_cnt = 0; // 0: every frame
    unsigned frame_skip_ref = 0, frame_skip_dist = 0;
    // Lining the inputs up, after the skips: the distorted's frame i +
    // offset shows the reference's frame i (negative: the reference starts
    // later). Either given (--offset) or found (--align auto, searching
    // offsets up to align_window either way). With either, inputs of
    // different lengths score the frames they share, the rest reported.
    Align align = Align::None;
    std::optional<int> offset;
    unsigned align_window = 30;
    // The distorted scaled to the reference's size with these libswscale
    // flags ("bicubic", "lanczos", ...) where the sizes differ.
    std::optional<std::string> scale;
    // Both inputs converted to this depth (libswscale, as `ffmpeg -pix_fmt
    // yuv420p10le` converts), e.g. VMAF v1's 10-bit scoring of 8-bit video.
    std::optional<unsigned> bitdepth_convert;
    // Inputs of different depths are scored at the higher one, the lower
    // converted as bitdepth_convert does (the aom_ctc presets from v6.0).
    bool common_bitdepth = false;
    bool no_prediction = false; // features only
    Backend backend = Backend::Cpu;
    // One GPU, or several: one pair is then split into chunks over them.
    std::vector<unsigned> gpus{0};
    bool all_gpus = false; // every usable GPU, in place of `gpus`
    Fallback fallback = Fallback::None;
    // A GPU to score the pair on once more where its scoring on its own GPU
    // failed, before any fallback (batch mode: another GPU of its --gpu).
    std::optional<unsigned> retry_gpu;
    // Encoded inputs decoded on the CPU or the hardware's decoder; CUDA
    // decodes on the first GPU of `gpus`.
    HwDecode hwdec = HwDecode::None;
    // Decoders per encoded input (--decoders; 0: as the cores allow).
    unsigned decoders = 0;
    // Pools the reports add to the reference's four (vmaf_report_pools:
    // "median", "p5", "below:80", ...); none: reports as the reference's.
    std::vector<std::string> pools;
    // Frames per second, for "below:T" pools; where not given, the
    // reference file's own rate.
    std::optional<double> frame_rate;
    // The matrix and range the reference file states, for the options that
    // default to them (ssimulacra2's).
    ColourTags colour;
    // The library's log level; by default errors only, and with the HIP
    // backend warnings too, so that features left on the CPU are named.
    std::optional<VmafLogLevel> log_level;

    bool operator==(const ScoreRequest &) const = default;
};

// Whether r lines its inputs up (--align, --offset), and so scores the
// frames they share where their lengths differ.
inline bool aligned(const ScoreRequest &r) { return r.align != Align::None || r.offset.has_value(); }

// The report's name of a pooling method ("p5", "seconds_below_80" for
// "below:80"); empty for one the library does not know.
std::string pool_name(const std::string &method);

// The methods of `pools` that the reports add to their four pools (min, max,
// mean, harmonic_mean), each once, in order.
std::vector<std::string> extra_pools(const std::vector<std::string> &pools);

// What in `r` shapes its report, as text: equal for two requests whose
// reports (of the same inputs) are equal, the output path, threads, CPU
// mask, GPUs, decoding and log level aside. Batch mode's resume compares it
// with the earlier run's.
std::string report_options(const ScoreRequest &r);

// "psnr=enable_mse=true:enable_apsnr=true" -> name and options; false with
// `error` set on a malformed string.
bool parse_feature_request(const std::string &text, FeatureRequest &out, std::string &error);

// Whether `depth` is one --bitdepth-convert takes (9 to 16 bits); false
// with `error` set.
bool check_bitdepth_convert(long long depth, std::string &error);

// VMAF_BACKEND and VMAF_GPU, which the library reads for programs of the
// plain API (ADR 0035), for a front end whose user named no backend or GPU:
// `backend` "cpu", "hip" or "auto" ("cpu" where unset or empty), `gpu` the
// variable's text (nothing where unset or empty). False with `error` naming
// the variable where VMAF_BACKEND is not one of those.
bool backend_environment(std::string &backend, std::optional<std::string> &gpu,
                         std::string &error);

// `text` as messages quote user input, the library's rule: at most `max`
// characters, control characters shown as '?', the full length when cut.
std::string quote(std::string_view text, size_t max = 64);

} // namespace vmaf::session
