#include "hip/runtime/stream.h"

#include "hip/runtime/error.h"

namespace vmaf::hip {

Stream::~Stream()
{
    if (!stream_) return;
    // Made even where a fault is injected (give_back, not check): the work
    // queued before the fault still runs on the device, and the buffers
    // destroyed after the stream must not be freed under it.
    give_back([&] { return hipStreamSynchronize(stream_); }, "hipStreamSynchronize");
    give_back([&] { return hipStreamDestroy(stream_); }, "hipStreamDestroy");
}

int Stream::create()
{
    return check([&] { return hipStreamCreateWithFlags(&stream_, hipStreamNonBlocking); },
                 "hipStreamCreate");
}

int Stream::synchronize() const
{
    return check([&] { return hipStreamSynchronize(stream_); }, "hipStreamSynchronize");
}

int Stream::wait(const Event &event) const
{
    return check([&] { return hipStreamWaitEvent(stream_, event.get(), 0); }, "hipStreamWaitEvent");
}

Event::~Event()
{
    if (event_) give_back([&] { return hipEventDestroy(event_); }, "hipEventDestroy");
}

int Event::create(bool timing)
{
    return check(
        [&] {
            return hipEventCreateWithFlags(&event_,
                                           timing ? hipEventDefault : hipEventDisableTiming);
        },
        "hipEventCreate");
}

int Event::record(const Stream &stream) const
{
    return check([&] { return hipEventRecord(event_, stream.get()); }, "hipEventRecord");
}

int Event::synchronize() const
{
    return check([&] { return hipEventSynchronize(event_); }, "hipEventSynchronize");
}

int Event::query() const
{
    hipError_t status = hipSuccess;
    const int err = check(
        [&] {
            status = hipEventQuery(event_);
            return status == hipErrorNotReady ? hipSuccess : status;
        },
        "hipEventQuery");
    if (err) return err;
    if (status == hipErrorNotReady) {
        // Not an error: leave no sticky status for the next launch check.
        static_cast<void>(hipGetLastError());
        return 0;
    }
    return 1;
}

} // namespace vmaf::hip
