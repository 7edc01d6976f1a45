// float_vif_hip: the HIP twin of float_vif, bit-exact (float_vif.hip says
// why). The GPU converts both lumas to float, resamples them with the
// prescale, filters and decimates them over the four scales and sums each
// scale's numerator and denominator in float as the CPU does; the host
// writes the keys with vif::report_float, float_vif's own code.
//
// Its FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph, runs several frames at once (one per lane)
// and reads the eight sums back.
#include <array>
#include <cerrno>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "feature/vif/float_vif_math.h"
#include "feature/vif/float_vif_options.h"
#include "feature/vif/float_vif_setup.h"
#include "feature/vif/vif_report.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "hip/vif/float_vif_kernel.h"

namespace vmaf::hip::float_vif {
namespace {

using vmaf::float_vif::FloatVifSetup;
using vmaf::float_vif::kScales;
using vmaf::float_vif::ScaleScore;

// Per scale: numerator, denominator.
constexpr size_t kResultsPerScale = 2;

// What the frames of one lane work in.
struct LaneBuffers {
    FloatPlanePair luma, prescaled, column;
    std::array<FloatPlanePair, kScales> scale; // 1-3: the decimated planes
    DeviceBuffer terms, row_sums;
};

class FloatVifWork {
public:
    static constexpr const char *kName = "float_vif_hip";

    FloatVifWork(const VmafExtractorSetup &setup, const FloatVifSetup &s)
        : bpc_(setup.bpc), w_(static_cast<int>(setup.w)),
          h_(static_cast<int>(setup.h)), setup_(s),
          constants_(vmaf::float_vif::statistic_constants(s.params))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        int w = s.w, h = s.h;
        for (int sc = 0; sc < kScales; sc++) {
            if (sc > 0) {
                w /= 2;
                h /= 2;
            }
            scale_w_[sc] = w;
            scale_h_[sc] = h;
        }
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const;

private:
    bool prescaled() const { return setup_.w != w_ || setup_.h != h_; }

    unsigned bpc_;
    int w_, h_;
    FloatVifSetup setup_;
    StatisticConstants constants_;
    std::vector<std::string> keys_;
    std::array<int, kScales> scale_w_{}, scale_h_{};
    std::array<int, kScales> tap_count_{};
    DeviceBuffer taps_; // the four scales' taps, one after the other
    std::array<int, kScales> tap_offset_{};

    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<LaneBuffers, kLanes> lanes_;
};

int FloatVifWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    std::vector<float> taps;
    for (int s = 0; s < kScales; s++) {
        const std::vector<float> t = vmaf::float_vif::gaussian_filter(s, setup_.params.kernelscale);
        tap_offset_[s] = static_cast<int>(taps.size());
        // The accepted kernel scales keep every filter within kMaxTaps.
        if (t.size() > static_cast<size_t>(kMaxTaps)) return -EINVAL;
        tap_count_[s] = static_cast<int>(t.size());
        taps.insert(taps.end(), t.begin(), t.end());
    }
    if (int err = taps_.upload(taps.data(), taps.size() * sizeof(float))) return err;

    const int sw = setup_.w, sh = setup_.h;
    for (LaneBuffers &b : lanes_) {
        if (int err = b.luma.allocate(static_cast<size_t>(w_) * h_)) return err;
        if (prescaled())
            if (int err = b.prescaled.allocate(static_cast<size_t>(sw) * sh)) return err;
        if (int err = b.column.allocate(static_cast<size_t>(sw) * (sh / 2))) return err;
        for (int s = 1; s < kScales; s++)
            if (int err = b.scale[s].allocate(static_cast<size_t>(scale_w_[s]) * scale_h_[s])) return err;
        if (int err = b.terms.allocate(2 * static_cast<size_t>(sw) * sh * sizeof(float))) return err;
        if (int err = b.row_sums.allocate(2 * static_cast<size_t>(sh) * sizeof(float))) return err;
    }
    shape.result_bytes = kScales * kResultsPerScale * sizeof(float);
    shape.lanes = kLanes;
    return 0;
}

int FloatVifWork::enqueue(const FrameWork &f)
{
    LaneBuffers &b = lanes_[f.lane];
    const hipStream_t stream = f.stream;
    if (int err = check(
            [&] {
                return launch_to_float({{f.ref.plane(0), f.dis.plane(0)}}, w_, h_, bpc_,
                                       b.luma.planes(), stream);
            },
            "launch of float_vif_hip's conversion"))
        return err;
    PlanePair<const float> src = b.luma.inputs();
    if (prescaled()) {
        if (int err = check(
                [&] {
                    return launch_resample(setup_.method, src, w_, h_, b.prescaled.planes(),
                                           setup_.w, setup_.h, stream);
                },
                "launch of float_vif_hip's prescale"))
            return err;
        src = b.prescaled.inputs();
    }
    float *results = f.results_as<float>();
    for (int s = 0; s < kScales; s++) {
        const Taps taps{taps_.as<const float>() + tap_offset_[s], tap_count_[s]};
        if (s > 0) {
            // Scale s: scale s - 1 blurred with filter s, every other sample.
            if (int err = check(
                    [&] {
                        return launch_decimate(taps, src, scale_w_[s - 1], scale_h_[s - 1],
                                               b.column.planes(), b.scale[s].planes(), stream);
                    },
                    "launch of float_vif_hip's decimation"))
                return err;
            src = b.scale[s].inputs();
        }
        if (s == 0 && setup_.params.skip_scale0) continue;
        StatisticArgs a{};
        a.ref = src.plane[0];
        a.dis = src.plane[1];
        a.w = scale_w_[s];
        a.h = scale_h_[s];
        a.taps = taps;
        a.constants = constants_;
        a.terms = b.terms.as<float>();
        a.row_sums = b.row_sums.as<float>();
        a.result = results + s * kResultsPerScale;
        if (int err = check([&] { return launch_statistic(a, stream); },
                            "launch of float_vif_hip's statistic"))
            return err;
    }
    return 0;
}

int FloatVifWork::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
{
    const auto *r = result.as<const float>();
    ScaleScore scores[kScales];
    for (int s = 0; s < kScales; s++) {
        if (s == 0 && setup_.params.skip_scale0) continue;
        scores[s] = {r[s * kResultsPerScale], r[s * kResultsPerScale + 1]};
    }
    return vif::report_float(scores, setup_.params.skip_scale0, setup_.min_val, setup_.debug,
                             [&](int key, double v) {
                                 return vmaf_sink_append(sink, keys_[key].c_str(), v, index);
                             });
}

int init(void **state, const VmafExtractorSetup *setup)
{
    FloatVifSetup s;
    if (int err = vmaf::float_vif::read_setup(*setup, FloatVifWork::kName, s)) return err;
    return create_twin<FloatVifWork>(state, *setup, s);
}

} // namespace
} // namespace vmaf::hip::float_vif

extern "C" constinit const VmafExtractor vmaf_extractor_float_vif_hip =
    vmaf::hip::twin_entry<vmaf::hip::float_vif::FloatVifWork>(vmaf::float_vif::kDescription,
                                                              vmaf::hip::float_vif::init);
