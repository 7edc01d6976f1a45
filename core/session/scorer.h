// A scoring context set up for a request: on a GPU when one is given, with
// the request's models and features and, when it reads pictures, a picture
// pool of the inputs' format; then, after the last frame, the flush, the
// models' scores, the table and the report.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "libvmaf/libvmaf.h"
#include "session/hip_session.h"
#include "session/model_set.h"
#include "session/request.h"
#include "session/score_table.h"

namespace vmaf::session {

struct ContextCloser {
    void operator()(VmafContext *ctx) const { vmaf_close(ctx); }
};
using ContextPtr = std::unique_ptr<VmafContext, ContextCloser>;

class Scorer {
public:
    // Whether the context reads pictures itself (a pool of them), or only
    // takes other contexts' scores.
    enum class Pictures { kRead, kTaken };

    // `gpu`: nothing for the CPU. `contexts_sharing`: how many contexts take
    // pictures of this one's pool (a ladder's reference frames go to every
    // rendition's context). False with `error` set.
    bool open(const ScoreRequest &r, const VideoFormat &format, std::optional<unsigned> gpu,
              Pictures pictures, std::string &error, unsigned contexts_sharing = 1);

    VmafContext *context() const { return ctx_.get(); }
    // 1: the features read luma only; 3: every plane.
    unsigned planes() const { return planes_; }
    // The GPU scoring, with its HIP state; nothing on the CPU.
    std::optional<unsigned> gpu() const { return gpu_; }
    VmafHipState *hip_state() const { return hip_.state(); }
    // The most pictures of one input the context holds at once.
    unsigned pictures_held() const { return held_; }
    // How far ahead the readers feeding it read (FrameReader::depth_for).
    unsigned read_ahead() const { return read_ahead_; }

    // After the last frame (`frames` of them): flushes, scores the models
    // (handing their means to hooks.on_models_scored), fills `table` and
    // writes the report unless hooks.report is false.
    bool finish(const ScoreRequest &r, const ScoreHooks &hooks, unsigned frames, ScoreTable &table,
                std::string &error);
    // Whether finish failed writing the report, not scoring.
    bool output_failed() const { return output_failed_; }

private:
    HipSession hip_; // before the context, which uses its state, to outlive it
    ContextPtr ctx_;
    ModelSet models_;
    VideoFormat format_;
    unsigned planes_ = 3;
    std::optional<unsigned> gpu_;
    unsigned held_ = 0;
    unsigned read_ahead_ = 0;
    bool output_failed_ = false;
};

// vmaf_read_pictures(ctx, NULL, NULL): false with `error` set.
bool flush_context(VmafContext *ctx, std::string &error);

} // namespace vmaf::session
