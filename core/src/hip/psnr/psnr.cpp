// psnr_hip: the HIP twin of psnr. The GPU computes the per-plane sums of
// squared errors; psnr::Reporter turns them into the same keys and values
// as the CPU extractor.
//
// Two slots alternate between frames, each with its own staging buffers and
// results, and two streams split the work: frame n+1 is copied to the device
// (copy stream) while frame n's kernel runs (compute stream). extract()
// returns once its frame's copy is done, so the caller may reuse the
// pictures, and reports the previous frame, whose result is then ready or
// nearly so.
#include <array>
#include <cerrno>
#include <new>
#include <utility>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/psnr/psnr_options.h"
#include "feature/psnr/psnr_report.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/psnr/psnr_kernel.h"
#include "hip/runtime/staging.h"
#include "hip/runtime/state.h"
#include "hip/runtime/stream.h"
#include "engine/picture_memory.h"

namespace vmaf::hip::psnr {
namespace {

struct Slot {
    PlaneStaging ref, dis;
    DeviceBuffer sums;   // unsigned long long per plane, on the device
    PinnedBuffer result; // the same, copied back
    Event uploaded, done;
    unsigned index = 0;
    bool used = false;    // `done` has been recorded at least once
    bool pending = false; // holds a frame not yet reported
};

class PsnrHip {
public:
    PsnrHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : reporter_(setup), device_(state.device.index),
          sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc)))
    {}

    int init(const VmafExtractorSetup &setup);
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink);
    int flush(VmafFeatureSink *sink);
    int make_current() const { return hip::make_current(device_); }

private:
    int collect(Slot &slot, VmafFeatureSink *sink);

    vmaf::psnr::Reporter reporter_;
    int device_;
    unsigned sample_bytes_;
    std::array<Slot, 2> slots_;
    unsigned next_ = 0;
    // Declared last, destroyed first: their destructors wait for the queued
    // work, which uses the slots' buffers.
    Stream copy_, compute_;
};

int PsnrHip::init(const VmafExtractorSetup &setup)
{
    if (int err = make_current()) return err;
    const unsigned planes = reporter_.planes();
    for (Slot &s : slots_) {
        int err = s.ref.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, planes);
        if (!err) err = s.dis.allocate(setup.pix_fmt, setup.bpc, setup.w, setup.h, planes);
        if (!err) err = s.sums.allocate(3 * sizeof(unsigned long long));
        if (!err) err = s.result.allocate(3 * sizeof(unsigned long long));
        if (!err) err = s.uploaded.create();
        if (!err) err = s.done.create();
        if (err) return err;
    }
    if (int err = copy_.create()) return err;
    return compute_.create();
}

int PsnrHip::extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
{
    if (int err = make_current()) return err;
    Slot &s = slots_[next_];
    next_ ^= 1;

    // The slot's buffers were last used two frames ago; its kernel must be
    // done before the copy overwrites them.
    if (s.used) {
        if (int err = copy_.wait(s.done)) return err;
    }
    if (int err = s.ref.upload(*frame.ref, copy_)) return err;
    if (int err = s.dis.upload(*frame.dis, copy_)) return err;
    if (int err = s.uploaded.record(copy_)) return err;

    SsePlanes planes{};
    for (unsigned p = 0; p < reporter_.planes(); p++) {
        planes.ref[p] = s.ref.plane(p);
        planes.dis[p] = s.dis.plane(p);
        planes.samples[p] = s.ref.samples(p);
    }
    auto *sums = s.sums.as<unsigned long long>();
    if (int err = compute_.wait(s.uploaded)) return err;
    if (int err = check(hipMemsetAsync(sums, 0, s.sums.size(), compute_.get()), "hipMemsetAsync"))
        return err;
    if (int err = check(launch_sse(planes, reporter_.planes(), sample_bytes_, sums, compute_.get()),
                        "launch of psnr_hip's sse kernel"))
        return err;
    if (int err = check(hipMemcpyAsync(s.result.get(), sums, s.sums.size(), hipMemcpyDeviceToHost,
                                       compute_.get()),
                        "hipMemcpyAsync (sums to host)"))
        return err;
    if (int err = s.done.record(compute_)) return err;
    s.used = true;
    s.index = frame.index;
    s.pending = true;

    // The pictures go back to the caller when we return.
    if (int err = s.uploaded.synchronize()) return err;

    Slot &previous = slots_[next_];
    return previous.pending ? collect(previous, sink) : 0;
}

int PsnrHip::collect(Slot &slot, VmafFeatureSink *sink)
{
    slot.pending = false;
    if (int err = slot.done.synchronize()) return err;
    const auto *r = slot.result.as<const unsigned long long>();
    const uint64_t sse[3] = {r[0], r[1], r[2]};
    return reporter_.report(sse, slot.index, sink);
}

int PsnrHip::flush(VmafFeatureSink *sink)
{
    if (int err = make_current()) return err;
    // The older pending frame first (there is at most one, the last frame,
    // unless an earlier frame failed).
    Slot *a = &slots_[0], *b = &slots_[1];
    if (a->pending && b->pending && b->index < a->index) std::swap(a, b);
    for (Slot *s : {a, b}) {
        if (!s->pending) continue;
        if (int err = collect(*s, sink)) return err;
    }
    return reporter_.flush(sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    const VmafHipState *hip = state_of(*setup, "psnr_hip");
    if (!hip) return -EINVAL;
    auto *psnr = new (std::nothrow) PsnrHip(*setup, *hip);
    if (!psnr) return -ENOMEM;
    if (int err = psnr->init(*setup)) {
        delete psnr;
        return err;
    }
    *state = psnr;
    return 0;
}

void close(void *state)
{
    auto *psnr = static_cast<PsnrHip *>(state);
    // Streams and buffers belong to the device; free them with it current.
    psnr->make_current();
    delete psnr;
}

} // namespace
} // namespace vmaf::hip::psnr

extern "C" const VmafExtractor vmaf_extractor_psnr_hip = {
    "psnr_hip",
    vmaf::psnr::kOptions,
    // Temporal like psnr: apsnr sums over the whole clip in one instance.
    VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_HIP,
    vmaf::psnr::kFeatures,
    vmaf::hip::psnr::init,
    vmaf::extract_state<vmaf::hip::psnr::PsnrHip>,
    vmaf::flush_state<vmaf::hip::psnr::PsnrHip>,
    vmaf::hip::psnr::close,
};
