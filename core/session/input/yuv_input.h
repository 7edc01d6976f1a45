// Raw planar YUV: frames back to back, size and format from the command line.
#pragma once

#include "session/input/uncompressed_input.h"

namespace vmaf::session {

class YuvInput final : public UncompressedInput {
public:
    // Takes the file, at its start.
    static std::unique_ptr<VideoInput> open(std::unique_ptr<ByteSource> source,
                                            const std::string &path, const RawFormat &raw,
                                            std::string &error);
    ReadStatus read_frame(VmafPicture &pic) override;

private:
    using UncompressedInput::UncompressedInput;
};

} // namespace vmaf::session
