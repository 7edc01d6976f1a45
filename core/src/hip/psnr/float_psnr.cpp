// float_psnr_hip: the HIP twin of float_psnr, bit-exact (moment_kernel.h
// says why): the GPU sums the float squared errors, the score is the CPU's
// float_psnr::score.
#include <string>

#include "feature/psnr/float_psnr_math.h"
#include "hip/moment/luma_sums.h"
#include "hip/runtime/twin.h"
#include "feature/psnr/float_psnr_description.h"

namespace vmaf::hip::psnr {
namespace {

struct FloatPsnrReport {
    std::string key;
    FloatPeak peak;

    int operator()(const moment::FrameSums &s, unsigned index, VmafFeatureSink *sink) const
    {
        const double value = float_psnr::score(s.error_squared, s.samples, peak);
        return vmaf_sink_append(sink, key.c_str(), value, index);
    }
};

struct FloatPsnrWork : moment::LumaSums<FloatPsnrReport> {
    static constexpr const char *kName = "float_psnr_hip";

    explicit FloatPsnrWork(const VmafExtractorSetup &setup)
        : LumaSums(setup, FloatPsnrReport{setup.feature_names[0], float_peak(setup.bpc)})
    {}
};

} // namespace
} // namespace vmaf::hip::psnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_psnr_hip =
    vmaf::hip::twin_entry<vmaf::hip::psnr::FloatPsnrWork>(
        vmaf::float_psnr::kDescription, vmaf::hip::init_twin<vmaf::hip::psnr::FloatPsnrWork>);
