#include "session/align/align.h"

#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <future>
#include <string_view>
#include <vector>

#include "base/log.h"
#include "libvmaf/libvmaf_ext.h"
#include "session/hip_session.h"
#include "session/inputs.h"
#include "session/options/option_names.h"
#include "session/owned_picture.h"

#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace vmaf::session {

namespace {

// `in`'s frames after `skip`, `count` at most, each handed to `take` (its
// luma only is read); false with `error` set on a bad file.
bool read_frames(VideoInput &in, unsigned skip, unsigned count,
                 const std::function<void(const VmafPicture &)> &take, std::string &error)
{
    const VideoFormat &f = in.format();
    OwnedPicture p;
    if (!p.alloc(f)) {
        error = fmt::format("{}: no memory for a frame of {}", in.path(), format_text(f));
        return false;
    }
    in.set_planes(1);
    for (unsigned i = 0; i < skip + count; i++) {
        const ReadStatus s = in.read_frame(p.pic);
        if (s == ReadStatus::Error) return error = in.error(), false;
        if (s == ReadStatus::End) break;
        if (i >= skip) take(p.pic);
    }
    return true;
}

// Thumbnails of a pair's first frames, on the CPU or a GPU, and the HIP
// state they are kept on.
class PairThumbnails {
public:
    PairThumbnails() = default;
    ~PairThumbnails()
    {
        if (thumbnails_) vmaf_thumbnails_free(thumbnails_);
#ifdef VMAF_HAVE_HIP
        if (state_) vmaf_hip_state_free(state_);
#endif
    }
    PairThumbnails(const PairThumbnails &) = delete;
    PairThumbnails &operator=(const PairThumbnails &) = delete;

    // Room for `capacity` frames of `f`, on GPU `gpu` where given.
    bool open(const VideoFormat &f, unsigned capacity, std::optional<unsigned> gpu,
              std::string &error)
    {
        if (!gpu) {
            if (vmaf_thumbnails_init(&thumbnails_, f.w, f.h, f.bpc, capacity) == 0) return true;
            error = fmt::format("{}: no thumbnails of {}", option(Option::Align, "auto"),
                                format_text(f));
            return false;
        }
#ifdef VMAF_HAVE_HIP
        VmafHipConfiguration cfg{};
        cfg.device = static_cast<int>(*gpu);
        if (vmaf_hip_state_init(&state_, cfg) == 0 &&
            vmaf_hip_thumbnails_init(&thumbnails_, state_, f.w, f.h, f.bpc, capacity) == 0)
            return true;
        error = fmt::format("{}: cannot search on GPU {} (see the message above)",
                            option(Option::Align, "auto"), *gpu);
#else
        error = no_hip_backend();
#endif
        return false;
    }

    // The thumbnails of `in`'s frames after `skip`, `count` at most, their
    // numbers in `out`.
    bool read(VideoInput &in, unsigned skip, unsigned count, std::vector<unsigned> &out,
              std::string &error)
    {
        bool made = true;
        if (!read_frames(
                in, skip, count,
                [&](const VmafPicture &pic) {
                    unsigned index = 0;
                    if (made && vmaf_thumbnails_add(thumbnails_, &pic, &index) == 0)
                        out.push_back(index);
                    else
                        made = false;
                },
                error))
            return false;
        if (!made)
            error = fmt::format("{}: cannot make the thumbnails of {} (see the message above)",
                                option(Option::Align, "auto"), in.path());
        return made;
    }

    bool measure(const std::vector<unsigned> &a, const std::vector<unsigned> &b,
                 std::vector<double> &mse) const
    {
        return vmaf_thumbnails_mse(thumbnails_, a.data(), b.data(), a.size(), mse.data()) == 0;
    }

private:
#ifdef VMAF_HAVE_HIP
    VmafHipState *state_ = nullptr;
#endif
    VmafThumbnails *thumbnails_ = nullptr;
};

// A search reads the first frames twice (to search, then to score): not
// possible with a pipe. False with `error` set for one.
bool readable_twice(const ScoreRequest &r, std::string_view how, std::string &error)
{
    for (const std::string *path : {&r.reference, &r.distorted})
        if (reads_once(*path)) {
            error = fmt::format("{} reads the first frames twice (to search, then to score), and "
                                "{} is a pipe, read once: give the offset with {}",
                                option(Option::Align, how), *path, option(Option::Offset));
            return false;
        }
    return true;
}

// The offset that --align auto finds, on GPU `gpu` where given.
bool find_offset(const ScoreRequest &r, std::optional<unsigned> gpu, OffsetFound &found,
                 std::string &error)
{
    PairInputs in;
    if (!in.open(r, error)) return false;
    const unsigned count = kAlignFrames + r.align_window;
    PairThumbnails thumbnails;
    if (!thumbnails.open(in.ref->format(), 2 * count, gpu, error)) return false;
    std::vector<unsigned> ref, dis;
    std::string dis_error;
    auto dis_read = std::async(std::launch::async, [&] {
        return thumbnails.read(*in.dis, r.frame_skip_dist, count, dis, dis_error);
    });
    const bool ref_ok = thumbnails.read(*in.ref, r.frame_skip_ref, count, ref, error);
    const bool dis_ok = dis_read.get();
    if (!ref_ok) return false;
    if (!dis_ok) return error = dis_error, false;
    OffsetSearch how;
    how.window = static_cast<int>(r.align_window);
    const std::optional<OffsetFound> searched = search_offset(
        ref, dis, how,
        [&](const std::vector<unsigned> &a, const std::vector<unsigned> &b,
            std::vector<double> &mse) { return thumbnails.measure(a, b, mse); });
    if (!searched) {
        error = fmt::format("{}: cannot compare the thumbnails (see the message above)",
                            option(Option::Align, "auto"));
        return false;
    }
    found = *searched;
    if (!found.found) {
        error = fmt::format("{}: no offset found: {}; give it with {} (0: as given)",
                            option(Option::Align, "auto"), found.why, option(Option::Offset, "N"));
        return false;
    }
    return true;
}

// --align auto on the GPU of --backend hip, else on the CPU; with
// --fallback cpu, on the CPU again where the GPU failed.
bool search(const ScoreRequest &r, OffsetFound &found, std::string &error)
{
    if (!readable_twice(r, "auto", error)) return false;
    if (r.backend != Backend::Hip) return find_offset(r, std::nullopt, found, error);
    const unsigned gpu = r.gpus.empty() ? 0 : r.gpus.front();
    if (find_offset(r, gpu, found, error)) return true;
    // A search that ran and refused (its reason set) refuses on the CPU too.
    if (r.fallback != Fallback::Cpu || !found.why.empty()) return false;
    vmaf::log(VMAF_LOG_LEVEL_WARNING, "{}; searching on the CPU ({})", error,
              option(Option::Fallback, "cpu"));
    error.clear();
    return find_offset(r, std::nullopt, found, error);
}

bool find_pts_offset(const ScoreRequest &r, int &offset, std::string &error)
{
    if (!readable_twice(r, "pts", error)) return false;
    // One decoder on the CPU: its frames carry their times.
    ScoreRequest plain = r;
    plain.hwdec = HwDecode::None;
    plain.decoders = 1;
    PairInputs in;
    if (!in.open(plain, error)) return false;
    const std::optional<double> fps = in.ref->frames_per_second();
    if (!fps || !(*fps > 0))
        return error = fmt::format("{}: {} states no frame rate to count the times in",
                                   option(Option::Align, "pts"), r.reference),
               false;
    double first[2] = {};
    for (int side = 0; side < 2; side++) {
        VideoInput &input = side ? *in.dis : *in.ref;
        bool read = false;
        if (!read_frames(
                input, side ? r.frame_skip_dist : r.frame_skip_ref, 1,
                [&](const VmafPicture &) { read = true; }, error))
            return false;
        if (!read)
            return error = fmt::format("{}: {} has no frame to time", option(Option::Align, "pts"),
                                       input.path()),
                   false;
        if (!input.frame_time())
            return error = fmt::format("{}: {} states no presentation times (Y4M and raw YUV "
                                       "have none): use {}",
                                       option(Option::Align, "pts"), input.path(),
                                       option(Option::Align, "auto")),
                   false;
        first[side] = *input.frame_time();
    }
    const double frames = (first[1] - first[0]) * *fps;
    if (std::abs(frames - std::round(frames)) > 0.25 || std::abs(frames) > 1e6)
        return error = fmt::format("{}: the first frames' times differ by {:.3f} frames, not a "
                                   "whole number: give the offset with {}",
                                   option(Option::Align, "pts"), frames, option(Option::Offset)),
               false;
    // The distorted's first frame at a later time shows a later reference
    // frame: the reference's first frames are left out.
    offset = -static_cast<int>(std::lround(frames));
    return true;
}

} // namespace

std::string alignment_problem(const ScoreRequest &r, size_t distorted)
{
    if (!aligned(r)) return {};
    const std::string which = r.offset ? option(Option::Offset) : option(Option::Align);
    if (r.offset && r.align != Align::None)
        return fmt::format("{} and {} both line the inputs up: give one", option(Option::Offset),
                           option(Option::Align));
    if (distorted > 1)
        return fmt::format("{} lines up one distorted video with the reference: score the "
                           "renditions one at a time (or in a --batch manifest)",
                           which);
    if (r.backend == Backend::Hip && (r.gpus.size() > 1 || r.all_gpus))
        return fmt::format("{} scores a pair on one GPU: give one with {}", which,
                           option(Option::Gpu));
    return {};
}

std::string alignment_note(const AlignmentReport &a, unsigned frames)
{
    const auto count = [](const std::optional<unsigned> &n) {
        return n ? std::to_string(*n) : std::string("not counted");
    };
    return fmt::format(
        "{}: offset {}{}; {} frames scored, reference frames {} to {} against "
        "distorted {} to {}; left out: reference {} at the start and {} at the "
        "end, distorted {} and {}",
        a.method == "offset" ? option(Option::Offset) : option(Option::Align, a.method), a.offset,
        a.margin ? fmt::format(" (margin {:.3f}; {} frames compared, searched in "
                               "{:.2f} s)",
                               *a.margin, a.searched_pairs, a.search_seconds)
                 : "",
        frames, a.ref_skipped, a.ref_skipped + frames - 1, a.dis_skipped,
        a.dis_skipped + frames - 1, a.ref_skipped, count(a.ref_unscored), a.dis_skipped,
        count(a.dis_unscored));
}

bool settle_alignment(const ScoreRequest &r, std::optional<AlignmentReport> &alignment,
                      std::string &error)
{
    alignment.reset();
    if (!aligned(r)) return true;
    if (const std::string problem = alignment_problem(r, 1); !problem.empty())
        return error = problem, false;
    AlignmentReport a;
    if (r.align == Align::Auto) {
        OffsetFound found;
        const auto t0 = std::chrono::steady_clock::now();
        if (!search(r, found, error)) return false;
        a.search_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        a.searched_pairs = found.pairs;
        a.method = "auto";
        a.offset = found.offset;
        a.margin = found.margin;
    } else if (r.align == Align::Pts) {
        a.method = "pts";
        if (!find_pts_offset(r, a.offset, error)) return false;
    } else {
        a.method = "offset";
        a.offset = *r.offset;
    }
    alignment = a;
    return true;
}

bool offset_fits(const AlignmentReport &a, const ScoreRequest &r, const PairInputs &in,
                 std::string &error)
{
    for (int side = 0; side < 2; side++) {
        const VideoInput &input = side ? *in.dis : *in.ref;
        const unsigned skip = side ? r.frame_skip_dist : r.frame_skip_ref;
        const auto frames = input.frames_left();
        if (!frames || *frames >= skip) continue;
        error = fmt::format("{} {} leaves out the first {} frames of {} (with the skips), which "
                            "has {}",
                            a.method == "offset" ? option(Option::Offset)
                                                 : option(Option::Align, a.method) + ": offset",
                            a.offset, skip, input.path(), *frames);
        return false;
    }
    return true;
}

void apply_offset(ScoreRequest &r, int offset)
{
    if (offset >= 0)
        r.frame_skip_dist += static_cast<unsigned>(offset);
    else
        r.frame_skip_ref += static_cast<unsigned>(-static_cast<long long>(offset));
}

} // namespace vmaf::session
