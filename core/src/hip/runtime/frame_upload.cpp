#include "hip/runtime/frame_upload.h"

#include "base/picture_memory.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"

namespace vmaf::hip {

int FrameUploader::create(const VmafHipState &state)
{
    state_ = &state;
    if (int err = make_current(state.device)) return err;
    if (int err = stream_.create()) return err;
    for (Event &e : done_)
        if (int err = e.create()) return err;
    return 0;
}

int FrameUploader::copy(const VmafPicture &src, const VmafPicture &dst, unsigned planes,
                        void **ready, uint64_t *ticket)
{
    *ready = nullptr;
    if (int err = make_current(state_->device)) return err;
    const size_t sample = bytes_per_sample(src.bpc);
    for (unsigned p = 0; p < planes; p++) {
        if (!src.data[p] || src.w[p] == 0) continue; // no chroma (4:0:0)
        if (int err = check(
                [&] {
                    return hipMemcpy2DAsync(dst.data[p], static_cast<size_t>(dst.stride[p]),
                                            src.data[p], static_cast<size_t>(src.stride[p]),
                                            src.w[p] * sample, src.h[p], hipMemcpyHostToDevice,
                                            stream_.get());
                },
                "hipMemcpy2DAsync (frame upload)"))
            return err;
    }
    hipEvent_t event = nullptr;
    if (int err = check([&] { return hipEventCreateWithFlags(&event, hipEventDisableTiming); },
                        "hipEventCreate"))
        return err;
    if (int err = check([&] { return hipEventRecord(event, stream_.get()); },
                        "hipEventRecord (frame upload)")) {
        give_back([&] { return hipEventDestroy(event); }, "hipEventDestroy");
        return err;
    }
    if (int err = done_[queued_ % kTickets].record(stream_)) {
        give_back([&] { return hipEventDestroy(event); }, "hipEventDestroy");
        return err;
    }
    *ready = event;
    *ticket = ++queued_;
    return 0;
}

int FrameUploader::wait(uint64_t ticket) const
{
    // A slot recorded again since holds a later copy of the same stream:
    // waiting for it waits for this one too.
    if (ticket == 0 || ticket > queued_) return 0;
    return done_[(ticket - 1) % kTickets].synchronize();
}

} // namespace vmaf::hip
