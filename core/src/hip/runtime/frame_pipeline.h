// The frame pipeline of a HIP extractor: it stages the planes a twin reads,
// queues the frame's work and brings a few result bytes back per frame,
// with several frames in flight.
//
// kSlots slots take frames in turn, each with its own staging buffers,
// pinned results and events. A copy stream brings frame n+1 to the device
// while earlier frames' kernels run on the compute streams: one per lane,
// frames going to the lanes in turn. A twin with several lanes keeps its
// intermediate buffers per lane, so that the lanes' frames run at once: at
// small sizes a frame's many small kernels leave most of the GPU idle.
// extract() queues the frame and returns without waiting
// for the device; the engine calls wait_reads(index) before the frame's
// pictures go back to their owner. Results are reported in frame order: those that are ready
// at each extract(), and the oldest one whenever its slot is needed again;
// flush() reports the rest. A twin whose work is the same for a slot every
// frame has it captured once per slot and replayed as a graph.
//
// A twin does not hold a pipeline itself: HipTwin (runtime/twin.h) owns it
// after the twin's buffers, so that its streams, destroyed first, wait for
// the work that uses them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "extractor/extractor.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/graph.h"
#include "hip/runtime/kernel_timer.h"
#include "hip/runtime/staging.h"
#include "hip/runtime/stream.h"

namespace vmaf::hip {

// What a frame's work is given: the staged pictures, the lane the frame
// runs in, where its results go (on the device) and the stream to queue on.
struct FrameWork {
    const PlaneStaging &ref, &dis;
    unsigned lane;
    // The frame's index. Work queued anew each frame (Replay::kEachFrameQueued)
    // may depend on it; captured work must not.
    unsigned index;
    void *results;
    hipStream_t stream;

    template <typename T> T *results_as() const { return static_cast<T *>(results); }
};

class FramePipeline {
public:
    // Frames in flight: enough to keep the copy engine and the kernels of
    // several extractors busy while the host reads ahead.
    static constexpr unsigned kSlots = KernelTimer::kSlots;
    // Frames a twin may run at once, each on a lane with its own
    // intermediates: one per slot (ADR 0044).
    static constexpr unsigned kMaxLanes = 4;
    static_assert(kSlots % kMaxLanes == 0, "a slot keeps its lane");

    // `extractor` names the kernel times (VMAF_HIP_PROFILE).
    explicit FramePipeline(std::string extractor) : timer_(std::move(extractor)) {}

    // Which pictures of a frame a twin reads.
    enum class Pictures { kBoth, kReferenceOnly };
    // Whether the work a twin queues for a slot is the same every frame
    // (same kernels, arguments and buffers), so that it may be replayed.
    enum class Replay { kCaptured, kEachFrameQueued };
    // Whether the work writes every byte of its results, or adds into them
    // (atomics): the pipeline then zeroes them before each frame's work.
    enum class Results { kWritten, kAccumulated };

    // What a twin declares of its frames.
    struct Shape {
        unsigned planes = 1;     // the first planes of each picture, staged
        size_t result_bytes = 0; // results a frame leaves, read back
        Results results = Results::kWritten;
        // With kReferenceOnly the distorted picture is neither staged nor
        // copied (its PlaneStaging stays empty).
        Pictures pictures = Pictures::kBoth;
        Replay replay = Replay::kCaptured;
        unsigned lanes = 1; // frames run at once, 1 to kMaxLanes
    };

    // Staging and results for pictures of this setup, as `shape` says.
    int init(const VmafExtractorSetup &setup, const Shape &shape);

    // Stages the frame's planes, then queues work(FrameWork) (0 or a
    // negative errno) on the compute stream of the frame's lane, and the
    // read-back of its results. Reports earlier frames with
    // report(results, index), the results as a host PinnedBuffer.
    template <typename Enqueue, typename Report>
    int extract(const VmafExtractorFrame &frame, Enqueue &&work, Report &&report)
    {
        Slot &s = slots_[next_];
        // The slot's frame, kSlots frames back, must be reported before
        // its results are overwritten.
        if (s.pending)
            if (int err = collect(s, report)) return err;
        next_ = (next_ + 1) % kSlots;
        int err = upload(s, frame);
        if (!err) err = timer_.start(slot_id(s), compute_of(s));
        if (!err) err = queue_work(s, frame.index, work);
        if (!err) err = read_back(s, frame.index);
        if (err) {
            // The pictures go back to the caller after an error: wait for
            // every copy that reads them.
            copy_.synchronize();
            return err;
        }
        return collect_ready(report);
    }

    // Returns once no copy reads the pictures of frame `index` or of an
    // earlier frame (copies run in order on one stream): it waits for the
    // newest slot staged with that index, else for every copy.
    int wait_reads(unsigned index) const;

    // Reports the frames not reported yet, oldest first.
    template <typename Report> int flush(Report &&report)
    {
        for (unsigned k = 0; k < kSlots; k++) {
            Slot &s = slots_[(next_ + k) % kSlots];
            if (!s.pending) continue;
            if (int err = collect(s, report)) return err;
        }
        return 0;
    }

private:
    struct Slot {
        PlaneStaging ref, dis;
        PinnedBuffer result; // the frame's results, copied back
        Event uploaded, done;
        Graph graph; // the slot's work, once captured
        unsigned index = 0;
        uint64_t staged = 0;  // when its copies were queued (uploads_), 0: never
        bool used = false;    // `done` has been recorded at least once
        bool pending = false; // holds a frame not yet reported
    };

    // Queues the copy of the frame's planes into the slot once the slot's
    // last work is done, and makes the compute stream wait for it.
    int upload(Slot &s, const VmafExtractorFrame &frame);
    // Queues the copy of results() into the slot; marks it pending.
    int read_back(Slot &s, unsigned index);

    // Zeroes accumulated results, then the frame's work.
    int zero_then(const FrameWork &f, auto &work) const
    {
        if (shape_.results == Results::kAccumulated)
            if (int err = zero(f.results, f.stream)) return err;
        return work(f);
    }
    int zero(void *results, hipStream_t stream) const;

    template <typename Enqueue> int queue_work(Slot &s, unsigned index, Enqueue &work)
    {
        const unsigned lane = lane_of(s);
        const Stream &compute = compute_[lane];
        void *results = results_[lane].get();
        if (shape_.replay == Replay::kEachFrameQueued)
            return zero_then(FrameWork{s.ref, s.dis, lane, index, results, compute.get()}, work);
        if (!s.graph.captured()) {
            if (int err = s.graph.capture(compute, [&](hipStream_t stream) {
                    return zero_then(FrameWork{s.ref, s.dis, lane, index, results, stream}, work);
                }))
                return err;
        }
        return s.graph.launch(compute);
    }

    unsigned slot_id(const Slot &s) const { return static_cast<unsigned>(&s - slots_.data()); }
    unsigned lane_of(const Slot &s) const { return slot_id(s) % lanes_; }
    const Stream &compute_of(const Slot &s) const { return compute_[lane_of(s)]; }

    template <typename Report> int collect(Slot &s, Report &report)
    {
        s.pending = false;
        if (int err = s.done.synchronize()) return err;
        if (int err = timer_.add(slot_id(s))) return err;
        return report(s.result, s.index);
    }

    // Reports, oldest first, the frames whose work is done.
    template <typename Report> int collect_ready(Report &report)
    {
        for (unsigned k = 0; k < kSlots; k++) {
            Slot &s = slots_[(next_ + k) % kSlots];
            if (!s.pending) continue;
            const int done = s.done.query();
            if (done <= 0) return done;
            if (int err = collect(s, report)) return err;
        }
        return 0;
    }

    Shape shape_;
    unsigned lanes_ = 1;
    std::array<DeviceBuffer, kMaxLanes> results_;
    std::array<Slot, kSlots> slots_;
    unsigned next_ = 0; // the slot of the next frame; the oldest pending one
    uint64_t uploads_ = 0;
    KernelTimer timer_;
    // Declared last, destroyed first: their destructors wait for the queued
    // work, which uses the buffers above.
    Stream copy_;
    std::array<Stream, kMaxLanes> compute_;
};

} // namespace vmaf::hip
