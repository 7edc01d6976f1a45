// float_ssim_hip: the HIP twin of float_ssim. The GPU turns the luma into
// floats, decimates it by the scale and sums the SSIM terms over the window
// positions; the CPU extractor's means and SsimReporter turn the sums into
// the same keys.
#include <cerrno>
#include <new>
#include <vector>

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

using vmaf::ssim::box_tap;
using vmaf::ssim::check_ssim_size;
using vmaf::ssim::decimated_size;
using vmaf::ssim::means_of;
using vmaf::ssim::ssim_scale;
using vmaf::ssim::SsimReporter;
using vmaf::ssim::SsimSums;
using vmaf::ssim::window_positions;

class FloatSsimWork {
public:
    static constexpr const char *kName = "float_ssim_hip";

    FloatSsimWork(const VmafExtractorSetup &setup, int scale);

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f) const;
    int report(const PinnedBuffer &results, unsigned index, VmafFeatureSink *sink) const;

private:
    SsimReporter reporter_;
    int scale_;
    int w_, h_, small_w_, small_h_; // the picture, and as decimated by the scale
    unsigned sample_bytes_;
    float scaler_;
    DeviceTaps box_;     // the low-pass filter before decimating (scale > 1)
    DeviceBuffer luma_;  // ref then dis, w x h floats each
    DeviceBuffer small_; // the same decimated (scale > 1)
    DeviceBuffer partials_;
};

FloatSsimWork::FloatSsimWork(const VmafExtractorSetup &setup, int scale)
    : reporter_(setup), scale_(scale),
      w_(static_cast<int>(setup.w)), h_(static_cast<int>(setup.h)),
      small_w_(scale > 1 ? decimated_size(w_, scale) : w_),
      small_h_(scale > 1 ? decimated_size(h_, scale) : h_),
      sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc))),
      scaler_(sample_scaler(setup.bpc))
{}

int FloatSsimWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    const size_t floats = 2 * static_cast<size_t>(w_) * static_cast<size_t>(h_);
    if (int err = luma_.allocate(floats * sizeof(float))) return err;
    if (scale_ > 1) {
        const size_t small = 2 * static_cast<size_t>(small_w_) * static_cast<size_t>(small_h_);
        if (int err = small_.allocate(small * sizeof(float))) return err;
        const std::vector<float> box(static_cast<size_t>(scale_) * static_cast<size_t>(scale_),
                                     box_tap(scale_));
        if (int err = box_.upload(box, scale_)) return err;
    }
    if (int err = partials_.allocate(ssim_blocks(small_w_, small_h_) * sizeof(SsimSums)))
        return err;
    shape.result_bytes = sizeof(SsimSums);
    return 0;
}

int FloatSsimWork::enqueue(const FrameWork &f) const
{
    const void *ref = f.ref.plane(0), *dis = f.dis.plane(0);
    const hipStream_t stream = f.stream;
    const size_t n = static_cast<size_t>(w_) * static_cast<size_t>(h_);
    float *luma = luma_.as<float>();
    if (int err = check(
            [&] {
                return launch_to_float(ref, dis, n, sample_bytes_, scaler_, {luma, luma + n},
                                       stream);
            },
            "launch of float_ssim_hip's float conversion"))
        return err;
    FloatPair planes{luma, luma + n};
    if (scale_ > 1) {
        float *small = small_.as<float>();
        const size_t small_n = static_cast<size_t>(small_w_) * static_cast<size_t>(small_h_);
        if (int err = check(
                [&] {
                    return launch_decimate(planes, w_, h_, box_.get(), scale_,
                                           {small, small + small_n}, small_w_, small_h_, stream);
                },
                "launch of float_ssim_hip's decimation"))
            return err;
        planes = {small, small + small_n};
    }
    auto *partials = partials_.as<SsimSums>();
    if (int err = check(
            [&] {
                return launch_ssim(planes, small_w_, small_h_, ssim_window(), partials, stream);
            },
            "launch of float_ssim_hip's SSIM kernel"))
        return err;
    PartialRuns runs{};
    runs.count[0] = ssim_blocks(small_w_, small_h_);
    return check(
        [&] { return launch_sum_partials(partials, runs, 1, f.results_as<SsimSums>(), stream); },
        "launch of float_ssim_hip's sum of partial sums");
}

int FloatSsimWork::report(const PinnedBuffer &results, unsigned index,
                          VmafFeatureSink *sink) const
{
    const auto *sums = results.as<const SsimSums>();
    return reporter_.report(means_of(sums[0], window_positions(small_w_, small_h_)), index,
                            sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    const int scale = ssim_scale(*setup);
    if (int err = check_ssim_size(FloatSsimWork::kName, *setup, scale)) return err;
    return create_twin<FloatSsimWork>(state, *setup, scale);
}

} // namespace
} // namespace vmaf::hip::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ssim_hip =
    vmaf::hip::twin_entry<vmaf::hip::ssim::FloatSsimWork>(vmaf::ssim::kSsimDescription,
                                                          vmaf::hip::ssim::init);
