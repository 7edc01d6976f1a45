// Raw planar YUV: frames back to back, size and format from the command line.
#pragma once

#include "video_input.h"

namespace vmaf::tools {

class YuvInput final : public VideoInput {
public:
    // Takes the file, at its start.
    static std::unique_ptr<VideoInput> open(std::unique_ptr<ByteSource> source,
                                            const std::string &path, const RawFormat &raw,
                                            std::string &error);
    ReadStatus read_frame(VmafPicture &pic) override;

private:
    using VideoInput::VideoInput;
};

} // namespace vmaf::tools
