#include <chrono>
#include <optional>
#include <string_view>
#include <fmt/core.h>

#include "base/log.h"
#include "session/align/align.h"
#include "session/chunks.h"
#include "session/feed.h"
#include "session/hip_session.h"
#include "session/inputs.h"
#include "session/run_files.h"
#include "session/scorer.h"
#include "session/options/option_names.h"
#include "session/session.h"

#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace vmaf::session {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

} // namespace

bool every_gpu(std::vector<unsigned> &gpus, std::string &error)
{
    gpus.clear();
#ifdef VMAF_HAVE_HIP
    unsigned n = 0;
    if (vmaf_hip_device_count(&n)) {
        error = option(Option::Gpu, "all") + ": the HIP backend cannot be loaded (see the message above)";
        return false;
    }
    for (unsigned i = 0; i < n; i++) gpus.push_back(i);
    if (n == 0) error = option(Option::Gpu, "all") + ": no usable GPU";
    return n > 0;
#else
    error = no_hip_backend();
    return false;
#endif
}

bool hip_usable()
{
#ifdef VMAF_HAVE_HIP
    return vmaf_hip_available();
#else
    return false;
#endif
}

namespace {

// How a pair's scoring ended: scored; failed where any device would fail
// alike (its inputs, its options, its output); or failed in the scoring
// itself, which on a GPU may be the device's doing.
enum class Ending { Scored, Failed, ScoringFailed };

// One attempt at r's pair, its inputs opened afresh, on r.gpus[0] (the HIP
// backend) or the CPU; lined up as `alignment` says, where it is given.
Ending score_once(ScoreRequest r, const std::optional<AlignmentReport> &alignment,
                  const ScoreHooks &hooks, ScoreTable &table, std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    if (alignment) apply_offset(r, alignment->offset);
    PairInputs in;
    if (!in.open(r, error)) return Ending::Failed;
    if (alignment && !offset_fits(*alignment, r, in, error)) return Ending::Failed;
    if (!r.frame_rate) r.frame_rate = in.ref->frames_per_second();
    r.colour = in.ref->colour();
    if (r.backend == Backend::Hip && r.gpus.size() > 1) {
        in = PairInputs{};
        return score_pair_in_chunks(r, static_cast<unsigned>(r.gpus.size()), hooks, table, error)
                   ? Ending::Scored
                   : Ending::Failed;
    }
    Scorer scorer;
    const std::optional<unsigned> gpu =
        r.backend == Backend::Hip ? std::optional<unsigned>(r.gpus.at(0)) : std::nullopt;
    if (!scorer.open(r, in.ref->format(), gpu, Scorer::Pictures::kRead, error))
        return Ending::ScoringFailed;
    unsigned frames = 0;
    bool scoring_failed = false;
    Leftover left;
    if (!feed_request({&scorer}, *in.ref, {in.dis.get()}, r, hooks, frames, error,
                      &scoring_failed, &left))
        return scoring_failed ? Ending::ScoringFailed : Ending::Failed;
    if (alignment) {
        table.alignment = *alignment;
        table.alignment->ref_skipped = r.frame_skip_ref;
        table.alignment->dis_skipped = r.frame_skip_dist;
        table.alignment->ref_unscored = left.ref;
        table.alignment->dis_unscored = left.dis;
        if (hooks.on_notice) hooks.on_notice(alignment_note(*table.alignment, frames));
    }
    if (!scorer.finish(r, hooks, frames, table, error))
        return scorer.output_failed() ? Ending::Failed : Ending::ScoringFailed;
    table.seconds = seconds_since(t0);
    return Ending::Scored;
}

// The one warning of a second attempt, on `next` GPU or else the CPU.
void warn_rescoring(unsigned gpu, const std::string &error, std::string_view what,
                    std::optional<unsigned> next)
{
    const std::string where = next ? fmt::format("on GPU {}", *next)
                                   : fmt::format("on the CPU ({})", option(Option::Fallback, "cpu"));
    log(VMAF_LOG_LEVEL_WARNING, "scoring on GPU {} failed: {}; scoring the {} again {}", gpu, error,
        what, where);
}

} // namespace

bool score_pair(const ScoreRequest &request, const ScoreHooks &hooks, ScoreTable &table,
                std::string &error, bool *device_failed)
{
    if (device_failed) *device_failed = false;
    ScoreRequest r = request;
    if (r.backend == Backend::Hip && r.all_gpus && !every_gpu(r.gpus, error)) return false;
    if (r.output && r.output->empty()) return error = option(Option::Output) + ": the path is empty", false;
    if (!check_run_files(r, {}, std::nullopt, error)) return false;
    if (r.reference == "-" && r.distorted == "-")
        return error = fmt::format("{} and {} cannot both be standard input ('-')",
                                   option(Option::Reference), option(Option::Distorted)),
               false;
    std::optional<AlignmentReport> alignment;
    if (!settle_alignment(r, alignment, error)) return false;
    Ending ending = score_once(r, alignment, hooks, table, error);
    if (ending != Ending::ScoringFailed || r.backend != Backend::Hip || r.gpus.size() != 1)
        return ending == Ending::Scored;
    if (device_failed) *device_failed = true;
    // The GPU failed it: once more on another GPU, then on the CPU, where
    // the request allows and its inputs can be read again.
    std::vector<ScoreRequest> again;
    if (r.retry_gpu) {
        ScoreRequest other = r;
        other.gpus = {*r.retry_gpu};
        again.push_back(other);
    }
    if (r.fallback == Fallback::Cpu) {
        // Nothing on the failed device: its decoder goes with it (the CPU's
        // decoding gives the same frames).
        ScoreRequest cpu = r;
        cpu.backend = Backend::Cpu;
        cpu.gpus = {};
        cpu.hwdec = HwDecode::None;
        again.push_back(cpu);
    }
    if (again.empty()) return false;
    if (const std::string *pipe = reads_once(r.reference)   ? &r.reference
                                  : reads_once(r.distorted) ? &r.distorted
                                                           : nullptr) {
        error += fmt::format(" (not scored again: {} is a pipe, read once)", *pipe);
        return false;
    }
    unsigned gpu = r.gpus[0];
    for (const ScoreRequest &next : again) {
        warn_rescoring(gpu, error, "pair",
                       next.backend == Backend::Hip ? std::optional(next.gpus[0]) : std::nullopt);
        ending = score_once(next, alignment, hooks, table, error);
        if (device_failed) *device_failed = ending == Ending::ScoringFailed &&
                                            next.backend == Backend::Hip;
        if (ending != Ending::ScoringFailed) return ending == Ending::Scored;
        if (next.backend == Backend::Hip) gpu = next.gpus[0];
    }
    return false;
}

namespace {

// One attempt at the frames in memory, on `gpu` or the CPU.
Ending frames_once(const ScoreRequest &r, const VideoFormat &format, unsigned frames,
                   std::optional<unsigned> gpu, const FrameFiller &fill, const ScoreHooks &hooks,
                   ScoreTable &table, std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    Scorer scorer;
    if (!scorer.open(r, format, gpu, Scorer::Pictures::kRead, error)) return Ending::ScoringFailed;
    VmafContext *ctx = scorer.context();
    if (hooks.on_length) hooks.on_length(frames);
    for (unsigned i = 0; i < frames; i++) {
        VmafPicture ref{}, dis{};
        if (vmaf_fetch_preallocated_picture(ctx, &ref)) {
            error = "could not get a picture (see the message above)";
            return Ending::ScoringFailed;
        }
        if (vmaf_fetch_preallocated_picture(ctx, &dis)) {
            vmaf_picture_unref(&ref);
            error = "could not get a picture (see the message above)";
            return Ending::ScoringFailed;
        }
        if (!fill(i, ref, dis, error)) {
            vmaf_picture_unref(&ref);
            vmaf_picture_unref(&dis);
            return Ending::Failed;
        }
        // vmaf_read_pictures takes the pictures over, even when it fails.
        if (vmaf_read_pictures(ctx, &ref, &dis, i)) {
            error = fmt::format("scoring failed at frame {} (see the message above)", i);
            return Ending::ScoringFailed;
        }
        if (hooks.on_frame && !hooks.on_frame(i + 1)) return error = kCancelled, Ending::Failed;
    }
    if (!scorer.finish(r, hooks, frames, table, error))
        return scorer.output_failed() ? Ending::Failed : Ending::ScoringFailed;
    table.seconds = seconds_since(t0);
    return Ending::Scored;
}

} // namespace

bool score_frames(const ScoreRequest &r, const VideoFormat &format, unsigned frames,
                  const FrameFiller &fill, const ScoreHooks &hooks, ScoreTable &table,
                  std::string &error)
{
    if (frames == 0) return error = "no frames to score", false;
    if (aligned(r))
        return error = fmt::format("{} and {} line up video files: frames in memory are scored "
                                   "as given",
                                   option(Option::Align), option(Option::Offset)),
               false;
    if (r.output && r.output->empty()) return error = option(Option::Output) + ": the path is empty", false;
    if (r.bitdepth_convert)
        return error = "bit-depth conversion is for video files: frames in memory are scored at "
                       "their own depth",
               false;
    std::vector<unsigned> gpus = r.gpus;
    if (r.backend == Backend::Hip && r.all_gpus && !every_gpu(gpus, error)) return false;
    const std::optional<unsigned> gpu =
        r.backend == Backend::Hip ? std::optional<unsigned>(gpus.at(0)) : std::nullopt;
    const Ending ending = frames_once(r, format, frames, gpu, fill, hooks, table, error);
    if (ending != Ending::ScoringFailed || !gpu || r.fallback != Fallback::Cpu)
        return ending == Ending::Scored;
    warn_rescoring(*gpu, error, "frames", std::nullopt);
    return frames_once(r, format, frames, std::nullopt, fill, hooks, table, error) == Ending::Scored;
}

} // namespace vmaf::session
