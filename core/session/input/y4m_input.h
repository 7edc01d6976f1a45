// YUV4MPEG2: a text header, then frames each after a "FRAME" line.
#pragma once

#include "session/input/uncompressed_input.h"

namespace vmaf::session {

class Y4mInput final : public UncompressedInput {
public:
    // Takes the file, at its start; nullptr on a bad header.
    static std::unique_ptr<VideoInput> open(std::unique_ptr<ByteSource> source,
                                            const std::string &path, std::string &error);
    ReadStatus read_frame(VmafPicture &pic) override;

private:
    using UncompressedInput::UncompressedInput;
};

// Parses a header line (without the newline); false with `error` set.
// `rate`, when given, gets the F field where it is a valid rate; `colour`
// the range of an XCOLORRANGE=FULL or =LIMITED field (FFmpeg's).
bool parse_y4m_header(const std::string &line, VideoFormat &format, std::string &error,
                      std::optional<FrameRate> *rate = nullptr, ColourTags *colour = nullptr);

} // namespace vmaf::session
