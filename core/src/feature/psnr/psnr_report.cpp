#include "feature/psnr/psnr_report.h"

#include "feature/psnr/psnr_math.h"
#include "feature/psnr/psnr_options.h"
#include "base/picture_memory.h"
#include "base/first_error.h"

namespace vmaf::psnr {

Reporter::Reporter(const VmafExtractorSetup &setup)
{
    const VmafOptionValue *opt = setup.options;
    const bool chroma = opt[kEnableChroma].b && setup.pix_fmt != VMAF_PIX_FMT_YUV400P;
    planes_ = chroma ? 3 : 1;
    enable_mse_ = opt[kEnableMse].b;
    enable_apsnr_ = opt[kEnableApsnr].b;
    peak_ = peak(setup.bpc, opt[kReducedHbdPeak].b);
    plane_sizes(setup.pix_fmt, setup.w, setup.h, w_, h_);
    for (unsigned p = 0; p < 3; p++) {
        cap_[p] = cap(setup.bpc, peak_, opt[kMinSse].d, uint64_t{w_[p]} * h_[p]);
        psnr_key_[p] = setup.feature_names[2 * p];
        mse_key_[p] = setup.feature_names[2 * p + 1];
    }
}

int Reporter::report(const uint64_t sse[3], unsigned index, VmafFeatureSink *sink)
{
    int err = 0;
    for (unsigned p = 0; p < planes_; p++) {
        const uint64_t n = uint64_t{w_[p]} * h_[p];
        const double m = mse(sse[p], n);
        err = first_error(
            err, vmaf_sink_append(sink, psnr_key_[p].c_str(), from_mse(m, peak_, cap_[p]), index));
        if (enable_mse_)
            err = first_error(err, vmaf_sink_append(sink, mse_key_[p].c_str(), m, index));
        total_sse_[p] += sse[p];
        total_pixels_[p] += n;
    }
    return err;
}

int Reporter::flush(VmafFeatureSink *sink) const
{
    if (!enable_apsnr_) return 0;
    int err = 0;
    // Every plane, as the reference: one it did not score (4:0:0, or
    // enable_chroma=false) is -inf.
    for (unsigned p = 0; p < 3; p++)
        err = first_error(err, vmaf_sink_set_aggregate(sink, kAggregateKeys[p],
                                       aggregate(total_sse_[p], total_pixels_[p], peak_)));
    return err;
}

} // namespace vmaf::psnr
