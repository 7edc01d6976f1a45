#include "session/frame_reader.h"

#include <fmt/format.h>
#include <new>

namespace vmaf::session {

FrameReader::Item::Item(Item &&other) noexcept
    : status(other.status), pic(other.pic), error(std::move(other.error)),
      frames_read(other.frames_read)
{
    other.pic = VmafPicture{};
}

FrameReader::Item::~Item()
{
    if (pic.ref) vmaf_picture_unref(&pic);
}

FrameReader::FrameReader(VmafContext *ctx, VideoInput &in, unsigned skip, unsigned count,
                         unsigned depth)
    : ctx_(ctx), in_(in), skip_(skip), count_(count), depth_(depth)
{
    thread_ = std::thread([this] { run(); });
}

FrameReader::~FrameReader()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    in_.cancel();
    thread_.join();
}

bool FrameReader::skipped(std::string &error)
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return skip_state_ != Skip::Pending || ended_; });
    if (skip_state_ == Skip::Done) return true;
    error = skip_state_ == Skip::Failed
                ? skip_error_
                : fmt::format("{}: {}", in_.path(), failure_ ? failure_ : "reading stopped");
    return false;
}

FrameReader::Item FrameReader::next()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !queue_.empty() || ended_; });
    if (queue_.empty()) {
        Item end;
        end.frames_read = in_.frames_read();
        if (failure_) {
            end.status = ReadStatus::Error;
            end.error = fmt::format("{}: {}", in_.path(), failure_);
        }
        return end;
    }
    Item item(std::move(queue_.front()));
    queue_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return item;
}

void FrameReader::run() noexcept
{
    // Nothing thrown leaves the thread: it ends the video with the reason.
    try {
        read_frames();
        end();
    } catch (const std::bad_alloc &) {
        end("reading stopped: out of memory");
    } catch (...) {
        end("reading stopped by an unexpected error");
    }
}

void FrameReader::end(const char *failure)
{
    {
        std::lock_guard lock(mutex_);
        ended_ = true;
        if (failure && !failure_) failure_ = failure;
    }
    changed_.notify_all();
}

void FrameReader::read_frames()
{
    std::string error;
    const bool ok = skip_frames(error);
    {
        std::lock_guard lock(mutex_);
        skip_state_ = ok ? Skip::Done : Skip::Failed;
        skip_error_ = std::move(error);
    }
    changed_.notify_all();
    if (!ok) return;
    for (unsigned n = 0; count_ == 0 || n < count_; n++) {
        if (!wait_for_room()) return;
        Item item;
        if (!in_.makes_pictures() && vmaf_fetch_preallocated_picture(ctx_, &item.pic)) {
            item.status = ReadStatus::Error;
            item.error = fmt::format("{}: no picture to read frame {} into (see the message above)",
                                     in_.path(), in_.frames_read());
        } else {
            item.status = in_.read_frame(item.pic);
            if (item.status == ReadStatus::Error) item.error = in_.error();
        }
        item.frames_read = in_.frames_read();
        if (item.status != ReadStatus::Frame && item.pic.ref) vmaf_picture_unref(&item.pic);
        const bool last = item.status != ReadStatus::Frame;
        push(std::move(item));
        if (last) return;
    }
}

// The skipped frames are read (and checked) as any other, into one picture.
bool FrameReader::skip_frames(std::string &error)
{
    if (skip_ == 0) return true;
    Item scratch; // gives its picture back however this returns
    const bool own = in_.makes_pictures();
    if (!own && vmaf_fetch_preallocated_picture(ctx_, &scratch.pic)) {
        error = fmt::format("{}: no picture to skip frames into (see the message above)", in_.path());
        return false;
    }
    ReadStatus status = ReadStatus::Frame;
    for (unsigned i = 0; i < skip_ && status == ReadStatus::Frame; i++) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) break;
        }
        status = in_.read_frame(scratch.pic);
        if (own && scratch.pic.ref) vmaf_picture_unref(&scratch.pic);
    }
    if (status == ReadStatus::Frame) return true;
    error = status == ReadStatus::End
                ? fmt::format("{}: cannot skip {} frames, it has only {}", in_.path(), skip_,
                              in_.frames_read())
                : in_.error();
    return false;
}

bool FrameReader::wait_for_room()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopping_ || queue_.size() < depth_; });
    return !stopping_;
}

void FrameReader::push(Item item)
{
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(item));
    }
    changed_.notify_all();
}

} // namespace vmaf::session
