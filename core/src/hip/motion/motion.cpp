// motion_hip: the HIP twin of motion. The GPU keeps the vertical pass of
// the blur of the last three reference lumas (unrounded sums, so that the
// difference of two is motion's blur of the difference) and sums the
// blurred differences in integers; the host scores each sum with
// motion::score_of_sad and, at the flush, derives motion2/motion3 with
// motion::derive, so the doubles are the CPU's.
//
// Temporal, like motion: one instance sees every frame in order. It keeps
// its own previous pictures on the device, so unlike motion it needs no
// previous reference pictures from the engine (no VMAF_EXTRACTOR_PREV_REF).
#include <array>
#include <cerrno>
#include <cstdint>
#include <string>
#include <vector>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/motion/motion_math.h"
#include "feature/motion/motion_options.h"
#include "feature/motion/motion_setup.h"
#include "hip/motion/motion_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/hip_extractor.h"
#include "hip/runtime/staging.h"

namespace vmaf::hip::motion {
namespace {

using vmaf::motion::MotionParams;

class MotionHip {
public:
    MotionHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : device_(state.device.index), w_(setup.w), h_(setup.h), bpc_(setup.bpc),
          force_zero_(setup.options[vmaf::motion::kForceZero].b),
          debug_(setup.options[vmaf::motion::kDebug].b),
          params_(vmaf::motion::read_params(setup.options))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        for (int k = 0; k < 5; k++) taps_.tap[k] = vmaf::motion::kFilter[k];
    }

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        for (DeviceBuffer &b : vertical_sums_)
            if (int err = b.allocate(size_t{w_} * h_ * sizeof(uint32_t))) return err;
        // Each frame's work names the sums of its own frame and an earlier
        // one, so it is queued anew each frame, not replayed.
        return pipeline_.init(setup, 1, sizeof(unsigned long long),
                              FramePipeline::Pictures::kReferenceOnly,
                              FramePipeline::Replay::kEachFrameQueued);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        if (frame.index != frames_) {
            log_error("motion_hip: frame {} came after {} frames; motion needs every frame in order",
                      frame.index, frames_);
            return -EINVAL;
        }
        frames_++;
        return extract_with(*this, pipeline_, frame, sink);
    }

    int flush(VmafFeatureSink *sink)
    {
        if (int err = flush_with(*this, pipeline_, sink)) return err;
        const vmaf::motion::Derived d = vmaf::motion::derive(scores_, params_);
        int err = 0;
        for (unsigned i = 0; i < scores_.size(); i++) {
            err |= vmaf_sink_append(sink, keys_[vmaf::motion::kMotion2].c_str(), d.motion2[i], i);
            err |= vmaf_sink_append(sink, keys_[vmaf::motion::kMotion3].c_str(), d.motion3[i], i);
        }
        return err;
    }

    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }

    // The frame's work: its vertical sums, then, where it is scored, the
    // SAD against the frame one (or two) back. Frame n's sums are in
    // vertical_sums_[n % 3], which holds them until frame n + 3.
    int enqueue(const PlaneStaging &ref, const PlaneStaging &, unsigned lane, hipStream_t stream)
    {
        auto *sad = pipeline_.results<unsigned long long>(lane);
        if (int err = check(hipMemsetAsync(sad, 0, sizeof(unsigned long long), stream),
                            "hipMemsetAsync"))
            return err;
        if (force_zero_) return 0;
        const unsigned index = frames_ - 1;
        VerticalSumArgs v{};
        v.luma = ref.plane(0);
        v.wide = bpc_ > 8;
        v.w = static_cast<int>(w_);
        v.h = static_cast<int>(h_);
        v.taps = taps_;
        v.sums = sums_of(index);
        if (int err = check(launch_vertical_sum(v, stream), "launch of motion_hip's vertical sum"))
            return err;
        if (!scored(index)) return 0;

        SadArgs s{};
        s.prev = sums_of(index - vmaf::motion::first_scored(params_));
        s.cur = v.sums;
        s.w = v.w;
        s.h = v.h;
        s.bpc = bpc_;
        s.taps = taps_;
        s.sad = sad;
        return check(launch_sad(s, stream), "launch of motion_hip's sad kernel");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        const double score =
            scored(index) ? vmaf::motion::score_of_sad(*result.as<const unsigned long long>(), w_,
                                                       h_, params_)
                          : 0.0;
        scores_.push_back(score);
        int err = vmaf_sink_append(sink, keys_[vmaf::motion::kSad].c_str(), score, index);
        if (debug_)
            err |= vmaf_sink_append(sink, keys_[vmaf::motion::kMotion].c_str(), score, index);
        return err;
    }

private:
    bool scored(unsigned index) const
    {
        return !force_zero_ && index >= vmaf::motion::first_scored(params_);
    }
    uint32_t *sums_of(unsigned index) const
    {
        return vertical_sums_[index % vertical_sums_.size()].as<uint32_t>();
    }

    int device_;
    unsigned w_, h_, bpc_;
    bool force_zero_, debug_;
    MotionParams params_;
    Taps taps_{};
    std::vector<std::string> keys_;
    unsigned frames_ = 0;        // frames extracted
    std::vector<double> scores_; // per frame, as reported
    // The current frame's and the two before it.
    std::array<DeviceBuffer, 3> vertical_sums_;
    // Last: its streams wait for the work that uses the buffers above.
    FramePipeline pipeline_{"motion_hip"};
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = vmaf::motion::check_picture_size(*setup, "motion_hip")) return err;
    return create_hip_state<MotionHip>(state, *setup, "motion_hip");
}

} // namespace
} // namespace vmaf::hip::motion

extern "C" constinit const VmafExtractor vmaf_extractor_motion_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::motion::MotionHip>(
        "motion_hip", vmaf::motion::kOptions, VMAF_EXTRACTOR_TEMPORAL,
        vmaf::motion::kFeatures, vmaf::hip::motion::init, vmaf::motion::kReach);
