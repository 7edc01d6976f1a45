// The frame pipeline of a HIP extractor: it stages the planes a twin reads
// and brings a few result bytes back per frame.
//
// Two slots alternate between frames, each with its own staging buffers and
// pinned results, and two streams split the work: frame n+1 is copied to the
// device (copy stream) while frame n's kernels run (compute stream).
// extract() returns once its frame's copy is done, so the caller may reuse
// the pictures, and reports the previous frame, whose results are then
// ready or nearly so; flush() reports the last. An owner declares its
// pipeline after the device buffers its work uses: the pipeline's streams,
// destroyed first, wait for that work.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <utility>

#include "extractor/extractor.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/kernel_timer.h"
#include "hip/runtime/staging.h"
#include "hip/runtime/stream.h"

namespace vmaf::hip {

class FramePipeline {
public:
    // `extractor` names the kernel times (VMAF_HIP_PROFILE).
    explicit FramePipeline(std::string extractor) : timer_(std::move(extractor)) {}

    // Which pictures of a frame a twin reads.
    enum class Pictures { kBoth, kReferenceOnly };

    // Staging for the first `planes` planes of pictures of this setup, and
    // `result_bytes` of results per frame. With kReferenceOnly the
    // distorted picture is neither staged nor copied (its PlaneStaging
    // stays empty).
    int init(const VmafExtractorSetup &setup, unsigned planes, size_t result_bytes,
             Pictures pictures = Pictures::kBoth);

    // Where the frame's work leaves its results, on the device.
    template <typename T> T *results() const { return results_.as<T>(); }

    // Stages the frame's planes, then queues work(ref, dis, stream) (the
    // staged pictures, PlaneStaging) on the compute stream, and the read-back
    // of results(). Reports the previous frame with report(results, index),
    // the results as a host PinnedBuffer.
    template <typename Work, typename Report>
    int extract(const VmafExtractorFrame &frame, Work &&work, Report &&report)
    {
        Slot &s = slots_[next_];
        next_ ^= 1;
        int err = upload(s, frame);
        if (!err) err = timer_.start(slot_id(s), compute_);
        if (!err) err = work(s.ref, s.dis, compute_.get());
        if (!err) err = read_back(s, frame.index);
        // The pictures go back to the caller when this returns, after an
        // error too: wait for every copy that reads them.
        const int copied = copy_.synchronize();
        if (err || copied) return err ? err : copied;
        Slot &previous = slots_[next_];
        return previous.pending ? collect(previous, report) : 0;
    }

    // Reports the frames not reported yet, oldest first.
    template <typename Report> int flush(Report &&report)
    {
        // At most one is pending (the last frame), unless an earlier frame
        // failed.
        Slot *a = &slots_[0], *b = &slots_[1];
        if (a->pending && b->pending && b->index < a->index) std::swap(a, b);
        for (Slot *s : {a, b}) {
            if (!s->pending) continue;
            if (int err = collect(*s, report)) return err;
        }
        return 0;
    }

private:
    struct Slot {
        PlaneStaging ref, dis;
        PinnedBuffer result; // the frame's results, copied back
        Event uploaded, done;
        unsigned index = 0;
        bool used = false;    // `done` has been recorded at least once
        bool pending = false; // holds a frame not yet reported
    };

    // Queues the copy of the frame's planes into the slot once the slot's
    // last work is done, and makes the compute stream wait for it.
    int upload(Slot &s, const VmafExtractorFrame &frame);
    // Queues the copy of results() into the slot; marks it pending.
    int read_back(Slot &s, unsigned index);

    unsigned slot_id(const Slot &s) const { return static_cast<unsigned>(&s - slots_.data()); }

    template <typename Report> int collect(Slot &s, Report &report)
    {
        s.pending = false;
        if (int err = s.done.synchronize()) return err;
        if (int err = timer_.add(slot_id(s))) return err;
        return report(s.result, s.index);
    }

    size_t result_bytes_ = 0;
    Pictures pictures_ = Pictures::kBoth;
    DeviceBuffer results_;
    std::array<Slot, 2> slots_;
    static_assert(KernelTimer::kSlots == 2, "one timer slot per pipeline slot");
    unsigned next_ = 0;
    KernelTimer timer_;
    // Declared last, destroyed first: their destructors wait for the queued
    // work, which uses the buffers above.
    Stream copy_, compute_;
};

// A twin's extract() and flush() around its pipeline. The twin has
// make_current(), enqueue(ref, dis, stream) queueing a frame's work on the
// staged pictures, and report(results, index, sink) writing a frame's keys
// from its results (a host PinnedBuffer).
template <typename Twin>
int extract_with(Twin &twin, FramePipeline &pipeline, const VmafExtractorFrame &frame,
                 VmafFeatureSink *sink)
{
    if (int err = twin.make_current()) return err;
    return pipeline.extract(
        frame,
        [&](const PlaneStaging &ref, const PlaneStaging &dis, hipStream_t stream) {
            return twin.enqueue(ref, dis, stream);
        },
        [&](const PinnedBuffer &results, unsigned index) {
            return twin.report(results, index, sink);
        });
}

template <typename Twin> int flush_with(Twin &twin, FramePipeline &pipeline, VmafFeatureSink *sink)
{
    if (int err = twin.make_current()) return err;
    return pipeline.flush([&](const PinnedBuffer &results, unsigned index) {
        return twin.report(results, index, sink);
    });
}

} // namespace vmaf::hip
