// Video files the CLI reads: Y4M (any file that starts with "YUV4MPEG2") or
// raw planar YUV described by the command line.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "byte_source.h"
#include "libvmaf/picture.h"

namespace vmaf::tools {

struct VideoFormat {
    unsigned w = 0, h = 0, bpc = 0;
    VmafPixelFormat pix_fmt = VMAF_PIX_FMT_UNKNOWN;
};

// What -w -h -p -b said; used only for raw YUV.
struct RawFormat {
    std::optional<long long> w, h, bpc;
    std::optional<std::string> pix_fmt;
};

enum class ReadStatus { Frame, End, Error };

class VideoInput {
public:
    virtual ~VideoInput();
    const VideoFormat &format() const { return format_; }
    const std::string &path() const { return path_; }
    // Fills an allocated picture of format(); End at a clean end of file.
    // On Error, error() says what is wrong and where. Only the planes of
    // set_planes() are filled; the others' bytes are passed over.
    virtual ReadStatus read_frame(VmafPicture &pic) = 0;
    const std::string &error() const { return error_; }
    unsigned frames_read() const { return frames_; }
    // The frames still in a regular file, from its size, when every frame
    // has the same length (raw YUV; Y4M with bare FRAME lines); nothing for
    // a pipe. An estimate to split work by: reading tells the true end.
    std::optional<unsigned long long> frames_left() const;
    // 1: read the luma plane only (vmaf_planes_read said so); 3: all.
    void set_planes(unsigned planes) { planes_ = planes; }
    // From any thread: reading ends (with an error) instead of waiting for
    // a pipe; the input is good for nothing after.
    void cancel() { source_->cancel(); }

    // Opens `path` as Y4M or raw YUV; nullptr with `error` set on failure.
    // "-" is standard input. Pipes and FIFOs work as files do: nothing is
    // read twice or skipped.
    static std::unique_ptr<VideoInput> open(const std::string &path, const RawFormat &raw,
                                            std::string &error);

protected:
    VideoInput(std::unique_ptr<ByteSource> source, std::string path)
        : source_(std::move(source)), path_(std::move(path))
    {}
    // Reads one frame's planes; false with error_ set on a short read.
    bool read_planes(VmafPicture &pic);
    ReadStatus fail(std::string message);

    std::unique_ptr<ByteSource> source_;
    std::string path_;
    VideoFormat format_;
    std::string error_;
    unsigned frames_ = 0;
    // Bytes before each frame's samples (Y4M's "FRAME\n").
    unsigned frame_header_bytes_ = 0;

private:
    // Checks the first `rows` rows of a deep plane (little-endian in the
    // file) against the bit depth; false with error_ set.
    bool check_samples(const VmafPicture &pic, unsigned plane, size_t rows);

    unsigned planes_ = 3;
};

std::string pix_fmt_text(VmafPixelFormat pix_fmt);

// "16x16 4:2:0 8-bit", as messages name a frame's geometry.
std::string format_text(const VideoFormat &format);

// The bytes of one frame's samples (chroma planes rounded up), as Y4M and
// raw YUV store them.
unsigned long long frame_bytes(const VideoFormat &format);

// "420" / "yuv420p" and friends; UNKNOWN for anything else.
VmafPixelFormat parse_pix_fmt(const std::string &text);

} // namespace vmaf::tools
