// Raw planar YUV: frames back to back, size and format from the command line.
#pragma once

#include "video_input.h"

namespace vmaf::tools {

class YuvInput final : public VideoInput {
public:
    // Takes the file, of which `start` (the first frame's first bytes) was
    // read already.
    static std::unique_ptr<VideoInput> open(std::FILE *file, const std::string &path,
                                            std::string start, const RawFormat &raw,
                                            std::string &error);
    ReadStatus read_frame(VmafPicture &pic) override;

private:
    using VideoInput::VideoInput;
};

} // namespace vmaf::tools
