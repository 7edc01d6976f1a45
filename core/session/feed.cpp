#include "session/feed.h"

#include <fmt/core.h>

#include "session/frame_reader.h"

namespace vmaf::session {

namespace {

// One input ended after `shorter_frames` frames while the other goes on:
// the message names both counts, the longer's read to its end (or to its
// reader's limit).
std::string length_mismatch(const VideoInput &shorter, unsigned shorter_frames,
                            const VideoInput &longer, FrameReader &longer_reader)
{
    unsigned longer_frames = 0;
    for (;;) {
        const FrameReader::Item item = longer_reader.next();
        if (item.status == ReadStatus::Error) return item.error;
        if (item.status == ReadStatus::End) {
            longer_frames = item.frames_read;
            break;
        }
    }
    const bool capped = longer_reader.limit() && longer_frames >= longer_reader.limit();
    return fmt::format("{} has {} frames but {} has {}{}; the videos must have the same length "
                       "(or use --frame_cnt)",
                       shorter.path(), shorter_frames, longer.path(), capped ? "at least " : "",
                       longer_frames);
}

} // namespace

bool feed(const Scorer &scorer, PairInputs &in, const FrameSpan &span,
          const std::function<void()> &on_frame, unsigned &frames, std::string &error)
{
    VmafContext *ctx = scorer.context();
    in.ref->set_planes(scorer.planes());
    in.dis->set_planes(scorer.planes());
    // Each file on its own thread; they stop (and are joined) before the
    // context goes, whichever way this returns.
    FrameReader ref_reader(ctx, *in.ref, span.skip_ref, span.count);
    FrameReader dis_reader(ctx, *in.dis, span.skip_dis, span.count);
    if (!ref_reader.skipped(error) || !dis_reader.skipped(error)) return false;
    for (frames = 0; span.count == 0 || frames < span.count; frames++) {
        FrameReader::Item a = ref_reader.next();
        if (a.status == ReadStatus::Error) return error = a.error, false;
        FrameReader::Item b = dis_reader.next();
        if (b.status == ReadStatus::Error) return error = b.error, false;
        if (a.status == ReadStatus::End && b.status == ReadStatus::End) break;
        if (a.status != b.status) {
            const bool ref_shorter = a.status == ReadStatus::End;
            error = length_mismatch(ref_shorter ? *in.ref : *in.dis,
                                    (ref_shorter ? a : b).frames_read,
                                    ref_shorter ? *in.dis : *in.ref,
                                    ref_shorter ? dis_reader : ref_reader);
            return false;
        }
        if (vmaf_read_pictures(ctx, &a.pic, &b.pic, frames)) {
            error = fmt::format("scoring failed at frame {} (see the message above)", frames);
            return false;
        }
        if (on_frame) on_frame();
    }
    return true;
}

} // namespace vmaf::session
