#include "feature/speed/speed_setup.h"

#include <cerrno>
#include <cmath>

#include "base/log.h"
#include "feature/speed/speed_options.h"
#include "feature/vif/float_vif_math.h"

namespace vmaf::speed {

SpeedTaps speed_taps(double kernelscale)
{
    const int length = float_vif::filter_size(1, kernelscale);
    return {float_vif::gaussian_taps(length, static_cast<float>(2.0 * length / 5.0)),
            float_vif::gaussian_filter(4, kernelscale)};
}

SpeedSize speed_size(int w, int h, double prescale)
{
    // The reference resamples unless the prescale is within 1e-3 of 1.
    const bool prescales = !(std::fabs(prescale - 1.0) < 1.0e-3);
    SpeedSize s;
    s.w = w;
    s.h = h;
    // Within 1e-3 of 1 the reference does not resample but still sizes the
    // plane as rounded, reading past it where that rounds up: here the
    // plane keeps its size.
    s.scaled_w = prescales ? static_cast<int>(w * prescale + 0.5) : w;
    s.scaled_h = prescales ? static_cast<int>(h * prescale + 0.5) : h;
    s.operating_w = s.scaled_w >> kDecimationLog2;
    s.operating_h = s.scaled_h >> kDecimationLog2;
    s.blocks_x = s.operating_w / kBlock;
    s.blocks_y = s.operating_h / kBlock;
    return s;
}

int read_setup(const VmafOptionValue *o, int w, int h, const char *extractor, SpeedParams &params,
               SpeedSize &size)
{
    const char *method_name = o[kPrescaleMethod].s ? o[kPrescaleMethod].s : "";
    const auto method = float_vif::scale_method(method_name);
    if (!method) {
        log_error("{}: speed_prescale_method '{}' is not one of nearest, bilinear, bicubic, "
                  "lanczos4", extractor, method_name);
        return -EINVAL;
    }
    if (!float_vif::valid_kernelscale(o[kKernelScale].d)) {
        log_error("{}: speed_kernelscale {} is not one of float_vif's kernel scales (1, 0.5, 1.5, "
                  "2, 2/3, 2.4, 360/97, 4/3, 3.5/3, 3.75/3, 4.25/3, 5/3, 3, 1/2.25, 1.4746, 1.54, "
                  "1.6, 1.06667, 0.711111, 0.74074, 1.111111)", extractor, o[kKernelScale].d);
        return -EINVAL;
    }
    params.kernelscale = o[kKernelScale].d;
    params.prescale = o[kPrescale].d;
    params.method = *method;
    // The reference passes these to its arithmetic as float.
    params.sigma_nn = static_cast<float>(o[kSigmaNn].d);
    params.nn_floor = static_cast<float>(o[kNnFloor].d);
    size = speed_size(w, h, o[kPrescale].d);
    if (size.blocks_x == 0 || size.blocks_y == 0) {
        log_error("{}: SpEED: image too small, operating width or height is 0 (a {}x{} plane, "
                  "prescaled to {}x{}, is {}x{} at 1/16: SpEED needs at least {}x{} there)",
                  extractor, w, h, size.scaled_w, size.scaled_h, size.operating_w,
                  size.operating_h, kBlock, kBlock);
        return -EINVAL;
    }
    return 0;
}

int read_chroma_setup(const VmafExtractorSetup &setup, const char *extractor, SpeedParams &params,
                      SpeedSize &size)
{
    int w = static_cast<int>(setup.w), h = static_cast<int>(setup.h);
    switch (setup.pix_fmt) {
    case VMAF_PIX_FMT_YUV420P: w /= 2; h /= 2; break;
    case VMAF_PIX_FMT_YUV422P: w /= 2; break;
    case VMAF_PIX_FMT_YUV444P: break;
    default:
        log_error("{}: scores the chroma planes, and this picture has none", extractor);
        return -EINVAL;
    }
    if (int err = read_setup(setup.options, w, h, extractor, params, size)) return err;
    params.weight_var_mode = setup.options[kWeightVarMode].i;
    return 0;
}

} // namespace vmaf::speed
