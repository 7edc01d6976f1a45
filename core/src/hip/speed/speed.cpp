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
#include "hip/runtime/frame_order.h"
#include "hip/runtime/stream.h"
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
            for (unsigned k = 0; k < 2; k++) {
                if (int err = l.planes[k].allocate(static_cast<size_t>(size_.w) * size_.h)) return err;
                if (int err = l.scorer[k].init(params_, size_)) return err;
            }
            if (int err = l.side.create()) return err;
            if (int err = l.forked.create()) return err;
            if (int err = l.joined.create()) return err;
        }
        shape.planes = 3;
        shape.result_bytes = 2 * kResultsPerPlane * sizeof(float);
        // A frame's work is a chain of small kernels, one or two blocks
        // each: several frames at once.
        shape.lanes = kLanes;
        return 0;
    }

    // U on the frame's stream, V beside it on the lane's second stream
    // (forked from and joined to the frame's, captured with it): the two
    // chains of one- and two-block kernels run at once.
    int enqueue(const FrameWork &f)
    {
        Lane &l = lanes_[f.lane];
        if (int err = check([&] { return hipEventRecord(l.forked.get(), f.stream); },
                            "hipEventRecord (speed_chroma_hip fork)"))
            return err;
        if (int err = l.side.wait(l.forked)) return err;
        for (unsigned k = 0; k < 2; k++) {
            const unsigned p = k + 1;
            const hipStream_t stream = k == 0 ? f.stream : l.side.get();
            if (int err = check(
                    [&] {
                        return float_vif::launch_to_float({{f.ref.plane(p), f.dis.plane(p)}},
                                                          size_.w, size_.h, bpc_,
                                                          l.planes[k].planes(), stream);
                    },
                    "launch of speed_chroma_hip's conversion"))
                return err;
            if (int err = l.scorer[k].enqueue(l.planes[k].inputs(),
                                              f.results_as<float>() + k * kResultsPerPlane, stream))
                return err;
        }
        if (int err = l.joined.record(l.side)) return err;
        return check([&] { return hipStreamWaitEvent(f.stream, l.joined.get(), 0); },
                     "hipStreamWaitEvent (speed_chroma_hip join)");
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
    // Per plane (U, V): its float planes and scorer; the second stream and
    // the events that fork and join it.
    struct Lane {
        std::array<FloatPlanePair, 2> planes;
        std::array<PairScorer, 2> scorer;
        Stream side;
        Event forked, joined;
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
        for (Converted &c : converted_) {
            if (int err = c.planes.allocate(n)) return err;
            if (int err = c.done.create()) return err;
        }
        for (Lane &l : lanes_) {
            if (int err = l.differences.allocate(n)) return err;
            if (int err = l.scorer.init(params_, size_)) return err;
        }
        shape.result_bytes = kResultsPerPlane * sizeof(float);
        // Each frame names its own planes and the previous frame's.
        shape.replay = FramePipeline::Replay::kEachFrameQueued;
        // Frames run at once, each waiting only for its predecessor's
        // conversion: a frame's chain of one- and two-block kernels leaves
        // the GPU mostly idle.
        shape.lanes = kLanes;
        return 0;
    }

    int begin(const VmafExtractorFrame &frame)
    {
        return order_.next(frame.index, kName, "SpEED's temporal differences need");
    }

    // Frame n converts into converted_[n % kConverted] and takes the
    // differences from frame n - 1's, once its conversion (on another lane)
    // is done; nothing more at the first frame. A conversion is overwritten
    // kConverted frames later, when the pipeline has taken the results of
    // both frames that read it (a slot is reused only after its frame's).
    int enqueue(const FrameWork &f)
    {
        const Converted &cur = converted_[f.index % kConverted];
        if (int err = check(
                [&] {
                    return float_vif::launch_to_float({{f.ref.plane(0), f.dis.plane(0)}}, size_.w,
                                                      size_.h, bpc_, cur.planes.planes(), f.stream);
                },
                "launch of speed_temporal_hip's conversion"))
            return err;
        if (int err = check([&] { return hipEventRecord(cur.done.get(), f.stream); },
                            "hipEventRecord (speed_temporal_hip)"))
            return err;
        if (f.index == 0) return 0;
        const Converted &prev = converted_[(f.index - 1) % kConverted];
        if (int err = check([&] { return hipStreamWaitEvent(f.stream, prev.done.get(), 0); },
                            "hipStreamWaitEvent (speed_temporal_hip)"))
            return err;
        // The previous frame less this one; with use_ref_diff the
        // distorted's previous frame less the reference's current one.
        const PlanePair<const float> now{{cur.planes.inputs().plane[0],
                                          use_ref_diff_ ? cur.planes.inputs().plane[0] : cur.planes.inputs().plane[1]}};
        Lane &l = lanes_[f.lane];
        if (int err = check(
                [&] {
                    return launch_difference(prev.planes.inputs(), now,
                                             static_cast<size_t>(size_.w) * size_.h,
                                             l.differences.planes(), f.stream);
                },
                "launch of speed_temporal_hip's differences"))
            return err;
        return l.scorer.enqueue(l.differences.inputs(), f.results_as<float>(), f.stream);
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
    FrameOrder order_;
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    static constexpr unsigned kConverted = kLanes + 1;
    // A frame's planes in float, and the event of their conversion.
    struct Converted {
        FloatPlanePair planes;
        Event done;
    };
    std::array<Converted, kConverted> converted_;
    struct Lane {
        FloatPlanePair differences;
        PairScorer scorer;
    };
    std::array<Lane, kLanes> lanes_;
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
    vmaf::hip::twin_entry<vmaf::hip::speed::SpeedChromaWork>(vmaf::speed::kChromaDescription,
                                                             vmaf::hip::speed::init_chroma);

extern "C" constinit const VmafExtractor vmaf_extractor_speed_temporal_hip =
    vmaf::hip::twin_entry<vmaf::hip::speed::SpeedTemporalWork>(vmaf::speed::kTemporalDescription,
                                                               vmaf::hip::speed::init_temporal);
