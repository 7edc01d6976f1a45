// A video stream in any container libavformat reads (MP4, MKV, MOV, WebM,
// MPEG-TS, ...), decoded with libavcodec in the stream's own pixel format
// and depth: planar YUV or gray, 8 to 16 bits, 4:2:0, 4:2:2 or 4:4:4.
// Bytes come through the same ByteSource as Y4M's, so pipes and standard
// input work, and the bytes peeked to tell the type are not lost.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "session/byte_source.h"
#include "session/video_input.h"

struct AVCodecContext;
struct AVFormatContext;
struct AVFrame;
struct AVIOContext;
struct AVPacket;

namespace vmaf::session {

// Loads FFmpeg's libraries (session/libav.h) at the first call; from then
// on libav prints nothing itself: what it says at error level about an
// input is kept by that input for its message. False with `error` set when
// the libraries cannot be loaded.
bool take_libav_log(std::string &error);

class ContainerInput final : public VideoInput {
public:
    // Takes the file, at its start; nullptr with `error` set when it is no
    // container libavformat knows, has no video stream, no decoder for it,
    // or a pixel format VMAF cannot score.
    static std::unique_ptr<VideoInput> open(std::unique_ptr<ByteSource> source,
                                            const std::string &path, std::string &error);
    // Whether the file's first bytes (not its name) plainly say container:
    // how a file given with raw YUV's geometry is still read as one. False
    // where FFmpeg's libraries cannot be loaded.
    static bool recognised(ByteSource &source, const std::string &path);

    ~ContainerInput() override;
    ReadStatus read_frame(VmafPicture &pic) override;
    std::optional<unsigned long long> frames_left() const override;
    bool decoded() const override { return true; }
    void cancel() override;

    // libav's log callback hands this input what its contexts say.
    void note(const char *line);

private:
    struct FormatCloser {
        void operator()(AVFormatContext *f) const;
    };
    struct IoFree {
        void operator()(AVIOContext *io) const;
    };
    struct CodecFree {
        void operator()(AVCodecContext *c) const;
    };
    struct PacketFree {
        void operator()(AVPacket *p) const;
    };
    struct FrameFree {
        void operator()(AVFrame *f) const;
    };

    ContainerInput(std::unique_ptr<ByteSource> source, std::string path);
    // `what` failed with libav's `code`: the message names the file, the
    // step, libav's reason and the last thing it logged.
    std::string av_failure(const std::string &what, int code);
    bool open_stream(std::string &error);
    // Fills pic from the decoded frame_; Error where it is corrupt or
    // changed size or format.
    ReadStatus deliver(VmafPicture &pic);

    static int read_packet(void *opaque, uint8_t *buf, int size);
    static int64_t seek(void *opaque, int64_t offset, int whence);
    static int interrupted(void *opaque);

    std::unique_ptr<ByteSource> source_;
    std::atomic<bool> cancelled_{false};
    // What libav logged last at error level (its threads log too).
    std::mutex log_mutex_;
    std::string last_log_;
    // Freed in reverse: frame and packet, decoder, demuxer, then its I/O.
    std::unique_ptr<AVIOContext, IoFree> io_;
    std::unique_ptr<AVFormatContext, FormatCloser> format_ctx_;
    std::unique_ptr<AVCodecContext, CodecFree> codec_;
    std::unique_ptr<AVPacket, PacketFree> packet_;
    std::unique_ptr<AVFrame, FrameFree> frame_;
    int stream_ = -1;
    int av_format_ = -1; // the stream's AVPixelFormat, which every frame must keep
    bool draining_ = false;
    std::optional<unsigned long long> frames_total_;
};

} // namespace vmaf::session
