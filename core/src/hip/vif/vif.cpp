// vif_hip: the HIP twin of vif. The GPU filters and decimates the luma of
// both pictures over the four scales and sums each sample's contribution
// (vif::accumulate, vif's own code) into 64-bit integers per scale; the host
// turns them into each scale's float numerator and denominator with
// vif::score_of and writes the keys with vif::report_integer, so the doubles
// are the CPU's.
//
// Its FramePipeline overlaps the next frames' copies with the kernels, runs
// several frames at once (lanes), replays each frame's launches as a graph and
// reads the sums back.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "feature/vif/vif_math.h"
#include "feature/vif/vif_options.h"
#include "feature/vif/vif_report.h"
#include "feature/vif/vif_setup.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "hip/vif/vif_kernel.h"

namespace vmaf::hip::vif {
namespace {

using vmaf::vif::kScales;
using vmaf::vif::ScaleScore;

// Per scale: num_log, den_log, num_non_log, den_non_log (vif::Accumulator).
constexpr size_t kSumsPerScale = 4;
constexpr size_t kSumCount = kScales * kSumsPerScale;

Filter filter_of(int scale)
{
    Filter f{};
    f.width = vmaf::vif::kFilterWidth[scale];
    for (int k = 0; k < f.width; k++) f.taps[k] = vmaf::vif::kFilter[scale][k];
    return f;
}

class VifWork {
public:
    static constexpr const char *kName = "vif_hip";

    explicit VifWork(const VmafExtractorSetup &setup)
        : bpc_(setup.bpc),
          gain_limit_(setup.options[vmaf::vif::kEnhnGainLimit].d),
          debug_(setup.options[vmaf::vif::kDebug].b),
          skip_scale0_(setup.options[vmaf::vif::kSkipScale0].b)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        int w = static_cast<int>(setup.w), h = static_cast<int>(setup.h);
        for (int s = 0; s < kScales; s++) {
            w_[s] = w;
            h_[s] = h;
            w /= 2;
            h /= 2;
        }
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const;

private:
    unsigned bpc_;
    double gain_limit_;
    bool debug_, skip_scale0_;
    std::vector<std::string> keys_;
    std::array<int, kScales> w_{}, h_{};

    DeviceBuffer log2_table_;
    // Per lane (frames in flight at once): the decimated planes of scales
    // 1-3, per picture.
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<std::array<std::array<DeviceBuffer, 2>, kScales>, kLanes> scaled_;
};

int VifWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    // 128 KiB: on the heap, since init may run on a worker thread's stack.
    const auto log2 = std::make_unique<const vmaf::vif::Log2Table>();
    if (int err = log2_table_.upload(log2->data(), vmaf::vif::Log2Table::kSize * sizeof(uint16_t)))
        return err;
    for (auto &lane : scaled_)
        for (int s = 1; s < kScales; s++)
            for (DeviceBuffer &b : lane[s])
                if (int err = b.allocate(static_cast<size_t>(w_[s]) * h_[s] * sizeof(uint16_t)))
                    return err;
    shape.result_bytes = kSumCount * sizeof(unsigned long long);
    shape.results = FramePipeline::Results::kAccumulated;
    shape.lanes = kLanes;
    return 0;
}

int VifWork::enqueue(const FrameWork &f)
{
    auto *sums = f.results_as<unsigned long long>();
    const hipStream_t stream = f.stream;
    // Scale s reads the staged luma (s = 0) or the planes decimated from
    // scale s - 1.
    const void *src[2] = {f.ref.plane(0), f.dis.plane(0)};
    bool wide = bpc_ > 8;
    for (int s = 0; s < kScales; s++) {
        const VerticalShift shift = vmaf::vif::vertical_shift(s, bpc_);
        if (s > 0 || !skip_scale0_) {
            StatisticArgs st{};
            st.ref = src[0];
            st.dis = src[1];
            st.wide = wide;
            st.w = w_[s];
            st.h = h_[s];
            st.filter = filter_of(s);
            st.shift = shift;
            st.log2_table = log2_table_.as<const uint16_t>();
            st.gain_limit = gain_limit_;
            st.sums = sums + s * kSumsPerScale;
            if (int err = check([&] { return launch_statistic(st, stream); },
                                "launch of vif_hip's statistic kernel"))
                return err;
        }
        if (s + 1 == kScales) break;

        DecimateArgs d{};
        d.wide = wide;
        d.w = w_[s];
        d.h = h_[s];
        d.filter = filter_of(s + 1);
        d.shift = shift;
        for (int p = 0; p < 2; p++) {
            d.src[p] = src[p];
            d.out[p] = scaled_[f.lane][s + 1][p].as<uint16_t>();
            src[p] = d.out[p];
        }
        if (int err =
                check([&] { return launch_decimate(d, stream); }, "launch of vif_hip's decimation"))
            return err;
        wide = true;
    }
    return 0;
}

int VifWork::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
{
    const auto *r = result.as<const unsigned long long>();
    ScaleScore scores[kScales]{};
    for (int s = 0; s < kScales; s++) {
        if (s == 0 && skip_scale0_) continue;
        const unsigned long long *sum = r + s * kSumsPerScale;
        vmaf::vif::Accumulator acc;
        acc.num_log = static_cast<int64_t>(sum[0]);
        acc.den_log = static_cast<int64_t>(sum[1]);
        acc.num_non_log = static_cast<int64_t>(sum[2]);
        acc.den_non_log = static_cast<int64_t>(sum[3]);
        scores[s] = vmaf::vif::score_of(acc);
    }
    return vmaf::vif::report_integer(scores, skip_scale0_, debug_, [&](int key, double value) {
        return vmaf_sink_append(sink, keys_[key].c_str(), value, index);
    });
}

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = vmaf::vif::check_picture_size(*setup, VifWork::kName)) return err;
    return create_twin<VifWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::vif

extern "C" constinit const VmafExtractor vmaf_extractor_vif_hip =
    vmaf::hip::twin_entry<vmaf::hip::vif::VifWork>(vmaf::vif::kDescription, vmaf::hip::vif::init);
