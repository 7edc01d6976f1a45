// One input video read ahead on a thread of its own, straight into pictures
// of the context's pool, through a bounded queue: reading overlaps scoring,
// and memory stays flat.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "libvmaf/libvmaf.h"
#include "session/input/video_input.h"

namespace vmaf::session {

class FrameReader {
public:
    // A frame (its picture owned here until vmaf_read_pictures takes it),
    // the end of the video, or an error.
    struct Item {
        ReadStatus status = ReadStatus::End;
        VmafPicture pic{};
        std::string error;
        // Frames read from the file so far, skipped ones included.
        unsigned frames_read = 0;

        Item() = default;
        Item(Item &&other) noexcept;
        Item &operator=(Item &&) = delete;
        ~Item();
    };

    // Pictures one reader holds at most, queued or being read (its depth):
    // it waits for room in its queue before it fetches. The pool needs this
    // many per reader on top of what the context holds, so that a fetch
    // never finds it empty. A frame more than the workers take at once is
    // enough to keep them busy: every picture further ahead is memory the
    // pool touches for the first time (a page fault per 4 KiB), which costs
    // short clips more than it saves.
    static constexpr unsigned kMaxDepth = 4;
    static unsigned depth_for(unsigned threads)
    {
        return threads + 1 < 2 ? 2 : (threads + 1 > kMaxDepth ? kMaxDepth : threads + 1);
    }

    // Starts reading `in` (which must outlive the reader): `skip` frames
    // first, read and dropped, then up to `count` frames (0: every frame),
    // never one more; at most `depth` pictures ahead.
    FrameReader(VmafContext *ctx, VideoInput &in, unsigned skip, unsigned count,
                unsigned depth = kMaxDepth);
    // Stops the thread, also one waiting for a pipe or for room, and joins
    // it; the pictures not taken go back to the pool.
    ~FrameReader();
    FrameReader(const FrameReader &) = delete;
    FrameReader &operator=(const FrameReader &) = delete;

    // Waits until the frames to skip are skipped; false with `error` when
    // the file has fewer, or a bad one.
    bool skipped(std::string &error);
    // The next frame, in order; after an End or Error item, End.
    Item next();
    // The most frames it reads from the file, skipped ones included; 0: no
    // limit but the file's end.
    unsigned limit() const { return count_ ? skip_ + count_ : 0; }

private:
    void run() noexcept;
    void read_frames();
    bool skip_frames(std::string &error);
    // Waits for room in the queue; false once stopping.
    bool wait_for_room();
    void push(Item item);
    void end(const char *failure = nullptr);

    VmafContext *ctx_;
    VideoInput &in_;
    const unsigned skip_, count_, depth_;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Item> queue_;
    enum class Skip { Pending, Done, Failed } skip_state_ = Skip::Pending;
    std::string skip_error_;
    bool stopping_ = false, ended_ = false;
    // Why the thread ended early, when something was thrown (no allocation
    // needed to say it).
    const char *failure_ = nullptr;
    std::thread thread_; // last: started once everything above is built
};

} // namespace vmaf::session
