// float_motion_hip: the HIP twin of float_motion, bit-exact (float_motion.hip
// says why). The GPU blurs each reference plane, keeps it for the next
// frame and returns the mean absolute difference to the previous one (and
// of both halved, with motion_add_scale1); the host adds them as the CPU
// does and writes the keys with float_motion's shared code.
//
// Temporal, like float_motion: one instance sees every frame in order.
#include <algorithm>
#include <array>
#include <cerrno>
#include <span>
#include <string>
#include <vector>

#include "base/log.h"
#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/motion/float_motion_math.h"
#include "hip/motion/float_motion_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_order.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::float_motion {
namespace {

using namespace vmaf::float_motion;

// Results per plane: the mean absolute difference, and that of the halves.
constexpr unsigned kResultsPerPlane = 2;

struct PlaneBuffers {
    int w = 0, h = 0, half_w = 0, half_h = 0;
    std::array<DeviceBuffer, 2> blurred; // by frame parity: this frame's, the previous one's
    DeviceBuffer column, row_sums;
    std::array<DeviceBuffer, 2> halves;
};

class FloatMotionWork {
public:
    static constexpr const char *kName = "float_motion_hip";

    explicit FloatMotionWork(const VmafExtractorSetup &setup)
        : bpc_(setup.bpc), debug_(setup.options[kDebug].b),
          force_zero_(setup.options[kForceZero].b), add_scale1_(setup.options[kAddScale1].b),
          planes_(setup.options[kAddUv].b ? 3u : 1u), fps_weight_(setup.options[kFpsWeight].d),
          max_val_(setup.options[kMaxVal].d), params_(params_of(setup))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        const std::span<const float> taps = blur_taps(setup.options[kFilterSize].i);
        taps_.count = static_cast<int>(taps.size());
        std::copy(taps.begin(), taps.end(), taps_.tap);
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape)
    {
        unsigned pw[3], ph[3];
        plane_sizes(setup.pix_fmt, setup.w, setup.h, pw, ph);
        for (unsigned p = 0; p < planes_; p++) {
            PlaneBuffers &b = planes_buffers_[p];
            b.w = static_cast<int>(pw[p]);
            b.h = static_cast<int>(ph[p]);
            // As the CPU's plane_motion halves them.
            b.half_w = static_cast<int>(b.w * 0.5 + 0.5);
            b.half_h = static_cast<int>(b.h * 0.5 + 0.5);
            const size_t bytes = static_cast<size_t>(b.w) * b.h * sizeof(float);
            for (DeviceBuffer &d : b.blurred)
                if (int err = d.allocate(bytes)) return err;
            if (int err = b.column.allocate(bytes)) return err;
            if (int err = b.row_sums.allocate(static_cast<size_t>(b.h) * sizeof(float))) return err;
            if (add_scale1_)
                for (DeviceBuffer &d : b.halves)
                    if (int err = d.allocate(static_cast<size_t>(b.half_w) * b.half_h * sizeof(float)))
                        return err;
        }
        shape.planes = planes_;
        shape.result_bytes = planes_ * kResultsPerPlane * sizeof(float);
        shape.pictures = FramePipeline::Pictures::kReferenceOnly;
        // Each frame's work names its own blurred planes and the previous
        // frame's, so it is queued anew each frame, not replayed.
        shape.replay = FramePipeline::Replay::kEachFrameQueued;
        return 0;
    }

    int begin(const VmafExtractorFrame &frame)
    {
        return order_.next(frame.index, kName, "motion needs");
    }

    // motion2 and motion3, from every frame's score.
    int flush(VmafFeatureSink *sink) const
    {
        return write_derived(keys_, scores_, params_, max_val_, sink);
    }

    // Frame n blurs into blurred[n % 2] and compares with blurred[(n + 1) % 2],
    // frame n - 1's (nothing to compare at the first frame).
    int enqueue(const FrameWork &f)
    {
        if (force_zero_) return 0;
        const unsigned index = f.index;
        const hipStream_t stream = f.stream;
        float *results = f.results_as<float>();
        for (unsigned p = 0; p < planes_; p++) {
            PlaneBuffers &b = planes_buffers_[p];
            float *cur = b.blurred[index % 2].as<float>();
            const float *prev = b.blurred[(index + 1) % 2].as<float>();
            if (int err = check(
                    [&] {
                        return launch_blur(f.ref.plane(p), b.w, b.h, bpc_, taps_,
                                           b.column.as<float>(), cur, stream);
                    },
                    "launch of float_motion_hip's blur"))
                return err;
            if (index == 0) continue;
            float *out = results + p * kResultsPerPlane;
            if (int err = check(
                    [&] {
                        return launch_mean_abs_diff(prev, cur, b.w, b.h, b.row_sums.as<float>(),
                                                    out, stream);
                    },
                    "launch of float_motion_hip's difference"))
                return err;
            if (!add_scale1_) continue;
            // The CPU copies a plane that its halving leaves at its size.
            const bool same = b.half_w == b.w && b.half_h == b.h;
            const float *half_prev = prev, *half_cur = cur;
            if (!same) {
                if (int err = check(
                        [&] {
                            return launch_bilinear(prev, b.w, b.h, b.halves[0].as<float>(),
                                                   b.half_w, b.half_h, stream);
                        },
                        "launch of float_motion_hip's resampling"))
                    return err;
                if (int err = check(
                        [&] {
                            return launch_bilinear(cur, b.w, b.h, b.halves[1].as<float>(), b.half_w,
                                                   b.half_h, stream);
                        },
                        "launch of float_motion_hip's resampling"))
                    return err;
                half_prev = b.halves[0].as<float>();
                half_cur = b.halves[1].as<float>();
            }
            if (int err = check(
                    [&] {
                        return launch_mean_abs_diff(half_prev, half_cur, b.half_w, b.half_h,
                                                    b.row_sums.as<float>(), out + 1, stream);
                    },
                    "launch of float_motion_hip's difference"))
                return err;
        }
        return 0;
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        // As the CPU: the planes' float scores added in double, the first
        // frame scoring 0.
        double score = 0.0;
        if (!force_zero_ && index > 0) {
            const auto *r = result.as<const float>();
            for (unsigned p = 0; p < planes_; p++) {
                const float scale0 = r[p * kResultsPerPlane];
                score += add_scale1_ ? scale0 + r[p * kResultsPerPlane + 1] : scale0;
            }
        }
        scores_.push_back(score * fps_weight_);
        return write_frame(keys_, scores_, debug_, max_val_, index, sink);
    }

private:
    unsigned bpc_;
    bool debug_, force_zero_, add_scale1_;
    unsigned planes_;
    double fps_weight_, max_val_;
    motion::MotionParams params_;
    BlurTaps taps_{};
    std::vector<std::string> keys_;
    std::vector<double> scores_;
    FrameOrder order_;
    std::array<PlaneBuffers, 3> planes_buffers_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_setup(FloatMotionWork::kName, *setup)) return err;
    return create_twin<FloatMotionWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::float_motion

extern "C" constinit const VmafExtractor vmaf_extractor_float_motion_hip =
    vmaf::hip::twin_entry<vmaf::hip::float_motion::FloatMotionWork>(vmaf::float_motion::kDescription,
                                                                    vmaf::hip::float_motion::init);
