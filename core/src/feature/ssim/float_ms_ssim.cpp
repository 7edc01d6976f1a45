// float_ms_ssim: multi-scale SSIM of the luma in float (Wang's five scales),
// the CPU reference.
#include <array>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/ssim/ssim_math.h"
#include "feature/ssim/ssim_options.h"
#include "feature/ssim/ssim_report.h"

namespace vmaf::ssim {
namespace {

class FloatMsSsim {
public:
    explicit FloatMsSsim(const VmafExtractorSetup &setup) : reporter_(setup) {}

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_[0]);
        luma_to_float(*frame.dis, dis_[0]);
        const Kernel2d lpf{kLpf, kLpfLen};
        for (int i = 1; i < kScales; i++) {
            decimate(ref_[i - 1], 2, lpf, ref_[i]);
            decimate(dis_[i - 1], 2, lpf, dis_[i]);
        }
        std::array<Means, kScales> m;
        for (int i = 0; i < kScales; i++) m[i] = workspace_.compute(ref_[i], dis_[i]);
        return reporter_.report(m, frame.index, sink);
    }

private:
    MsSsimReporter reporter_;
    std::array<FloatPlane, kScales> ref_, dis_;
    Workspace workspace_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_ms_ssim_size("float_ms_ssim", *setup)) return err;
    return create_state<FloatMsSsim>(state, *setup);
}

} // namespace
} // namespace vmaf::ssim

extern "C" constinit const VmafExtractor vmaf_extractor_float_ms_ssim =
    vmaf::extractor_entry<vmaf::ssim::FloatMsSsim>(vmaf::ssim::kMsSsimDescription,
                                                   vmaf::ssim::init);
