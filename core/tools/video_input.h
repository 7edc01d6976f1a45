// Video files the CLI reads: Y4M (any file that starts with "YUV4MPEG2"),
// raw planar YUV described by the command line, and, where libavformat was
// found at build time, any container and codec it and libavcodec read.
#pragma once

#include <memory>
#include <optional>
#include <string>

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

    bool given() const { return w || h || bpc || pix_fmt; }
};

// Frames per second as the file states it: num / den.
struct FrameRate {
    long long num = 0, den = 1;
};

// The largest width or height any input may have.
inline constexpr long long kMaxDimension = 1 << 16;

enum class ReadStatus { Frame, End, Error };

class VideoInput {
public:
    virtual ~VideoInput();
    const VideoFormat &format() const { return format_; }
    const std::string &path() const { return path_; }
    // Fills an allocated picture of format(); End at a clean end of file.
    // On Error, error() says what is wrong and where. Only the planes of
    // set_planes() need be filled.
    virtual ReadStatus read_frame(VmafPicture &pic) = 0;
    const std::string &error() const { return error_; }
    unsigned frames_read() const { return frames_; }
    // The frames still to come, where the file tells: from a regular file's
    // size when every frame has the same length, from a container's frame
    // count or duration; nothing for a pipe. An estimate to split work by
    // and show progress with: reading tells the true end.
    virtual std::optional<unsigned long long> frames_left() const = 0;
    // The rate the file states (Y4M's F, a container's stream), if any.
    const std::optional<FrameRate> &frame_rate() const { return frame_rate_; }
    // Whether frames are decoded (a container): reaching frame n costs
    // decoding every frame before it.
    virtual bool decoded() const { return false; }
    // 1: the luma plane only (vmaf_planes_read said so); 3: all.
    virtual void set_planes(unsigned planes) { planes_ = planes; }
    // From any thread: reading ends (with an error) instead of waiting for
    // a pipe; the input is good for nothing after.
    virtual void cancel() = 0;

    // Opens `path` as Y4M, raw YUV or a container; nullptr with `error` set
    // on failure. "-" is standard input. Pipes and FIFOs work as files do:
    // nothing is read twice or skipped.
    static std::unique_ptr<VideoInput> open(const std::string &path, const RawFormat &raw,
                                            std::string &error);

protected:
    explicit VideoInput(std::string path);
    ReadStatus fail(std::string message);

    std::string path_;
    VideoFormat format_;
    std::optional<FrameRate> frame_rate_;
    std::string error_;
    unsigned frames_ = 0;
    unsigned planes_ = 3;
};

std::string pix_fmt_text(VmafPixelFormat pix_fmt);

// "16x16 4:2:0 8-bit", as messages name a frame's geometry.
std::string format_text(const VideoFormat &format);

// "24", "23.976": a rate as messages name it.
std::string frame_rate_text(const FrameRate &rate);

// The bytes of one frame's samples (chroma planes rounded up), as Y4M and
// raw YUV store them.
unsigned long long frame_bytes(const VideoFormat &format);

// Whether --scale's flags are libswscale's words naming one algorithm;
// false with `error` set, also where scaling was not built in.
bool check_scale_flags(const std::string &flags, std::string &error);

// `in` scaled to w x h with --scale's flags; nullptr with `error` set.
std::unique_ptr<VideoInput> scale_video(std::unique_ptr<VideoInput> in, unsigned w, unsigned h,
                                        const std::string &flags, std::string &error);

// "420" / "yuv420p" and friends; UNKNOWN for anything else.
VmafPixelFormat parse_pix_fmt(const std::string &text);

} // namespace vmaf::tools
