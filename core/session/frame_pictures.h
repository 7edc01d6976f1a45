// The frames a report page shows as pictures (--html, ADR 0064): the worst
// of the page's primary score and those the user names, read again from
// the pair's files after scoring, as they were scored (skips, offset,
// scaling, depth), and made into frame_images.h's pictures.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "session/request.h"
#include "session/score_table.h"

namespace vmaf::session {

// The worst frames pictured unless the user says otherwise (--html-worst).
inline constexpr unsigned kPicturedWorstFrames = 6;

// The bytes a page's pictures take at most (their data: URIs), shared by its
// runs and their pictures: with a 10-minute 1080p pair's per-frame data,
// the page stays under 20 MB (docs/html.md).
inline constexpr size_t kPicturesBudget = 12'000'000;

// What the user asks to see (--html-worst, --html-frames).
struct PictureChoice {
    unsigned worst = kPicturedWorstFrames;
    std::vector<unsigned> frames;
};

struct FramePictures {
    unsigned frame = 0;
    unsigned width = 0, height = 0; // of the pictures, shrunk to fit
    // JPEG data: URIs; cambi empty where cambi was not scored.
    std::string reference, distorted, difference, cambi;
};

// The key whose worst frames a page lists: "vmaf" where the table has it,
// else its first key; empty for a table without keys.
std::string primary_key(const ScoreTable &t);

// `choice.worst` frames of the lowest primary score (ties: the earlier
// frame), then the named frames that the table has and that are not among
// them, each once; ascending.
std::vector<unsigned> pictured_frames(const ScoreTable &t, const PictureChoice &choice);

// The pictures of `frames` (ascending) of r's pair as `t` scored it, in
// `budget` bytes (each picture its share, encoded lower to fit). Where
// the pair cannot be read again (an input is a pipe) nothing is made and
// `note` says why; false with `error` set where a file fails to read.
bool make_frame_pictures(const ScoreRequest &r, const ScoreTable &t,
                         const std::vector<unsigned> &frames, size_t budget,
                         std::vector<FramePictures> &out, std::string &note, std::string &error);

} // namespace vmaf::session
