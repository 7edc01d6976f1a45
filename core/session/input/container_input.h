// A video stream in any container libavformat reads (MP4, MKV, MOV, WebM,
// MPEG-TS, ...), decoded with libavcodec in the stream's own pixel format
// and depth: planar YUV or gray, 8 to 16 bits, 4:2:0, 4:2:2 or 4:4:4. With
// hardware decoding (--hwdec) the decoder's frames are copied back to host
// memory and unpacked into that same format (plane_unpack.h), or, with the
// HIP backend on the decoding GPU (keep_on_device), stay in its memory and
// are handed over as device pictures that the GPU's extractors read in place.
// Bytes come through the same ByteSource as Y4M's, so pipes and standard
// input work, and the bytes peeked to tell the type are not lost.
#pragma once

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "session/input/byte_source.h"
#include "session/input/gop_decoding.h"
#include "session/input/video_input.h"

struct AVBufferRef;
struct AVCodec;
struct AVCodecContext;
struct AVFormatContext;
struct AVFrame;
struct AVIOContext;
struct AVPacket;

namespace vmaf::session {

// Loads FFmpeg's libraries (session/input/libav.h) at the first call; from then
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
                                            const std::string &path, const Decoding &decoding,
                                            std::string &error);
    // Whether the file's first bytes (not its name) plainly say container:
    // how a file given with raw YUV's geometry is still read as one. False
    // where FFmpeg's libraries cannot be loaded.
    static bool recognised(ByteSource &source, const std::string &path);

    ~ContainerInput() override;
    ReadStatus read_frame(VmafPicture &pic) override;
    std::optional<unsigned long long> frames_left() const override;
    bool decoded() const override { return true; }
    std::string decoder_note() const override { return decoder_note_; }
    std::optional<double> frame_time() const override { return frame_time_; }
    void cancel() override;
#ifdef VMAF_HAVE_HIP
    bool keep_on_device(VmafHipState *state, unsigned gpu, unsigned held) override;
    bool makes_pictures() const override { return device_state_ != nullptr; }
#endif

    // libav's log callback hands this input what its contexts say.
    void note(const char *line);
    // libavcodec's get_format, through a trampoline: the hardware's format
    // where offered, else (Auto) the CPU's, else (the hardware asked for by
    // name) none, which fails the decoding.
    int choose_format(const std::vector<int> &offered);

private:
    friend class GopDecoding;

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
    struct BufferUnref {
        void operator()(AVBufferRef *b) const;
    };

    ContainerInput(std::unique_ptr<ByteSource> source, std::string path);
    // A decoder of GopDecoding's on the regular file `path`: `threads`
    // decoding threads, the CPU's decoder, its own reads.
    static std::unique_ptr<ContainerInput> open_worker(const std::string &path, int threads,
                                                       std::string &error);
    // After the input opened, decoding on the CPU: its chunks decoded at once
    // on `decoding.decoders` decoders (GopDecoding) where it can be cut,
    // else why not in the note where more than one was asked for.
    void plan_chunks(const Decoding &decoding);
    // With chunks: the first chunk from this input's decoder, then the
    // others' frames in order.
    ReadStatus read_chunked(VmafPicture &pic);
    // The keyframes the demuxer's index lists so far: their timestamps,
    // ascending.
    std::vector<int64_t> index_keyframes() const;
    // Moves the demuxer to the keyframe of index timestamp `ts` and empties
    // the decoder, for a chunk to start there.
    bool seek_keyframe(int64_t ts, std::string &error);
    // `what` failed with libav's `code`: the message names the file, the
    // step, libav's reason and the last thing it logged.
    std::string av_failure(const std::string &what, int code);
    bool open_stream(const Decoding &decoding, std::string &error);
    // Before the decoder is set up: the device for `decoding`'s hardware,
    // and the decoder of the stream's codec that it accelerates (in place of
    // `decoder`). False with `error` set where the hardware was asked for by
    // name and cannot decode; with Auto, a decoder left on the CPU says why
    // in the note.
    bool choose_hardware(const AVCodec *&decoder, const Decoding &decoding, std::string &error);
    // codec_ for `decoder`, on hw_device_ when there is one, opened.
    bool open_decoder(const AVCodec *decoder, std::string &error);
    // With hardware decoding, decodes the first frame while the input
    // opens, so that where it is decoded is known (and refused) before
    // scoring starts; read_frame() then delivers it first. With Auto, a
    // stream the hardware refuses goes to the CPU's decoder here.
    bool prime(std::string &error);
    // Unpacks a hardware frame, copied back to host memory, into pic.
    ReadStatus deliver_hardware(AVFrame &frame, VmafPicture &pic);
#ifdef VMAF_HAVE_HIP
    // With keep_on_device: the next frame as a picture of its own, a device
    // picture of a hardware frame (wrap_device) or a host copy of a frame
    // the CPU decoded (Auto's decoder taking over).
    ReadStatus read_device(VmafPicture &pic);
    // Hands the hardware frame over as a device picture: it goes back to
    // the decoder with the picture's last reference.
    ReadStatus wrap_device(AVFrame &frame, VmafPicture &pic);
#endif
    // With hardware decoding: frames are taken from the decoder
    // kFramesAhead ahead of the one delivered, so that the hardware decodes
    // them while that one is copied back (a copy waits for its frame).
    ReadStatus read_ahead(VmafPicture &pic);
    // The index of the next frame the decoder gives.
    unsigned next_decoded() const
    {
        return frames_ + static_cast<unsigned>(ahead_.size()) + (primed_ ? 1 : 0);
    }
    // The next decoded frame into frame_.
    ReadStatus receive();
    // The note of an input decoded on the CPU by `decoder`, and why.
    void note_cpu_decoding(const AVCodec &decoder, const std::string &why);
    // The planes a picture gets: those set_planes() asked for, that exist.
    unsigned planes_filled() const;
    // Whether `f`, of pixel format `format`, is a frame of the video as it
    // began and undamaged; else fails the input.
    bool frame_fits(const AVFrame &f, int format);
    // Fills pic from a decoded frame, and lets it go; Error where it is
    // corrupt or changed size or format.
    ReadStatus deliver(AVFrame &frame, VmafPicture &pic);

    static int read_packet(void *opaque, uint8_t *buf, int size);
    static int64_t seek(void *opaque, int64_t offset, int whence);
    static int interrupted(void *opaque);

    std::unique_ptr<ByteSource> source_;
    std::atomic<bool> cancelled_{false};
    // What libav logged last at error level (its threads log too).
    std::mutex log_mutex_;
    std::string last_log_;
    // The reason of the last failure av_failure() described: libav's words.
    std::string last_reason_;
    // Freed in reverse: frame and packet, decoder, demuxer, then its I/O.
    std::unique_ptr<AVIOContext, IoFree> io_;
    std::unique_ptr<AVFormatContext, FormatCloser> format_ctx_;
    std::unique_ptr<AVCodecContext, CodecFree> codec_;
    std::unique_ptr<AVPacket, PacketFree> packet_;
    std::unique_ptr<AVFrame, FrameFree> frame_;
    // Hardware decoding: the device, its frames' format, host copies of them.
    std::unique_ptr<AVBufferRef, BufferUnref> hw_device_;
    int hw_format_ = -1;
    HwDecode hw_asked_ = HwDecode::None;
    std::unique_ptr<AVFrame, FrameFree> host_frame_;
    std::string decoder_note_;
    std::optional<double> frame_time_; // of the frame delivered last
    void note_time(const AVFrame &frame);
    std::string hw_refusal_; // why the hardware does not decode the stream
    // The codec's first decoder, which decodes on the CPU.
    const AVCodec *software_decoder_ = nullptr;
    // While priming (the first frame, hardware decoding): the packets sent,
    // for the CPU's decoder to start from if the hardware refuses.
    bool priming_ = false;
    std::deque<std::unique_ptr<AVPacket, PacketFree>> kept_, replay_;
    bool primed_ = false; // frame_ holds the first frame, not delivered yet
    static constexpr size_t kFramesAhead = 4;
    // Frames a hardware decoder has beyond its references: the frames read
    // ahead, or the device pictures held downstream (keep_on_device).
    static constexpr unsigned kDeviceFrames = 12;
    unsigned hw_gpu_ = 0; // the GPU that decodes, with CUDA
#ifdef VMAF_HAVE_HIP
    VmafHipState *device_state_ = nullptr; // set by keep_on_device
#endif
    std::deque<std::unique_ptr<AVFrame, FrameFree>> ahead_;
    ReadStatus ahead_status_ = ReadStatus::Frame; // End or Error once the decoder gave out
    int stream_ = -1;
    int av_format_ = -1; // the stream's AVPixelFormat, which every frame must keep
    bool draining_ = false;
    std::optional<unsigned long long> frames_total_;
    // Decoder threads: 0, libavcodec's choice; a chunk's worker takes one.
    int decoder_threads_ = 0;
    // What the packets fed say of the chunk being decoded (GopDecoding).
    ChunkWatch *watch_ = nullptr;
    // With chunks: the first chunk's watch while this decoder decodes it,
    // and the decoders of the others (destroyed first: their threads join).
    std::unique_ptr<ChunkWatch> first_chunk_;
    std::unique_ptr<GopDecoding> chunks_;
};

} // namespace vmaf::session
