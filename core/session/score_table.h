// What scoring a pair gives back to a front end: every key's pooled and
// per-frame scores, each model's pooled score, and the hooks through which
// a front end follows the run.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vmaf::session {

struct PooledScores {
    double min = 0, max = 0, mean = 0, harmonic_mean = 0;
    // The request's other pools (ScoreRequest::pools), by report name.
    std::vector<std::pair<std::string, double>> more;
};

// How a pair's inputs were lined up (--align, --offset), as its report says:
// the distorted's frame i + offset shows the reference's frame i.
struct AlignmentReport {
    std::string method; // "auto" (searched), "pts" (presentation times) or "offset" (given)
    int offset = 0;
    std::optional<double> margin; // the search's
    // The search's frames compared at the offset taken and its time (for the
    // log, not the reports).
    unsigned searched_pairs = 0;
    double search_seconds = 0;
    unsigned ref_skipped = 0, dis_skipped = 0; // frames left out at the start
    // Frames left out after the last pair; nothing where not counted (the
    // run stopped at its frame count).
    std::optional<unsigned> ref_unscored, dis_unscored;
};

// The scores of one pair, as its report lists them.
struct ScoreTable {
    unsigned frames = 0;  // frames read and scored
    double seconds = 0;   // from opening the inputs to the report
    unsigned width = 0, height = 0;
    std::optional<double> frame_rate; // the request's, or its reference file's
    std::vector<std::string> keys;    // report names, in report order
    std::vector<PooledScores> pooled; // per key
    // [key][frame], when asked; NaN where the report has no value (frames
    // left out by subsampling included).
    std::vector<std::vector<double>> per_frame;
    std::optional<AlignmentReport> alignment;
};

// A model's mean over the frames, as the reference's CLI prints it. A
// bootstrap collection is listed twice: once as its plain model, once with
// its bagging mean and statistics.
struct ModelScore {
    std::string label; // the model's version, else its path
    double mean = 0;
    struct Bootstrap {
        double ci95_lo, ci95_hi, stddev;
    };
    std::optional<Bootstrap> bootstrap;
};

// The error of a run that on_frame stopped.
inline constexpr const char *kCancelled = "scoring was cancelled";

struct ScoreHooks {
    // Once, before the first frame: how many frames the run will score,
    // where the files' sizes or the frame count tell.
    std::function<void(std::optional<unsigned> frames)> on_length;
    // After each frame is handed over: the frames so far (with several
    // chunks, from their threads, one call at a time). False stops the run,
    // which then fails with kCancelled (the caller's reason is its own).
    std::function<bool(unsigned frames)> on_frame;
    // Where an input is decoded, once per input that was asked to decode
    // on the hardware (--hwdec): "r.mkv: decoding h264 on the GPU (cuda)".
    std::function<void(const std::string &line)> on_notice;
    // Once every frame is read, before the models score.
    std::function<void()> on_frames_read;
    // The models' pooled scores, plain models first, then collections,
    // before the report is written.
    std::function<void(const std::vector<ModelScore> &scores)> on_models_scored;
    // A ladder's rendition `i` is scored and its report written, before the
    // next rendition is finished: its table, which the callee may take
    // (score_ladder's tables[i] is then what it left).
    std::function<void(size_t i, ScoreTable &table)> on_rendition_scored;
    bool per_frame = false; // fill ScoreTable::per_frame
    bool report = true;     // write the report (to the request's output, else stdout)
};

} // namespace vmaf::session
