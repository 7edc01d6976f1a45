// float_ansnr_hip: the HIP twin of float_ansnr, bit-exact (ansnr.hip says
// why): the GPU blurs both lumas and sums their energies, the scores are
// the CPU's float_ansnr::scores.
#include <algorithm>
#include <string>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/ansnr/float_ansnr_math.h"
#include "hip/ansnr/ansnr_kernel.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/hip_extractor.h"

namespace vmaf::hip::ansnr {
namespace {

AnsnrTaps device_taps()
{
    AnsnrTaps taps{};
    std::copy(std::begin(float_ansnr::kRefTaps), std::end(float_ansnr::kRefTaps), taps.ref);
    std::copy(std::begin(float_ansnr::kDisTaps), std::end(float_ansnr::kDisTaps), taps.dis);
    return taps;
}

class FloatAnsnrHip {
public:
    FloatAnsnrHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : ansnr_key_(setup.feature_names[0]), anpsnr_key_(setup.feature_names[1]),
          peak_(float_peak(setup.bpc)), device_(state.device.index), bpc_(setup.bpc),
          w_(static_cast<int>(setup.w)), h_(static_cast<int>(setup.h))
    {}

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        if (int err = row_sums_.allocate(2 * static_cast<size_t>(h_) * sizeof(float))) return err;
        return pipeline_.init(setup, 1, 2 * sizeof(float));
    }
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return extract_with(*this, pipeline_, frame, sink);
    }
    int flush(VmafFeatureSink *sink) { return flush_with(*this, pipeline_, sink); }
    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }

    int enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                hipStream_t stream) const
    {
        return check(launch_energies(ref.plane(0), dis.plane(0), w_, h_, bpc_, taps_,
                                     row_sums_.as<float>(), pipeline_.results<float>(lane), stream),
                     "launch of float_ansnr_hip's kernels");
    }
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        const auto *e = result.as<const float>();
        const float_ansnr::Scores s = float_ansnr::scores(
            {e[0], e[1]}, static_cast<double>(w_) * static_cast<double>(h_), peak_);
        int err = vmaf_sink_append(sink, ansnr_key_.c_str(), s.ansnr, index);
        err |= vmaf_sink_append(sink, anpsnr_key_.c_str(), s.anpsnr, index);
        return err;
    }

private:
    std::string ansnr_key_, anpsnr_key_;
    FloatPeak peak_;
    int device_;
    unsigned bpc_;
    int w_, h_;
    AnsnrTaps taps_ = device_taps();
    // One lane: the row sums are the lane's intermediates.
    DeviceBuffer row_sums_;
    FramePipeline pipeline_{"float_ansnr_hip"};
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = float_ansnr::check_size("float_ansnr_hip", setup->w, setup->h)) return err;
    return create_hip_state<FloatAnsnrHip>(state, *setup, "float_ansnr_hip");
}

} // namespace
} // namespace vmaf::hip::ansnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_ansnr_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::ansnr::FloatAnsnrHip>(
        "float_ansnr_hip", nullptr, 0, vmaf::float_ansnr::kFeatures, vmaf::hip::ansnr::init);
