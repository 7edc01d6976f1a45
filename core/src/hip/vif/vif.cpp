// vif_hip: the HIP twin of vif. The GPU filters and decimates the luma of
// both pictures over the four scales and sums each sample's contribution
// (vif::accumulate, vif's own code) into 64-bit integers per scale; the host
// turns them into each scale's float numerator and denominator with
// vif::score_of and writes the keys with vif::report_integer, so the doubles
// are the CPU's.
//
// FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph and reads the sums back.
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
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/hip_extractor.h"
#include "hip/runtime/staging.h"
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

class VifHip {
public:
    VifHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : device_(state.device.index), bpc_(setup.bpc),
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

    int init(const VmafExtractorSetup &setup);
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return extract_with(*this, pipeline_, frame, sink);
    }
    int flush(VmafFeatureSink *sink) { return flush_with(*this, pipeline_, sink); }
    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }
    int enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                hipStream_t stream);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const;

private:
    int device_;
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
    // Last: its streams wait for the work that uses the buffers above.
    FramePipeline pipeline_{"vif_hip"};
};

int VifHip::init(const VmafExtractorSetup &setup)
{
    if (int err = make_current()) return err;
    // 128 KiB: on the heap, since init may run on a worker thread's stack.
    const auto log2 = std::make_unique<const vmaf::vif::Log2Table>();
    if (int err = log2_table_.upload(log2->data(), vmaf::vif::Log2Table::kSize * sizeof(uint16_t)))
        return err;
    for (auto &lane : scaled_)
        for (int s = 1; s < kScales; s++)
            for (DeviceBuffer &b : lane[s])
                if (int err = b.allocate(static_cast<size_t>(w_[s]) * h_[s] * sizeof(uint16_t)))
                    return err;
    return pipeline_.init(setup, 1, kSumCount * sizeof(unsigned long long),
                          FramePipeline::Pictures::kBoth, FramePipeline::Replay::kCaptured,
                          kLanes);
}

int VifHip::enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                    hipStream_t stream)
{
    auto *sums = pipeline_.results<unsigned long long>(lane);
    if (int err = check(hipMemsetAsync(sums, 0, kSumCount * sizeof(unsigned long long), stream),
                        "hipMemsetAsync"))
        return err;

    // Scale s reads the staged luma (s = 0) or the planes decimated from
    // scale s - 1.
    const void *src[2] = {ref.plane(0), dis.plane(0)};
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
            if (int err = check(launch_statistic(st, stream),
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
            d.out[p] = scaled_[lane][s + 1][p].as<uint16_t>();
            src[p] = d.out[p];
        }
        if (int err = check(launch_decimate(d, stream), "launch of vif_hip's decimation"))
            return err;
        wide = true;
    }
    return 0;
}

int VifHip::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
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
    if (int err = vmaf::vif::check_picture_size(*setup, "vif_hip")) return err;
    return create_hip_state<VifHip>(state, *setup, "vif_hip");
}

} // namespace
} // namespace vmaf::hip::vif

extern "C" constinit const VmafExtractor vmaf_extractor_vif_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::vif::VifHip>(
        "vif_hip", vmaf::vif::kOptions, 0, vmaf::vif::kFeatures, vmaf::hip::vif::init);
