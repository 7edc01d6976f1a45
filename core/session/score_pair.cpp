#include <chrono>
#include <fmt/core.h>

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

bool score_pair(const ScoreRequest &request, const ScoreHooks &hooks, ScoreTable &table,
                std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    ScoreRequest r = request;
    if (r.backend == Backend::Hip && r.all_gpus && !every_gpu(r.gpus, error)) return false;
    if (r.output && r.output->empty()) return error = option(Option::Output) + ": the path is empty", false;
    if (!check_run_files(r, {}, std::nullopt, error)) return false;
    if (r.reference == "-" && r.distorted == "-")
        return error = fmt::format("{} and {} cannot both be standard input ('-')",
                                   option(Option::Reference), option(Option::Distorted)),
               false;
    PairInputs in;
    if (!in.open(r, error)) return false;
    if (!r.frame_rate) r.frame_rate = in.ref->frames_per_second();
    r.colour = in.ref->colour();
    if (r.backend == Backend::Hip && r.gpus.size() > 1) {
        in = PairInputs{};
        return score_pair_in_chunks(r, static_cast<unsigned>(r.gpus.size()), hooks, table, error);
    }

    Scorer scorer;
    const std::optional<unsigned> gpu =
        r.backend == Backend::Hip ? std::optional<unsigned>(r.gpus.at(0)) : std::nullopt;
    if (!scorer.open(r, in.ref->format(), gpu, Scorer::Pictures::kRead, error)) return false;
    unsigned frames = 0;
    if (!feed_request({&scorer}, *in.ref, {in.dis.get()}, r, hooks, frames, error)) return false;
    if (!scorer.finish(r, hooks, frames, table, error)) return false;
    table.seconds = seconds_since(t0);
    return true;
}

bool score_frames(const ScoreRequest &r, const VideoFormat &format, unsigned frames,
                  const FrameFiller &fill, const ScoreHooks &hooks, ScoreTable &table,
                  std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    if (frames == 0) return error = "no frames to score", false;
    if (r.output && r.output->empty()) return error = option(Option::Output) + ": the path is empty", false;
    if (r.bitdepth_convert)
        return error = "bit-depth conversion is for video files: frames in memory are scored at "
                       "their own depth",
               false;
    std::vector<unsigned> gpus = r.gpus;
    if (r.backend == Backend::Hip && r.all_gpus && !every_gpu(gpus, error)) return false;
    Scorer scorer;
    const std::optional<unsigned> gpu =
        r.backend == Backend::Hip ? std::optional<unsigned>(gpus.at(0)) : std::nullopt;
    if (!scorer.open(r, format, gpu, Scorer::Pictures::kRead, error)) return false;
    VmafContext *ctx = scorer.context();
    if (hooks.on_length) hooks.on_length(frames);
    for (unsigned i = 0; i < frames; i++) {
        VmafPicture ref{}, dis{};
        if (vmaf_fetch_preallocated_picture(ctx, &ref)) {
            error = "could not get a picture (see the message above)";
            return false;
        }
        if (vmaf_fetch_preallocated_picture(ctx, &dis)) {
            vmaf_picture_unref(&ref);
            error = "could not get a picture (see the message above)";
            return false;
        }
        const bool filled = fill(i, ref, dis, error);
        if (!filled || vmaf_read_pictures(ctx, &ref, &dis, i)) {
            // vmaf_read_pictures takes the pictures over, even when it fails.
            if (!filled) {
                vmaf_picture_unref(&ref);
                vmaf_picture_unref(&dis);
            } else {
                error = fmt::format("scoring failed at frame {} (see the message above)", i);
            }
            return false;
        }
        if (hooks.on_frame && !hooks.on_frame(i + 1)) return error = kCancelled, false;
    }
    if (!scorer.finish(r, hooks, frames, table, error)) return false;
    table.seconds = seconds_since(t0);
    return true;
}

} // namespace vmaf::session
