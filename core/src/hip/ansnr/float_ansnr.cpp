// float_ansnr_hip: the HIP twin of float_ansnr, bit-exact (ansnr.hip says
// why): the GPU blurs both lumas and sums their energies, the scores are
// the CPU's float_ansnr::scores.
#include <algorithm>
#include <string>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/ansnr/float_ansnr_math.h"
#include "hip/ansnr/ansnr_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "base/first_error.h"
#include "feature/ansnr/float_ansnr_description.h"

namespace vmaf::hip::ansnr {
namespace {

AnsnrTaps device_taps()
{
    AnsnrTaps taps{};
    std::copy(std::begin(float_ansnr::kRefTaps), std::end(float_ansnr::kRefTaps), taps.ref);
    std::copy(std::begin(float_ansnr::kDisTaps), std::end(float_ansnr::kDisTaps), taps.dis);
    return taps;
}

class FloatAnsnrWork {
public:
    static constexpr const char *kName = "float_ansnr_hip";

    explicit FloatAnsnrWork(const VmafExtractorSetup &setup)
        : ansnr_key_(setup.feature_names[0]), anpsnr_key_(setup.feature_names[1]),
          peak_(float_peak(setup.bpc)), bpc_(setup.bpc), w_(static_cast<int>(setup.w)),
          h_(static_cast<int>(setup.h))
    {}

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        if (int err = row_sums_.allocate(2 * static_cast<size_t>(h_) * sizeof(float))) return err;
        shape.result_bytes = 2 * sizeof(float);
        return 0;
    }

    int enqueue(const FrameWork &f) const
    {
        return check(
            [&] {
                return launch_energies(f.ref.plane(0), f.dis.plane(0), w_, h_, bpc_, taps_,
                                       row_sums_.as<float>(), f.results_as<float>(), f.stream);
            },
            "launch of float_ansnr_hip's kernels");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        const auto *e = result.as<const float>();
        const float_ansnr::Scores s = float_ansnr::scores(
            {e[0], e[1]}, static_cast<double>(w_) * static_cast<double>(h_), peak_);
        const int err = vmaf_sink_append(sink, ansnr_key_.c_str(), s.ansnr, index);
        return first_error(err, vmaf_sink_append(sink, anpsnr_key_.c_str(), s.anpsnr, index));
    }

private:
    std::string ansnr_key_, anpsnr_key_;
    FloatPeak peak_;
    unsigned bpc_;
    int w_, h_;
    AnsnrTaps taps_ = device_taps();
    // One lane: the row sums are the lane's intermediates.
    DeviceBuffer row_sums_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = float_ansnr::check_size(FloatAnsnrWork::kName, setup->w, setup->h)) return err;
    return create_twin<FloatAnsnrWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::ansnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_ansnr_hip =
    vmaf::hip::twin_entry<vmaf::hip::ansnr::FloatAnsnrWork>(vmaf::float_ansnr::kDescription,
                                                            vmaf::hip::ansnr::init);
