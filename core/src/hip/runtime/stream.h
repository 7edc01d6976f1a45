// Owned streams and events. Empty until create() succeeds.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip {

class Event;

class Stream {
public:
    Stream() = default;
    // Waits for the queued work before destroying the stream, so that no
    // buffer destroyed after it is still in use by the device.
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;

    // A non-blocking stream: it does not serialize with the null stream.
    int create();
    hipStream_t get() const { return stream_; }
    int synchronize() const;
    // Work queued after this call starts once `event`'s recorded work is done.
    int wait(const Event &event) const;

private:
    hipStream_t stream_ = nullptr;
};

class Event {
public:
    Event() = default;
    ~Event();
    Event(const Event &) = delete;
    Event &operator=(const Event &) = delete;

    // Without timing (cheaper to record and to wait for) unless `timing`.
    int create(bool timing = false);
    hipEvent_t get() const { return event_; }
    int record(const Stream &stream) const;
    // Blocks the host until the recorded work is done.
    int synchronize() const;
    // 1 when the recorded work is done, 0 while it runs, or a negative errno.
    int query() const;

private:
    hipEvent_t event_ = nullptr;
};

} // namespace vmaf::hip
