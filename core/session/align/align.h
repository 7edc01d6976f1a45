// Lining a pair's inputs up (--align, --offset): the offset searched in
// their first frames or given, applied as frames skipped at the start of
// one input, and what the report says of it.
#pragma once

#include <optional>
#include <string>

#include "session/align/offset_search.h"
#include "session/inputs.h"
#include "session/request.h"
#include "session/score_table.h"

namespace vmaf::session {

// Frames compared at each offset at most: a few seconds of video.
inline constexpr unsigned kAlignFrames = 120;

// What is wrong with the request's alignment options together with its
// others (a ladder, a pair split over GPUs, --offset with --align auto);
// empty where nothing is.
std::string alignment_problem(const ScoreRequest &r, size_t distorted);

// The alignment r asks for, settled before its pair is scored: the offset
// searched (--align auto, in the first kAlignFrames + r.align_window frames
// of each input after r's skips, read on two threads), taken from the first
// frames' presentation times (--align pts, containers) or given (--offset);
// nothing where r lines nothing up. False with `error` set where the options
// conflict (alignment_problem), an input cannot be read or is a pipe (its
// frames would be read twice), no offset stands out or an input states no
// times (`error` says why, and how to give the offset).
bool settle_alignment(const ScoreRequest &r, std::optional<AlignmentReport> &alignment,
                      std::string &error);

// What was scored of a lined-up pair of `frames` pairs, as the log and the
// HTML report say it.
std::string alignment_note(const AlignmentReport &a, unsigned frames);

// Whether each input of `in` (opened with r's skips, the offset applied)
// has the frames the skips leave out, where its length is known; false with
// `error` naming the offset, the file and its length.
bool offset_fits(const AlignmentReport &a, const ScoreRequest &r, const PairInputs &in,
                 std::string &error);

// r's skips with `offset` applied: the distorted's first frames skipped for
// a positive one, the reference's for a negative one.
void apply_offset(ScoreRequest &r, int offset);

} // namespace vmaf::session
