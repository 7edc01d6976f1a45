// One (reference, distorted) pair scored as the vmaf CLI scores it: inputs
// opened and checked, models and features added, frames read on threads of
// their own, models scored, the report written. The CLI, its batch mode and
// the Python module all score through here, so they give the same numbers.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli_options.h"
#include "libvmaf/picture.h"
#include "video_input.h"

namespace vmaf::tools {

struct PooledScores {
    double min = 0, max = 0, mean = 0, harmonic_mean = 0;
};

// The scores of one pair, as its report lists them.
struct ScoreTable {
    unsigned frames = 0;  // frames read and scored
    double seconds = 0;   // from opening the inputs to the report
    unsigned width = 0, height = 0;
    std::vector<std::string> keys;              // report names, in report order
    std::vector<PooledScores> pooled;           // per key
    // [key][frame], when asked; NaN where the report has no value (frames
    // left out by --subsample included).
    std::vector<std::vector<double>> per_frame;
};

struct ScoreHooks {
    // Once, before the first frame: how many frames the run will score,
    // where the files' sizes or --frame_cnt tell.
    std::function<void(std::optional<unsigned> frames)> on_length;
    // After each frame is handed over: the frames so far (with several
    // chunks, from their threads, one call at a time).
    std::function<void(unsigned frames)> on_frame;
    // Once every frame is read, before the models score (and print).
    std::function<void()> on_frames_read;
    bool per_frame = false; // fill ScoreTable::per_frame
    bool report = true;     // write the report (to s.output, else stdout)
};

// Scores s.distorted against s.reference with s's models, features and
// backend. With --backend hip and several GPUs in s.gpus, the frames are
// split into contiguous chunks, one per GPU, each read with the neighbours
// its temporal features need: the scores are one GPU's. False with `error`
// set (the library's message for the reason, when it gave one).
bool score_pair(const CliSettings &s, const ScoreHooks &hooks, ScoreTable &table,
                std::string &error);

// score_pair's multi-GPU path: the frames split into up to `chunks`
// contiguous chunks, one context each (the GPUs of s.gpus with --backend
// hip, else CPU contexts, which is how tests check it without a GPU), then
// merged into one report.
bool score_pair_in_chunks(const CliSettings &s, unsigned chunks, const ScoreHooks &hooks,
                          ScoreTable &table, std::string &error);

// Fills the pool pictures `ref` and `dis` (of the format given to
// score_frames) with frame `index`; false with `error` set to stop.
using FrameFiller = std::function<bool(unsigned index, VmafPicture &ref, VmafPicture &dis,
                                       std::string &error)>;

// As score_pair, for `frames` frames held in memory (the Python module's
// arrays) instead of files: s.reference, s.distorted and the frame skips
// are not used, and one GPU at most.
bool score_frames(const CliSettings &s, const VideoFormat &format, unsigned frames,
                  const FrameFiller &fill, const ScoreHooks &hooks, ScoreTable &table,
                  std::string &error);

// Which GPUs "--gpu all" means; false with `error` set when there are none.
bool every_gpu(std::vector<unsigned> &gpus, std::string &error);

} // namespace vmaf::tools
