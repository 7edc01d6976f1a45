// The two videos of a pair, opened and checked against each other: the
// distorted scaled to the reference's size and the inputs converted to a
// common bit depth when the request says so, and refused where size,
// format, depth or frame rate still differ.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/request.h"
#include "session/input/video_input.h"

namespace vmaf::session {

struct PairInputs {
    std::unique_ptr<VideoInput> ref, dis;

    // False with `error` saying which file, or which property differs.
    bool open(const ScoreRequest &r, std::string &error);
};

// One reference and several distorted videos (an encoding ladder's
// renditions), each opened as PairInputs would open it with the reference:
// the reference is read once for all of them.
struct LadderInputs {
    std::unique_ptr<VideoInput> ref;
    std::vector<std::unique_ptr<VideoInput>> dis;

    // False with `error` saying which file, or which property differs; also
    // where renditions would need the reference at different depths.
    bool open(const ScoreRequest &r, const std::vector<std::string> &distorted, std::string &error);
};

// The frames every input gives after the request's skips, where the files'
// sizes tell: the smallest count (reading finds a difference, and a skip
// past the end), at most the request's frame count.
std::optional<unsigned> known_length(const ScoreRequest &r, const VideoInput &ref,
                                     const std::vector<const VideoInput *> &dis);
std::optional<unsigned> known_length(const ScoreRequest &r, const PairInputs &in);

// Whether `path` can be read once only: standard input ("-"), a FIFO, a
// character device.
bool reads_once(const std::string &path);

} // namespace vmaf::session
