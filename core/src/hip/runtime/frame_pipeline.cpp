#include "hip/runtime/frame_pipeline.h"

#include "hip/runtime/error.h"

namespace vmaf::hip {

int FramePipeline::init(const VmafExtractorSetup &setup, unsigned planes, size_t result_bytes,
                        Pictures pictures)
{
    result_bytes_ = result_bytes;
    pictures_ = pictures;
    if (int err = results_.allocate(result_bytes_)) return err;
    for (Slot &s : slots_) {
        int err = s.ref.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, planes);
        if (!err && pictures_ == Pictures::kBoth)
            err = s.dis.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, planes);
        if (!err) err = s.result.allocate(result_bytes_);
        if (!err) err = s.uploaded.create();
        if (!err) err = s.done.create();
        if (err) return err;
    }
    if (int err = copy_.create()) return err;
    if (int err = compute_.create()) return err;
    return timer_.create();
}

int FramePipeline::upload(Slot &s, const VmafExtractorFrame &frame)
{
    // The slot's buffers were last used two frames ago; its kernels must be
    // done before the copy overwrites them.
    if (s.used) {
        if (int err = copy_.wait(s.done)) return err;
    }
    if (int err = s.ref.upload(*frame.ref, copy_)) return err;
    if (pictures_ == Pictures::kBoth)
        if (int err = s.dis.upload(*frame.dis, copy_)) return err;
    if (int err = s.uploaded.record(copy_)) return err;
    return compute_.wait(s.uploaded);
}

int FramePipeline::read_back(Slot &s, unsigned index)
{
    if (int err = timer_.stop(slot_id(s), compute_)) return err;
    if (int err = check(hipMemcpyAsync(s.result.get(), results_.get(), result_bytes_,
                                       hipMemcpyDeviceToHost, compute_.get()),
                        "hipMemcpyAsync (results to host)"))
        return err;
    if (int err = s.done.record(compute_)) return err;
    s.used = true;
    s.index = index;
    s.pending = true;
    return 0;
}

} // namespace vmaf::hip
