// Frames of a pair's two inputs read on threads of their own and handed to
// a scorer's context in pairs, in order, until the inputs end or a count is
// reached; inputs of different lengths are an error naming both counts.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "session/inputs.h"
#include "session/score_table.h"
#include "session/scorer.h"

namespace vmaf::session {

// Which frames to read: `skip_ref` and `skip_dis` frames of each input read
// and dropped, then up to `count` pairs (0: to the end), given to the
// context as frames 0, 1, ...
struct FrameSpan {
    unsigned skip_ref = 0, skip_dis = 0;
    unsigned count = 0;
    // Inputs of different lengths give the pairs they share (lined up
    // inputs, --align), else their difference is an error.
    bool overlap = false;
};

// The frames of each input after the last pair (the rest of the longer read
// to count them); nothing where the feed stopped at its count.
struct Leftover {
    std::optional<unsigned> ref, dis;
};

// `frames` says how many pairs were given; `on_frame` is called after each,
// and false from it stops the feed (kCancelled). False with `error` set.
bool feed(const Scorer &scorer, PairInputs &in, const FrameSpan &span,
          const std::function<bool()> &on_frame, unsigned &frames, std::string &error);

// The request's frames (its skips and count) of `ref` and of each of `dis`
// handed to scorers[i] with dis[i]: each frame of the reference is read
// once and given to every scorer (a ladder's renditions), so the first
// scorer's pool must hold the reference's pictures for all of them
// (Scorer::open's `contexts_sharing`). hooks.on_length is called before the
// first frame, hooks.on_frame after each. False with `error` set, also when
// there was no frame to score; `*scoring_failed` (where given) then says
// whether a context failed, not an input.
// With a request that lines its inputs up (aligned()), the pairs the inputs
// share are scored, `*left` (where given) saying what was not.
bool feed_request(const std::vector<const Scorer *> &scorers, VideoInput &ref,
                  const std::vector<VideoInput *> &dis, const ScoreRequest &r,
                  const ScoreHooks &hooks, unsigned &frames, std::string &error,
                  bool *scoring_failed = nullptr, Leftover *left = nullptr);

} // namespace vmaf::session
