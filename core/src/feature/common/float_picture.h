// The luma plane as float, the input of the reference's float features
// (float_ssim, float_ms_ssim, float_psnr, float_ansnr, float_moment, ...).
#pragma once

#include <cstddef>

#include "feature/common/plane.h"
#include "libvmaf/picture.h"

namespace vmaf {

// Luma on the 8-bit scale plus `offset`: a sample v becomes
// v / 2^(bpc-8) + offset, in float, as the reference does for 10, 12 and 16
// bits (it reads other depths as bytes; here every depth from 9 to 16 is
// scaled).
void luma_to_float(const VmafPicture &pic, FloatPlane &out, float offset = 0.0f);
// The same for any plane (0 luma, 1 and 2 chroma) at that plane's size,
// into `out` or into rows of `dst_stride` floats.
void plane_to_float(const VmafPicture &pic, unsigned plane, FloatPlane &out, float offset);
void plane_to_float(const VmafPicture &pic, unsigned plane, float *dst, size_t dst_stride,
                    float offset);

// The peak of that luma, (2^bpc - 1) / 2^(bpc-8), and the PSNR cap the
// reference's float PSNRs use, 6 * bpc + 12 dB: 255 and 60 at 8 bits, 255.75
// and 72 at 10, 255.9375 and 84 at 12, 255.99609375 and 108 at 16.
struct FloatPeak {
    double peak, psnr_max;
};
inline FloatPeak float_peak(unsigned bpc)
{
    const double scale = static_cast<double>(1u << (bpc - 8));
    return {static_cast<double>((1u << bpc) - 1) / scale, 6.0 * bpc + 12.0};
}

} // namespace vmaf
