#include "hip/runtime/frame_pipeline.h"

#include "hip/runtime/error.h"

namespace vmaf::hip {

int FramePipeline::init(const VmafExtractorSetup &setup, const Shape &shape)
{
    shape_ = shape;
    lanes_ = shape.lanes < 1 ? 1 : shape.lanes > kMaxLanes ? kMaxLanes : shape.lanes;
    for (unsigned l = 0; l < lanes_; l++) {
        if (int err = results_[l].allocate(shape_.result_bytes)) return err;
        if (int err = compute_[l].create()) return err;
    }
    for (Slot &s : slots_) {
        int err = s.ref.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, shape_.planes);
        if (!err && shape_.pictures == Pictures::kBoth)
            err = s.dis.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, shape_.planes);
        if (!err) err = s.result.allocate(shape_.result_bytes);
        if (!err) err = s.uploaded.create();
        if (!err) err = s.done.create();
        if (err) return err;
    }
    if (int err = copy_.create()) return err;
    return timer_.create();
}

int FramePipeline::upload(Slot &s, const VmafExtractorFrame &frame)
{
    // The slot's buffers were last used kSlots frames ago; its kernels must
    // be done before the copy overwrites them.
    if (s.used) {
        if (int err = copy_.wait(s.done)) return err;
    }
    if (int err = s.ref.upload(*frame.ref, copy_)) return err;
    if (shape_.pictures == Pictures::kBoth)
        if (int err = s.dis.upload(*frame.dis, copy_)) return err;
    if (int err = s.uploaded.record(copy_)) return err;
    s.index = frame.index;
    s.staged = ++uploads_;
    return compute_of(s).wait(s.uploaded);
}

int FramePipeline::wait_reads(unsigned index) const
{
    const Slot *newest = nullptr;
    for (const Slot &s : slots_)
        if (s.staged && s.index == index && (!newest || s.staged > newest->staged)) newest = &s;
    return newest ? newest->uploaded.synchronize() : copy_.synchronize();
}

int FramePipeline::zero(void *results, hipStream_t stream) const
{
    return check([&] { return hipMemsetAsync(results, 0, shape_.result_bytes, stream); },
                 "hipMemsetAsync (results to zero)");
}

int FramePipeline::read_back(Slot &s, unsigned index)
{
    const Stream &compute = compute_of(s);
    if (int err = timer_.stop(slot_id(s), compute)) return err;
    if (int err = check(
            [&] {
                return hipMemcpyAsync(s.result.get(), results_[lane_of(s)].get(),
                                      shape_.result_bytes, hipMemcpyDeviceToHost, compute.get());
            },
            "hipMemcpyAsync (results to host)"))
        return err;
    if (int err = s.done.record(compute)) return err;
    s.used = true;
    s.index = index;
    s.pending = true;
    return 0;
}

} // namespace vmaf::hip
