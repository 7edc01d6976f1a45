// The inputs whose frames are stored as planes of samples, each frame the
// same number of bytes: Y4M and raw YUV. Read through a ByteSource.
#pragma once

#include <memory>
#include <optional>

#include "session/input/byte_source.h"
#include "session/input/video_input.h"

namespace vmaf::session {

class UncompressedInput : public VideoInput {
public:
    std::optional<unsigned long long> frames_left() const override;
    void cancel() override { source_->cancel(); }

protected:
    UncompressedInput(std::unique_ptr<ByteSource> source, std::string path);
    // Reads one frame's planes (the planes not asked for are passed over);
    // false with error_ set on a short read.
    bool read_planes(VmafPicture &pic);

    std::unique_ptr<ByteSource> source_;
    // Bytes before each frame's samples (Y4M's "FRAME\n").
    unsigned frame_header_bytes_ = 0;

private:
    // Reads `rows` rows of plane p into the picture, a deep plane a band at
    // a time, each band checked while it is in the cache; the bytes read,
    // none with error_ set where a sample is out of range.
    std::optional<size_t> read_plane(VmafPicture &pic, unsigned p, size_t row, size_t rows, unsigned w);
    // Checks rows [first, first + rows) of a deep plane (little-endian in
    // the file) against the bit depth; false with error_ set.
    bool check_samples(const VmafPicture &pic, unsigned plane, unsigned w, size_t first, size_t rows);
};

} // namespace vmaf::session
