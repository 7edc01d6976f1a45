// float_ms_ssim_hip: the HIP twin of float_ms_ssim. The GPU turns the luma
// into floats, builds the five-scale pyramid with the 9/7 low-pass filter
// and sums the SSIM terms of every scale; the CPU extractor's means and
// MsSsimReporter turn the sums into the same keys.
#include <array>
#include <cerrno>
#include <new>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/common/float_sample.h"
#include "feature/ssim/ssim_options.h"
#include "feature/ssim/ssim_report.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "hip/ssim/device_taps.h"
#include "hip/ssim/ssim_kernel.h"

namespace vmaf::hip::ssim {
namespace {

using vmaf::ssim::check_ms_ssim_size;
using vmaf::ssim::decimated_size;
using vmaf::ssim::kLpf;
using vmaf::ssim::kLpfLen;
using vmaf::ssim::kScales;
using vmaf::ssim::Means;
using vmaf::ssim::means_of;
using vmaf::ssim::MsSsimReporter;
using vmaf::ssim::SsimSums;
using vmaf::ssim::window_positions;

static_assert(kScales <= static_cast<int>(kMaxRuns));

class FloatMsSsimWork {
public:
    static constexpr const char *kName = "float_ms_ssim_hip";

    explicit FloatMsSsimWork(const VmafExtractorSetup &setup);

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f) const;
    int report(const PinnedBuffer &results, unsigned index, VmafFeatureSink *sink) const;

private:
    size_t samples(int scale) const
    {
        return static_cast<size_t>(w_[scale]) * static_cast<size_t>(h_[scale]);
    }
    FloatPairOut level(int scale) const
    {
        float *ref = levels_[scale].as<float>();
        return {ref, ref + samples(scale)};
    }

    MsSsimReporter reporter_;
    int w_[kScales], h_[kScales]; // each scale's size, halved from the picture's
    unsigned sample_bytes_;
    float scaler_;
    DeviceTaps lpf_; // the low-pass filter before each halving
    PartialRuns runs_{}; // each scale's partial sums
    std::array<DeviceBuffer, kScales> levels_; // ref then dis as float, per scale
    DeviceBuffer partials_;
};

FloatMsSsimWork::FloatMsSsimWork(const VmafExtractorSetup &setup)
    : reporter_(setup),
      sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc))),
      scaler_(sample_scaler(setup.bpc))
{
    w_[0] = static_cast<int>(setup.w);
    h_[0] = static_cast<int>(setup.h);
    for (int i = 1; i < kScales; i++) {
        w_[i] = decimated_size(w_[i - 1], 2);
        h_[i] = decimated_size(h_[i - 1], 2);
    }
    unsigned first = 0;
    for (int i = 0; i < kScales; i++) {
        runs_.first[i] = first;
        runs_.count[i] = ssim_blocks(w_[i], h_[i]);
        first += runs_.count[i];
    }
}

int FloatMsSsimWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    if (int err = lpf_.upload(kLpf, kLpfLen)) return err;
    for (int i = 0; i < kScales; i++)
        if (int err = levels_[i].allocate(2 * samples(i) * sizeof(float))) return err;
    const unsigned blocks = runs_.first[kScales - 1] + runs_.count[kScales - 1];
    if (int err = partials_.allocate(blocks * sizeof(SsimSums))) return err;
    shape.result_bytes = kScales * sizeof(SsimSums);
    return 0;
}

int FloatMsSsimWork::enqueue(const FrameWork &f) const
{
    const void *ref = f.ref.plane(0), *dis = f.dis.plane(0);
    const hipStream_t stream = f.stream;
    if (int err = check(
            [&] {
                return launch_to_float(ref, dis, samples(0), sample_bytes_, scaler_, level(0),
                                       stream);
            },
            "launch of float_ms_ssim_hip's float conversion"))
        return err;
    for (int i = 1; i < kScales; i++) {
        const FloatPairOut src = level(i - 1);
        if (int err = check(
                [&] {
                    return launch_decimate({src.ref, src.dis}, w_[i - 1], h_[i - 1], lpf_.get(), 2,
                                           level(i), w_[i], h_[i], stream);
                },
                "launch of float_ms_ssim_hip's decimation"))
            return err;
    }
    auto *partials = partials_.as<SsimSums>();
    const SsimWindow window = ssim_window();
    for (int i = 0; i < kScales; i++) {
        const FloatPairOut planes = level(i);
        if (int err = check(
                [&] {
                    return launch_ssim({planes.ref, planes.dis}, w_[i], h_[i], window,
                                       partials + runs_.first[i], stream);
                },
                "launch of float_ms_ssim_hip's SSIM kernel"))
            return err;
    }
    return check(
        [&] {
            return launch_sum_partials(partials, runs_, kScales, f.results_as<SsimSums>(), stream);
        },
        "launch of float_ms_ssim_hip's sum of partial sums");
}

int FloatMsSsimWork::report(const PinnedBuffer &results, unsigned index,
                            VmafFeatureSink *sink) const
{
    const auto *sums = results.as<const SsimSums>();
    std::array<Means, kScales> means;
    for (int i = 0; i < kScales; i++) means[i] = means_of(sums[i], window_positions(w_[i], h_[i]));
    return reporter_.report(means, index, sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_ms_ssim_size(FloatMsSsimWork::kName, *setup)) return err;
    return create_twin<FloatMsSsimWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ms_ssim_hip =
    vmaf::hip::twin_entry<vmaf::hip::ssim::FloatMsSsimWork>(vmaf::ssim::kMsSsimDescription,
                                                            vmaf::hip::ssim::init);
