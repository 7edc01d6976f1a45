// An encoded input decoded by several decoders at once (--decoders): the
// input's own decoder takes the first chunk (gop_chunks.h) while worker
// threads, each with a decoder of its own on the same file, decode the
// later chunks from their keyframes. Frames come out in presentation order,
// the frames one decoder would give: a chunk keeps those whose presentation
// times lie from its keyframe's to the next chunk's keyframe's, and its
// decoder goes on past that keyframe until it gives it, so that the leading
// pictures of an open GOP, which refer to the GOP before, come from the
// decoder that holds their references. A chunk's decoder drops what comes
// before its keyframe (an open GOP's leading pictures, without their
// references); every frame it keeps must match a packet it fed in its span,
// and every such packet must give a frame: a chunk that does not decode as
// one decoder would is an error, never a frame missing or out of place.
//
// Memory: decoded frames wait in their chunk's queue; decoders of chunks
// after the one being read wait while the queues of every input of the
// process (a batch's pairs share it) hold the budget's bytes.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "session/input/video_input.h"

struct AVFrame;
struct AVPacket;

namespace vmaf::session {

class ContainerInput;

// What a decoder learns of its chunk from the packets it reads: when the
// chunk's keyframe and the next chunk's come by (known by their index
// timestamps, presentation or decoding times), their presentation times, and
// those of every packet fed from the chunk's keyframe on.
struct ChunkWatch {
    static constexpr int64_t kNone = std::numeric_limits<int64_t>::min();
    int64_t start_ts = kNone; // kNone: the file's start (nothing recorded)
    int64_t next_ts = kNone;  // kNone: the file's end
    std::optional<int64_t> start_pts, next_pts;
    std::vector<int64_t> fed;
    bool untimed = false; // a packet fed without a presentation time
    void saw(const AVPacket &packet);
    // Whether the packet just seen comes before the chunk's keyframe: the
    // decoder is fed nothing before it, since a demuxer may seek to the
    // keyframe before (MP4's, asked for a decoding time).
    bool before_start() const { return start_ts != kNone && !start_pts; }
};

class GopDecoding {
public:
    struct FrameFree {
        void operator()(AVFrame *f) const;
    };
    using Frame = std::unique_ptr<AVFrame, FrameFree>;

    // Decodes the chunks of `path` that start at `starts` (index timestamps,
    // gop_chunks.h) on `workers` decoders of `threads` threads each;
    // decoded frames, `frame_bytes` each, wait in memory beyond the chunk
    // being read while the process's inputs hold under `budget` bytes.
    // `seconds_per_tick` names places in messages.
    GopDecoding(std::string path, std::vector<int64_t> starts, unsigned workers, int threads,
                size_t frame_bytes, size_t budget, double seconds_per_tick);
    ~GopDecoding();
    GopDecoding(const GopDecoding &) = delete;
    GopDecoding &operator=(const GopDecoding &) = delete;

    // The next frame of the chunks after the first, in presentation order:
    // Frame, End, or Error with `error` set.
    ReadStatus next(Frame &frame, std::string &error);
    // From any thread: the decoders stop; next() gives Error.
    void cancel();

    // The bytes of decoded frames the process's inputs may hold ahead: a
    // sixteenth of the machine's memory, 256 MiB to 4 GiB.
    static size_t default_budget();

private:
    struct Chunk {
        std::deque<Frame> frames;
        bool done = false;
        std::string error;
    };
    void work();
    // Decodes chunk c on `input`, handing its frames over; its error, else empty.
    std::string decode(ContainerInput &input, size_t c);
    // Hands a frame of chunk c to the reader, waiting for room; false once cancelled.
    bool hand_over(size_t c, Frame frame);
    void finish(size_t c, std::string error);
    std::string place(int64_t ts) const;

    const std::string path_;
    const std::vector<int64_t> starts_;
    const int threads_;
    const size_t frame_bytes_, budget_;
    const double seconds_per_tick_;
    // The process's ledger of waiting frames (gop_decoding.cpp).
    std::mutex &mutex_;
    std::condition_variable &changed_;
    std::vector<Chunk> chunks_;
    size_t reading_ = 0;    // the chunk next() takes frames from
    size_t next_chunk_ = 0; // the next chunk a worker takes
    size_t held_ = 0;       // frames waiting in the chunks' queues
    bool cancelled_ = false;
    std::vector<ContainerInput *> inputs_; // the workers' decoders, for cancel()
    std::vector<std::thread> workers_;
};

} // namespace vmaf::session
