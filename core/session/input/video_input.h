// Video files the session reads: Y4M (any file that starts with "YUV4MPEG2"),
// raw planar YUV described by the request, and, where libavformat was found
// at build time, any container and codec it and libavcodec read.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "libvmaf/picture.h"
#include "session/input/video_format.h"

struct VmafHipState;

namespace vmaf::session {

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
    // The same as a number, where the file states it.
    std::optional<double> frames_per_second() const
    {
        if (!frame_rate_ || frame_rate_->den == 0) return std::nullopt;
        return static_cast<double>(frame_rate_->num) / static_cast<double>(frame_rate_->den);
    }
    // The matrix and range the file states (Y4M's XCOLORRANGE, a
    // container's colour space and range).
    const ColourTags &colour() const { return colour_; }
    // The presentation time in seconds of the frame read last, where the
    // file states one (a container's); nothing for Y4M and raw YUV.
    virtual std::optional<double> frame_time() const { return std::nullopt; }
    // Whether frames are decoded (a container): reaching frame n costs
    // decoding every frame before it.
    virtual bool decoded() const { return false; }
    // Where the frames are decoded, when hardware decoding was asked for
    // ("decoding h264 on the GPU (cuda)", or why on the CPU); else empty.
    virtual std::string decoder_note() const { return {}; }
    // 1: the luma plane only (vmaf_planes_read said so); 3: all.
    virtual void set_planes(unsigned planes) { planes_ = planes; }
    // Before the first read_frame(), with the HIP backend on GPU `gpu`: frames
    // that GPU decodes are handed over as pictures of its memory
    // (vmaf_hip_picture_wrap), read in place, where the input has such
    // frames and its decoder has room for the `held` pictures the readers
    // and contexts downstream hold at most. Whether it will.
    virtual bool keep_on_device(VmafHipState *, unsigned /*gpu*/, unsigned /*held*/)
    {
        return false;
    }
    // Whether read_frame() fills an empty picture with one of its own (the
    // device pictures of keep_on_device) instead of a picture of the
    // context's pool.
    virtual bool makes_pictures() const { return false; }
    // From any thread: reading ends (with an error) instead of waiting for
    // a pipe; the input is good for nothing after.
    virtual void cancel() = 0;

    // Opens `path` as Y4M, raw YUV or a container; nullptr with `error` set
    // on failure. "-" is standard input. Pipes and FIFOs work as files do:
    // nothing is read twice or skipped.
    // `decoding` applies to encoded inputs (containers).
    static std::unique_ptr<VideoInput> open(const std::string &path, const RawFormat &raw,
                                            const Decoding &decoding, std::string &error);
    static std::unique_ptr<VideoInput> open(const std::string &path, const RawFormat &raw,
                                            std::string &error)
    {
        return open(path, raw, Decoding{}, error);
    }

protected:
    explicit VideoInput(std::string path);
    ReadStatus fail(std::string message);

    std::string path_;
    VideoFormat format_;
    std::optional<FrameRate> frame_rate_;
    ColourTags colour_;
    std::string error_;
    unsigned frames_ = 0;
    unsigned planes_ = 3;
};

// `in` scaled to w x h and converted to `bpc` bits with libswscale flags
// (--scale's); nullptr with `error` set.
std::unique_ptr<VideoInput> scale_video(std::unique_ptr<VideoInput> in, unsigned w, unsigned h,
                                        unsigned bpc, const std::string &flags, std::string &error);

} // namespace vmaf::session
