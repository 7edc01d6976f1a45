// What float_vif and float_vif_hip read and check of a setup before they
// start: the parameters, the prescaled size and the checks of the
// reference's limits.
#pragma once

#include <cerrno>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/vif/float_vif_math.h"
#include "feature/vif/float_vif_options.h"

namespace vmaf::float_vif {

struct FloatVifSetup {
    FloatVifParams params;
    floatf::ScaleMethod method = floatf::ScaleMethod::kNearest;
    int w = 0, h = 0; // after the prescale
    double min_val[kScales] = {};
    bool debug = false;
};

// The reference's bilinear resampling keeps its column tables on the stack
// and refuses wider outputs.
inline constexpr int kBilinearMaxWidth = 7680;

// The picture size after the prescale, as the reference rounds it.
inline int prescaled(unsigned n, double prescale) { return static_cast<int>(n * prescale + 0.5); }

// 0 and `out`, or -EINVAL with a message naming `extractor`.
inline int read_setup(const VmafExtractorSetup &setup, const char *extractor, FloatVifSetup &out)
{
    const VmafOptionValue *o = setup.options;
    out.params = {o[kEnhnGainLimit].d, o[kKernelScale].d, o[kSigmaNsq].d, o[kSkipScale0].b};
    out.debug = o[kDebug].b;
    out.min_val[1] = o[kScale1MinVal].d;
    out.min_val[2] = o[kScale2MinVal].d;
    out.min_val[3] = o[kScale3MinVal].d;
    const char *method_name = o[kPrescaleMethod].s ? o[kPrescaleMethod].s : "";
    const auto method = scale_method(method_name);
    if (!method) {
        log_error("{}: vif_prescale_method '{}' is not one of nearest, bilinear, bicubic, "
                  "lanczos4", extractor, method_name);
        return -EINVAL;
    }
    out.method = *method;
    if (!valid_kernelscale(o[kKernelScale].d)) {
        log_error("{}: vif_kernelscale {} is not one the reference supports (1, 0.5, 1.5, 2, "
                  "2/3, 2.4, 360/97, 4/3, 3.5/3, 3.75/3, 4.25/3, 5/3, 3, 1/2.25, 1.4746, 1.54, "
                  "1.6, 1.06667, 0.711111, 0.74074, 1.111111)", extractor, o[kKernelScale].d);
        return -EINVAL;
    }
    out.w = prescaled(setup.w, o[kPrescale].d);
    out.h = prescaled(setup.h, o[kPrescale].d);
    if (out.method == floatf::ScaleMethod::kBilinear && out.w > kBilinearMaxWidth) {
        log_error("{}: bilinear prescale to width {} exceeds {}", extractor, out.w,
                  kBilinearMaxWidth);
        return -EINVAL;
    }
    if (!size_fits(out.w, out.h, out.params)) {
        log_error("{}: picture {}x{} (prescaled {}x{}) is too small for the Gaussian filters of "
                  "the four scales", extractor, setup.w, setup.h, out.w, out.h);
        return -EINVAL;
    }
    return 0;
}

} // namespace vmaf::float_vif
