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

#include "base/first_error.h"
#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/motion/motion_math.h"
#include "feature/motion/motion_options.h"
#include "feature/motion/motion_setup.h"
#include "hip/motion/motion_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_order.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::motion {
namespace {

using vmaf::motion::MotionParams;

class MotionWork {
public:
    static constexpr const char *kName = "motion_hip";

    explicit MotionWork(const VmafExtractorSetup &setup)
        : w_(setup.w), h_(setup.h), bpc_(setup.bpc),
          force_zero_(setup.options[vmaf::motion::kForceZero].b),
          debug_(setup.options[vmaf::motion::kDebug].b),
          params_(vmaf::motion::read_params(setup.options))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        for (int k = 0; k < 5; k++) taps_.tap[k] = vmaf::motion::kFilter[k];
    }

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        for (DeviceBuffer &b : vertical_sums_)
            if (int err = b.allocate(size_t{w_} * h_ * sizeof(uint32_t))) return err;
        shape.result_bytes = sizeof(unsigned long long);
        shape.results = FramePipeline::Results::kAccumulated;
        shape.pictures = FramePipeline::Pictures::kReferenceOnly;
        // Each frame's work names the sums of its own frame and an earlier
        // one, so it is queued anew each frame, not replayed.
        shape.replay = FramePipeline::Replay::kEachFrameQueued;
        return 0;
    }

    int begin(const VmafExtractorFrame &frame)
    {
        return order_.next(frame.index, kName, "motion needs");
    }

    // The frame's work: its vertical sums, then, where it is scored, the
    // SAD against the frame one (or two) back. Frame n's sums are in
    // vertical_sums_[n % 3], which holds them until frame n + 3.
    int enqueue(const FrameWork &f) const
    {
        if (force_zero_) return 0;
        VerticalSumArgs v{};
        v.luma = f.ref.plane(0);
        v.wide = bpc_ > 8;
        v.w = static_cast<int>(w_);
        v.h = static_cast<int>(h_);
        v.taps = taps_;
        v.sums = sums_of(f.index);
        if (int err = check([&] { return launch_vertical_sum(v, f.stream); },
                            "launch of motion_hip's vertical sum"))
            return err;
        if (!scored(f.index)) return 0;

        SadArgs s{};
        s.prev = sums_of(f.index - vmaf::motion::first_scored(params_));
        s.cur = v.sums;
        s.w = v.w;
        s.h = v.h;
        s.bpc = bpc_;
        s.taps = taps_;
        s.sad = f.results_as<unsigned long long>();
        return check([&] { return launch_sad(s, f.stream); }, "launch of motion_hip's sad kernel");
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
            err = first_error(err, vmaf_sink_append(sink, keys_[vmaf::motion::kMotion].c_str(),
                                                    score, index));
        return err;
    }

    // motion2 and motion3, from every frame's score.
    int flush(VmafFeatureSink *sink) const
    {
        const vmaf::motion::Derived d = vmaf::motion::derive(scores_, params_);
        int err = 0;
        for (unsigned i = 0; i < scores_.size(); i++) {
            err = first_error(err, vmaf_sink_append(sink, keys_[vmaf::motion::kMotion2].c_str(),
                                                    d.motion2[i], i));
            err = first_error(err, vmaf_sink_append(sink, keys_[vmaf::motion::kMotion3].c_str(),
                                                    d.motion3[i], i));
        }
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

    unsigned w_, h_, bpc_;
    bool force_zero_, debug_;
    MotionParams params_;
    Taps taps_{};
    std::vector<std::string> keys_;
    FrameOrder order_;
    std::vector<double> scores_; // per frame, as reported
    // The current frame's and the two before it.
    std::array<DeviceBuffer, 3> vertical_sums_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = vmaf::motion::check_picture_size(*setup, MotionWork::kName)) return err;
    return create_twin<MotionWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::motion

extern "C" constinit const VmafExtractor vmaf_extractor_motion_hip =
    vmaf::hip::twin_entry<vmaf::hip::motion::MotionWork>(vmaf::motion::kDescription,
                                                         vmaf::hip::motion::init);
