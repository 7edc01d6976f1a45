#include "hip/runtime/stream.h"

#include "hip/runtime/error.h"

namespace vmaf::hip {

Stream::~Stream()
{
    if (!stream_) return;
    synchronize();
    check(hipStreamDestroy(stream_), "hipStreamDestroy");
}

int Stream::create()
{
    return check(hipStreamCreateWithFlags(&stream_, hipStreamNonBlocking), "hipStreamCreate");
}

int Stream::synchronize() const
{
    return check(hipStreamSynchronize(stream_), "hipStreamSynchronize");
}

int Stream::wait(const Event &event) const
{
    return check(hipStreamWaitEvent(stream_, event.get(), 0), "hipStreamWaitEvent");
}

Event::~Event()
{
    if (event_) check(hipEventDestroy(event_), "hipEventDestroy");
}

int Event::create(bool timing)
{
    return check(hipEventCreateWithFlags(&event_, timing ? hipEventDefault : hipEventDisableTiming),
                 "hipEventCreate");
}

int Event::record(const Stream &stream) const
{
    return check(hipEventRecord(event_, stream.get()), "hipEventRecord");
}

int Event::synchronize() const { return check(hipEventSynchronize(event_), "hipEventSynchronize"); }

int Event::query() const
{
    const hipError_t status = hipEventQuery(event_);
    if (status == hipErrorNotReady) {
        // Not an error: leave no sticky status for the next launch check.
        static_cast<void>(hipGetLastError());
        return 0;
    }
    return status == hipSuccess ? 1 : check(status, "hipEventQuery");
}

} // namespace vmaf::hip
