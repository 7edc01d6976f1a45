// float_psnr: PSNR of the luma computed in float, the reference's older
// PSNR (no chroma, no options), kept for the float models' feature set.
#include <span>
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_picture.h"
#include "feature/psnr/float_psnr_math.h"
#include "feature/psnr/float_psnr_description.h"

namespace vmaf::float_psnr {
namespace {

class FloatPsnr {
public:
    explicit FloatPsnr(const VmafExtractorSetup &setup)
        : key_(setup.feature_names[0]), peak_(float_peak(setup.bpc))
    {
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_);
        luma_to_float(*frame.dis, dis_);
        // Float differences squared in float, summed in double: the
        // reference's mix.
        double noise = 0;
        const std::span<const float> ref = ref_.samples(), dis = dis_.samples();
        for (size_t i = 0; i < ref.size(); i++) {
            const float d = ref[i] - dis[i];
            noise += d * d;
        }
        const double value = score(noise, static_cast<double>(ref_.w * ref_.h), peak_);
        return vmaf_sink_append(sink, key_.c_str(), value, frame.index);
    }

private:
    std::string key_;
    FloatPeak peak_;
    FloatPlane ref_, dis_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    return create_state<FloatPsnr>(state, *setup);
}

} // namespace
} // namespace vmaf::float_psnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_psnr =
    vmaf::extractor_entry<vmaf::float_psnr::FloatPsnr>(vmaf::float_psnr::kDescription,
                                                       vmaf::float_psnr::init);
