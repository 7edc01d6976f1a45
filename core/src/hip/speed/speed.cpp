// speed_chroma_hip and speed_temporal_hip: the HIP twins of SpEED's two
// extractors (speed.hip says how close). The GPU converts the planes to
// float (temporal: keeps the previous frame's and takes the differences),
// then PairScorer computes SpEED of each plane pair; the host writes the
// keys as the CPU extractors do.
#include <algorithm>
#include <array>
#include <cerrno>
#include <string>
#include <vector>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/speed/speed_math.h"
#include "feature/speed/speed_options.h"
#include "feature/speed/speed_setup.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "hip/speed/speed_pair.h"

namespace vmaf::hip::speed {
namespace {

using namespace vmaf::speed;

// Per scored plane: the score, then the singular flag.
constexpr unsigned kResultsPerPlane = 2;

class SpeedChromaWork {
public:
    static constexpr const char *kName = "speed_chroma_hip";

    SpeedChromaWork(const VmafExtractorSetup &setup, const SpeedParams &params, const SpeedSize &size)
        : bpc_(setup.bpc), max_val_(setup.options[kMaxVal].d), params_(params), size_(size)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        for (Lane &l : lanes_) {
            if (int err = l.planes.allocate(static_cast<size_t>(size_.w) * size_.h)) return err;
            if (int err = l.scorer.init(params_, size_)) return err;
        }
        shape.planes = 3;
        shape.result_bytes = 2 * kResultsPerPlane * sizeof(float);
        // A frame's work is a chain of small kernels, one or two blocks
        // each: several frames at once.
        shape.lanes = kLanes;
        return 0;
    }

    int enqueue(const FrameWork &f)
    {
        Lane &l = lanes_[f.lane];
        for (unsigned p = 1; p <= 2; p++) {
            if (int err = check(float_vif::launch_to_float({{f.ref.plane(p), f.dis.plane(p)}}, size_.w,
                                                           size_.h, bpc_, l.planes.planes(), f.stream),
                                "launch of speed_chroma_hip's conversion"))
                return err;
            if (int err = l.scorer.enqueue(l.planes.inputs(),
                                           f.results_as<float>() + (p - 1) * kResultsPerPlane, f.stream))
                return err;
        }
        return 0;
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        const auto *r = result.as<const float>();
        const float u = r[0], v = r[kResultsPerPlane];
        const float uv = combined_uv(u, r[1] != 0.0f, v, r[kResultsPerPlane + 1] != 0.0f);
        const float scores[] = {u, v, uv};
        for (int k : {kU, kV, kUv}) {
            const double clipped = std::min(static_cast<double>(scores[k]), max_val_);
            if (int err = vmaf_sink_append(sink, keys_[k].c_str(), clipped, index)) return err;
        }
        return 0;
    }

private:
    unsigned bpc_;
    double max_val_;
    SpeedParams params_;
    SpeedSize size_;
    std::vector<std::string> keys_;
    struct Lane {
        FloatPlanePair planes;
        PairScorer scorer;
    };
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<Lane, kLanes> lanes_;
};

class SpeedTemporalWork {
public:
    static constexpr const char *kName = "speed_temporal_hip";

    SpeedTemporalWork(const VmafExtractorSetup &setup, const SpeedParams &params, const SpeedSize &size)
        : bpc_(setup.bpc), key_(setup.feature_names[0]), use_ref_diff_(setup.options[kUseRefDiff].b),
          params_(params), size_(size)
    {
    }

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        const size_t n = static_cast<size_t>(size_.w) * size_.h;
        for (FloatPlanePair &p : frames_)
            if (int err = p.allocate(n)) return err;
        if (int err = differences_.allocate(n)) return err;
        if (int err = scorer_.init(params_, size_)) return err;
        shape.result_bytes = kResultsPerPlane * sizeof(float);
        // Each frame names its own planes and the previous frame's.
        shape.replay = FramePipeline::Replay::kEachFrameQueued;
        return 0;
    }

    int begin(const VmafExtractorFrame &frame)
    {
        if (frame.index != seen_) {
            log_error("speed_temporal_hip: frame {} came after {} frames; SpEED's temporal "
                      "differences need every frame in order", frame.index, seen_);
            return -EINVAL;
        }
        seen_++;
        return 0;
    }

    // Frame n converts into frames_[n % 2] and takes the differences from
    // frames_[(n + 1) % 2], frame n - 1's (nothing at the first frame).
    int enqueue(const FrameWork &f)
    {
        const FloatPlanePair &cur = frames_[f.index % 2], &prev = frames_[(f.index + 1) % 2];
        if (int err = check(float_vif::launch_to_float({{f.ref.plane(0), f.dis.plane(0)}}, size_.w,
                                                       size_.h, bpc_, cur.planes(), f.stream),
                            "launch of speed_temporal_hip's conversion"))
            return err;
        if (f.index == 0) return 0;
        // The previous frame less this one; with use_ref_diff the
        // distorted's previous frame less the reference's current one.
        const PlanePair<const float> now{
            {cur.inputs().plane[0], use_ref_diff_ ? cur.inputs().plane[0] : cur.inputs().plane[1]}};
        if (int err = check(launch_difference(prev.inputs(), now, static_cast<size_t>(size_.w) * size_.h,
                                              differences_.planes(), f.stream),
                            "launch of speed_temporal_hip's differences"))
            return err;
        return scorer_.enqueue(differences_.inputs(), f.results_as<float>(), f.stream);
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        // Unclipped, as the CPU's.
        const double score = index == 0 ? 0.0 : result.as<const float>()[0];
        return vmaf_sink_append(sink, key_.c_str(), score, index);
    }

private:
    unsigned bpc_;
    std::string key_;
    bool use_ref_diff_;
    SpeedParams params_;
    SpeedSize size_;
    unsigned seen_ = 0;
    std::array<FloatPlanePair, 2> frames_;
    FloatPlanePair differences_;
    PairScorer scorer_;
};

int init_chroma(void **state, const VmafExtractorSetup *setup)
{
    SpeedParams params;
    SpeedSize size;
    if (int err = read_chroma_setup(*setup, SpeedChromaWork::kName, params, size)) return err;
    return create_twin<SpeedChromaWork>(state, *setup, params, size);
}

int init_temporal(void **state, const VmafExtractorSetup *setup)
{
    SpeedParams params;
    SpeedSize size;
    if (int err = read_setup(setup->options, static_cast<int>(setup->w), static_cast<int>(setup->h),
                             SpeedTemporalWork::kName, params, size))
        return err;
    return create_twin<SpeedTemporalWork>(state, *setup, params, size);
}

} // namespace
} // namespace vmaf::hip::speed

extern "C" constinit const VmafExtractor vmaf_extractor_speed_chroma_hip =
    vmaf::hip::twin_entry<vmaf::hip::speed::SpeedChromaWork>(
        vmaf::speed::kChromaOptions, VMAF_EXTRACTOR_CHROMA, vmaf::speed::kChromaFeatures,
        vmaf::hip::speed::init_chroma);

extern "C" constinit const VmafExtractor vmaf_extractor_speed_temporal_hip =
    vmaf::hip::twin_entry<vmaf::hip::speed::SpeedTemporalWork>(
        vmaf::speed::kTemporalOptions, VMAF_EXTRACTOR_TEMPORAL, vmaf::speed::kTemporalFeatures,
        vmaf::hip::speed::init_temporal, vmaf::speed::kTemporalReach);
