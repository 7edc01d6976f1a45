// float_ssim: SSIM of the luma in float with an 11-tap Gaussian window, on
// the picture decimated by `scale` first, the CPU reference.
#include <cerrno>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/ssim/ssim_math.h"
#include "feature/ssim/ssim_options.h"
#include "feature/ssim/ssim_report.h"

namespace vmaf::ssim {
namespace {

class FloatSsim {
public:
    FloatSsim(const VmafExtractorSetup &setup, int scale)
        : reporter_(setup), scale_(scale),
          box_(static_cast<size_t>(scale) * static_cast<size_t>(scale), box_tap(scale))
    {}

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_);
        luma_to_float(*frame.dis, dis_);
        const FloatPlane *r = &ref_, *d = &dis_;
        if (scale_ > 1) {
            const Kernel2d box{box_.data(), scale_};
            decimate(ref_, scale_, box, ref_small_);
            decimate(dis_, scale_, box, dis_small_);
            r = &ref_small_;
            d = &dis_small_;
        }
        return reporter_.report(workspace_.compute(*r, *d), frame.index, sink);
    }

private:
    SsimReporter reporter_;
    int scale_;
    std::vector<float> box_;
    FloatPlane ref_, dis_, ref_small_, dis_small_;
    Workspace workspace_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    const int scale = ssim_scale(*setup);
    if (int err = check_ssim_size("float_ssim", *setup, scale)) return err;
    *state = new FloatSsim(*setup, scale);
    return 0;
}

} // namespace
} // namespace vmaf::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ssim =
    vmaf::extractor_entry<vmaf::ssim::FloatSsim>(vmaf::ssim::kSsimDescription, vmaf::ssim::init);
