// A HIP twin as a declaration. The twin's own class, its Work, holds what
// is particular to it: its name, its device buffers, the shape of its
// frames (FramePipeline::Shape), the kernels it queues for a frame and how
// it reports a frame's results:
//
//   struct PsnrWork {
//       static constexpr const char *kName = "psnr_hip";
//       PsnrWork(const VmafExtractorSetup &setup, Args...);
//       // Device buffers (its device current) and the pipeline's shape.
//       int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
//       int enqueue(const FrameWork &frame);
//       int report(const PinnedBuffer &results, unsigned index, VmafFeatureSink *sink);
//       // Optional: checks before a frame is staged (temporal twins), what
//       // follows the last frame's report, what an error leaves behind.
//       int begin(const VmafExtractorFrame &frame);
//       int flush(VmafFeatureSink *sink);
//       void abandon();
//   };
//
// HipTwin<Work> is the extractor state around it: it makes the device
// current in every callback, owns the FramePipeline after the Work (the
// pipeline's streams, destroyed first, wait for the work on the Work's
// buffers), and reports through a FrameSink. twin_entry<Work> makes the
// table entry, with the C-ABI calls written here once.
#pragma once

#include <cerrno>
#include <new>
#include <utility>

#include "extractor/description.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "hip/runtime/device.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/frame_sink.h"
#include "hip/runtime/state.h"

namespace vmaf::hip {

template <typename Work> class HipTwin {
public:
    template <typename... Args>
    HipTwin(const VmafExtractorSetup &setup, const DeviceInfo &device, Args &&...args)
        : device_(device), work_(setup, std::forward<Args>(args)...), pipeline_(Work::kName)
    {}

    int make_current() const { return hip::make_current(device_); }
    void make_current_to_release() const { hip::make_current_to_release(device_); }

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        FramePipeline::Shape shape;
        if (int err = work_.init(setup, shape)) return err;
        return pipeline_.init(setup, shape);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        int err = make_current();
        if constexpr (requires(Work &w, const VmafExtractorFrame &f) { w.begin(f); })
            if (!err) err = work_.begin(frame);
        if (!err)
            err = pipeline_.extract(
                frame, [&](const FrameWork &f) { return work_.enqueue(f); },
                [&](const PinnedBuffer &results, unsigned index) {
                    return report(results, index, sink);
                });
        return abandon_on_error(err);
    }

    int flush(VmafFeatureSink *sink)
    {
        int err = make_current();
        if (!err)
            err = abandon_on_error(pipeline_.flush([&](const PinnedBuffer &results, unsigned index) {
                return report(results, index, sink);
            }));
        if constexpr (requires(Work &w, VmafFeatureSink *s) { w.flush(s); })
            if (!err) err = work_.flush(sink);
        return err;
    }

    int wait_reads(unsigned index)
    {
        if (int err = make_current()) return err;
        return pipeline_.wait_reads(index);
    }

private:
    // A frame's results, reported some frames after its extract() with the
    // keys stamped as that frame's.
    int report(const PinnedBuffer &results, unsigned index, VmafFeatureSink *sink)
    {
        FrameSink frame_sink(sink, index);
        return work_.report(results, index, &frame_sink);
    }

    int abandon_on_error(int err)
    {
        if constexpr (requires(Work &w) { w.abandon(); })
            if (err) work_.abandon();
        return err;
    }

    DeviceInfo device_;
    Work work_;
    // Last: destroyed first, its streams wait for the work that uses the
    // Work's buffers.
    FramePipeline pipeline_;
};

// Deletes a twin with its device current: its streams and buffers belong
// to that device.
template <typename Work> void close_twin(void *state)
{
    auto *twin = static_cast<HipTwin<Work> *>(state);
    twin->make_current_to_release();
    delete twin;
}

// Builds and starts the twin in *state, Work built from the setup and
// `args`; an init that checks the setup first calls this last.
template <typename Work, typename... Args>
int create_twin(void **state, const VmafExtractorSetup &setup, Args &&...args)
{
    const VmafHipState *hip = state_of(setup, Work::kName);
    if (!hip) return -EINVAL;
    auto *twin = new HipTwin<Work>(setup, hip->device, std::forward<Args>(args)...);
    if (int err = twin->init(setup)) {
        close_twin<Work>(twin);
        return err;
    }
    *state = twin;
    return 0;
}

// The init of a twin whose Work is built from the setup alone.
template <typename Work> int init_twin(void **state, const VmafExtractorSetup *setup)
{
    return create_twin<Work>(state, *setup);
}

template <typename Work> int wait_reads_twin(void *state, unsigned index)
{
    return static_cast<HipTwin<Work> *>(state)->wait_reads(index);
}

// The table entry of a HIP twin: named Work::kName, flagged
// VMAF_EXTRACTOR_HIP, with its CPU entry's options, provided features and
// reach. Its extract() returns before its copies are done (wait_reads).
template <typename Work>
constexpr VmafExtractor twin_entry(const ExtractorDescription &cpu,
                                   int (*init)(void **, const VmafExtractorSetup *))
{
    using Twin = HipTwin<Work>;
    // The CPU's options, keys and reach; its flags but PREV_REF: a twin
    // keeps the earlier frames it needs on the device itself.
    const uint64_t flags = (cpu.flags & ~uint64_t{VMAF_EXTRACTOR_PREV_REF}) | VMAF_EXTRACTOR_HIP;
    return {Work::kName,       cpu.options,          flags,
            cpu.provided_features, init,             extract_state<Twin>,
            flush_state<Twin>, close_twin<Work>,     wait_reads_twin<Work>,
            cpu.reach};
}

} // namespace vmaf::hip
