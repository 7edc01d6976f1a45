#include "session/feed.h"

#include <fmt/core.h>
#include <memory>
#include <optional>
#include <utility>

#include "base/picture_memory.h"

#include "session/align/align.h"
#include "session/frame_reader.h"
#include "session/options/option_names.h"

namespace vmaf::session {

namespace {

// Reads `reader` to its end, or to its limit: the frames read from the file
// in all, skipped ones included; nothing on a bad file (its error in
// `error`).
std::optional<unsigned> read_to_end(FrameReader &reader, std::string &error)
{
    for (;;) {
        const FrameReader::Item item = reader.next();
        if (item.status == ReadStatus::Error) return error = item.error, std::nullopt;
        if (item.status == ReadStatus::End) return item.frames_read;
    }
}

// Whether a reader that read `frames_read` frames stopped at its limit, not
// at the file's end.
bool stopped_at_limit(const FrameReader &reader, unsigned frames_read)
{
    return reader.limit() && frames_read >= reader.limit();
}

// One input ended after `shorter_frames` frames while the other goes on:
// the message names both counts, the longer's read to its end (or to its
// reader's limit).
std::string length_mismatch(const VideoInput &shorter, unsigned shorter_frames,
                            const VideoInput &longer, FrameReader &longer_reader)
{
    std::string error;
    const std::optional<unsigned> longer_frames = read_to_end(longer_reader, error);
    if (!longer_frames) return error;
    return fmt::format("{} has {} frames but {} has {}{}; the videos must have the same length "
                       "(or use {})",
                       shorter.path(), shorter_frames, longer.path(),
                       stopped_at_limit(longer_reader, *longer_frames) ? "at least " : "",
                       *longer_frames, option(Option::FrameCnt));
}

} // namespace

namespace {

// With the HIP backend, frames the scoring GPU decodes stay in its memory
// where the input has room for what the readers and contexts hold: the
// reference's reader's queue and each context's share, a distorted input's
// reader's queue and its context's.
void keep_frames_on_device(const std::vector<const Scorer *> &scorers, VideoInput &ref,
                           const std::vector<VideoInput *> &dis)
{
    const Scorer &first = *scorers[0];
    if (!first.hip_state()) return;
    unsigned ref_held = first.read_ahead();
    for (const Scorer *s : scorers) ref_held += s->pictures_held();
    ref.keep_on_device(first.hip_state(), *first.gpu(), ref_held);
    for (size_t i = 0; i < dis.size(); i++)
        dis[i]->keep_on_device(scorers[i]->hip_state(), *scorers[i]->gpu(),
                               scorers[i]->read_ahead() + scorers[i]->pictures_held());
}

// The reference's frames go to every context: its reader fills pictures of
// the first context's pool, and each context takes one reference of each,
// shared (picture_share).
bool feed_all(const std::vector<const Scorer *> &scorers, VideoInput &ref,
              const std::vector<VideoInput *> &dis, const FrameSpan &span,
              const std::function<bool()> &on_frame, unsigned &frames, std::string &error,
              bool *scoring_failed = nullptr, Leftover *left = nullptr)
{
    const size_t n = scorers.size();
    ref.set_planes(scorers[0]->planes());
    for (size_t i = 0; i < n; i++) dis[i]->set_planes(scorers[i]->planes());
    // Each file on its own thread; they stop (and are joined) before the
    // contexts go, whichever way this returns.
    FrameReader ref_reader(scorers[0]->context(), ref, span.skip_ref, span.count,
                           scorers[0]->read_ahead());
    std::vector<std::unique_ptr<FrameReader>> dis_readers;
    for (size_t i = 0; i < n; i++)
        dis_readers.push_back(std::make_unique<FrameReader>(
            scorers[i]->context(), *dis[i], span.skip_dis, span.count, scorers[i]->read_ahead()));
    if (!ref_reader.skipped(error)) return false;
    for (const auto &reader : dis_readers)
        if (!reader->skipped(error)) return false;
    std::vector<std::optional<FrameReader::Item>> b(n);
    for (frames = 0; span.count == 0 || frames < span.count; frames++) {
        FrameReader::Item a = ref_reader.next();
        if (a.status == ReadStatus::Error) return error = a.error, false;
        for (size_t i = 0; i < n; i++) {
            b[i].emplace(dis_readers[i]->next());
            if (b[i]->status == ReadStatus::Error) return error = b[i]->error, false;
        }
        if (left && a.status == ReadStatus::End && b[0]->status == ReadStatus::End)
            *left = Leftover{0u, 0u};
        if (span.overlap && n == 1 && a.status != b[0]->status) {
            // The shorter ended: the longer's frame just read and the rest
            // are left out, counted unless the reader's limit (the frame
            // count) stops it first.
            const bool ref_longer = a.status == ReadStatus::Frame;
            FrameReader &longer = ref_longer ? ref_reader : *dis_readers[0];
            const unsigned scored_to = (ref_longer ? a : *b[0]).frames_read - 1;
            const std::optional<unsigned> end = read_to_end(longer, error);
            if (!end) return false;
            const std::optional<unsigned> unscored =
                stopped_at_limit(longer, *end) ? std::nullopt : std::optional(*end - scored_to);
            if (left) *left = ref_longer ? Leftover{unscored, 0u} : Leftover{0u, unscored};
            break;
        }
        for (size_t i = 0; i < n; i++) {
            if (a.status == b[i]->status) continue;
            const bool ref_shorter = a.status == ReadStatus::End;
            error = length_mismatch(ref_shorter ? ref : *dis[i],
                                    (ref_shorter ? a : *b[i]).frames_read,
                                    ref_shorter ? *dis[i] : ref,
                                    ref_shorter ? *dis_readers[i] : ref_reader);
            return false;
        }
        if (a.status == ReadStatus::End) break;
        // Their extractors compute what they derive from the reference alone
        // once, for all (PictureCache).
        if (n > 1) picture_share(&a.pic, static_cast<unsigned>(n));
        // The last context takes the reader's own reference.
        for (size_t i = 0; i < n; i++) {
            VmafPicture ref_pic{};
            if (i + 1 < n) picture_ref(&ref_pic, &a.pic);
            else std::swap(ref_pic, a.pic);
            if (vmaf_read_pictures(scorers[i]->context(), &ref_pic, &b[i]->pic, frames)) {
                error = fmt::format("scoring failed at frame {} (see the message above)", frames);
                if (scoring_failed) *scoring_failed = true;
                return false;
            }
        }
        if (on_frame && !on_frame()) return error = kCancelled, false;
    }
    return true;
}

} // namespace

bool feed(const Scorer &scorer, PairInputs &in, const FrameSpan &span,
          const std::function<bool()> &on_frame, unsigned &frames, std::string &error)
{
    keep_frames_on_device({&scorer}, *in.ref, {in.dis.get()});
    return feed_all({&scorer}, *in.ref, {in.dis.get()}, span, on_frame, frames, error);
}

bool feed_request(const std::vector<const Scorer *> &scorers, VideoInput &ref,
                  const std::vector<VideoInput *> &dis, const ScoreRequest &r,
                  const ScoreHooks &hooks, unsigned &frames, std::string &error,
                  bool *scoring_failed, Leftover *left)
{
    keep_frames_on_device(scorers, ref, dis);
    if (hooks.on_notice) {
        if (!ref.decoder_note().empty()) hooks.on_notice(ref.decoder_note());
        for (const VideoInput *d : dis)
            if (!d->decoder_note().empty()) hooks.on_notice(d->decoder_note());
    }
    if (hooks.on_length) {
        const std::vector<const VideoInput *> read(dis.begin(), dis.end());
        const auto length = known_length(r, ref, read);
        hooks.on_length(length ? length : r.frame_cnt ? std::optional<unsigned>(r.frame_cnt)
                                                      : std::nullopt);
    }
    frames = 0;
    auto on_frame = [&] { return !hooks.on_frame || hooks.on_frame(frames + 1); };
    const FrameSpan span{r.frame_skip_ref, r.frame_skip_dist, r.frame_cnt, aligned(r)};
    if (!feed_all(scorers, ref, dis, span, on_frame, frames, error, scoring_failed, left))
        return false;
    if (frames == 0 && aligned(r))
        return error = fmt::format("no frames to score: lined up, the inputs share none (the "
                                   "reference's first {} frames and the distorted's first {} "
                                   "left out)",
                                   r.frame_skip_ref, r.frame_skip_dist),
               false;
    if (frames == 0) return error = "no frames to score", false;
    return true;
}

} // namespace vmaf::session
