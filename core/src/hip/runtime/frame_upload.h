// A frame's pictures brought to the GPU once for every twin of a context
// (the engine's shared staging): each host picture is copied into a device
// picture on the uploader's own stream, and the twins' staging then copies
// from that device picture, device to device, after its ready event.
#pragma once

#include <array>
#include <cstdint>

#include "hip/runtime/state.h"
#include "hip/runtime/stream.h"
#include "libvmaf/picture.h"

namespace vmaf::hip {

class FrameUploader {
public:
    // The stream and events on the state's GPU.
    int create(const VmafHipState &state);

    // Queues the copy of src's first `planes` planes (host memory) into dst
    // (a device picture of the state's GPU, same format and size); *ready
    // becomes an event after the copy, for dst's readers (ready_free frees
    // it). Returns the copy's ticket (from 1) in *ticket.
    int copy(const VmafPicture &src, const VmafPicture &dst, unsigned planes, void **ready,
             uint64_t *ticket);

    // Waits until the copy of `ticket` and those before it are done, so
    // that their host pictures may be reused.
    int wait(uint64_t ticket) const;

private:
    // Copies in flight that wait() tells apart (an older one is waited for
    // through a later one).
    static constexpr unsigned kTickets = 16;

    const VmafHipState *state_ = nullptr;
    Stream stream_;
    std::array<Event, kTickets> done_;
    uint64_t queued_ = 0;
};

} // namespace vmaf::hip
