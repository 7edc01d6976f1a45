// YUV4MPEG2: a text header, then frames each after a "FRAME" line.
#pragma once

#include "video_input.h"

namespace vmaf::tools {

class Y4mInput final : public VideoInput {
public:
    // Takes the file, at its start; nullptr on a bad header.
    static std::unique_ptr<VideoInput> open(std::unique_ptr<ByteSource> source,
                                            const std::string &path, std::string &error);
    ReadStatus read_frame(VmafPicture &pic) override;

private:
    using VideoInput::VideoInput;
};

// Parses a header line (without the newline); false with `error` set.
bool parse_y4m_header(const std::string &line, VideoFormat &format, std::string &error);

} // namespace vmaf::tools
