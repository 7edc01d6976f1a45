// The scoring session: what front ends (the vmaf CLI and its batch mode,
// the Python module) include besides the public C API. A ScoreRequest in,
// one pair's inputs opened and checked, models and features added, frames
// read on threads of their own (or taken from memory), the models scored,
// the report written, and a ScoreTable out: every front end gives the same
// numbers because each scores through here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "libvmaf/libvmaf.h"
#include "libvmaf/picture.h"
#include "session/html_report.h"
#include "session/log_capture.h"
#include "session/presets.h"
#include "session/option_table.h"
#include "session/request.h"
#include "session/run_files.h"
#include "session/score_table.h"
#include "session/input/video_format.h"
#include "session/options/option_names.h"

namespace vmaf::session {

// Scores r.distorted against r.reference with r's models, features and
// backend. With the HIP backend and several GPUs in r.gpus, the frames are
// split into contiguous chunks, one per GPU, each read with the neighbours
// its temporal features need: the scores are one GPU's. False with `error`
// set (the library's message for the reason, when it gave one);
// `*device_failed` (where given) then says whether the scoring failed on a
// GPU (after the request's retry and fallback), not the inputs or output:
// another device may score the pair.
bool score_pair(const ScoreRequest &r, const ScoreHooks &hooks, ScoreTable &table,
                std::string &error, bool *device_failed = nullptr);

// An encoding ladder: r.reference against each of `distorted` (its
// renditions) in one pass, each scored with r's models, features, backend
// (one GPU) and --scale as its own score_pair would, its report written to
// ladder_report_path(*r.output, distorted[i], r.format) byte for byte as
// that run writes it (fps aside), unless hooks.report is false. The reference is read and decoded once
// and each of its frames handed to every rendition's context. tables[i] is
// distorted[i]'s; hooks.on_models_scored comes once per rendition, in the
// order of `distorted`. False with `error` set (naming the rendition).
bool score_ladder(const ScoreRequest &r, const std::vector<std::string> &distorted,
                  const ScoreHooks &hooks, std::vector<ScoreTable> &tables, std::string &error);

// A rendition and the path of its report (empty: none written).
struct LadderRung {
    std::string distorted, report;
};

// As above, each rendition's report at its own path (batch mode's names).
bool score_ladder(const ScoreRequest &r, const std::vector<LadderRung> &rungs,
                  const ScoreHooks &hooks, std::vector<ScoreTable> &tables, std::string &error);

// A ladder's report for `distorted` in the folder `dir`: its file name
// without the extension, then the format's ("rung_540p.mp4" ->
// DIR/rung_540p.json).
std::string ladder_report_path(const std::string &dir, const std::string &distorted,
                               VmafOutputFormat format);

// "xml", "json", "csv" or "sub".
const char *report_extension(VmafOutputFormat format);

// Fills the pool pictures `ref` and `dis` (of the format given to
// score_frames) with frame `index`; false with `error` set to stop.
using FrameFiller = std::function<bool(unsigned index, VmafPicture &ref, VmafPicture &dis,
                                       std::string &error)>;

// As score_pair, for `frames` frames held in memory (the Python module's
// arrays) instead of files: r.reference, r.distorted and the frame skips
// are not used, and one GPU at most.
bool score_frames(const ScoreRequest &r, const VideoFormat &format, unsigned frames,
                  const FrameFiller &fill, const ScoreHooks &hooks, ScoreTable &table,
                  std::string &error);

// Whether the HIP backend can score here: built, its runtime loaded, a
// GPU found (VMAF_BACKEND=auto's test, as the library's).
bool hip_usable();

// Which GPUs "--gpu all" means; false with `error` set when there are none.
bool every_gpu(std::vector<unsigned> &gpus, std::string &error);

} // namespace vmaf::session
