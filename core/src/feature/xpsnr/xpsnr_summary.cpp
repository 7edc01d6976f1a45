#include "feature/xpsnr/xpsnr_summary.h"

#include <cmath>

#include "base/first_error.h"

namespace vmaf::xpsnr {

void Summary::add(const uint64_t wsse[3], const double xpsnr[3], int planes)
{
    for (int c = 0; c < planes; c++) {
        sum_root_wsse_[c] += std::sqrt(static_cast<double>(wsse[c]));
        sum_xpsnr_[c] += xpsnr[c];
    }
    frames_++;
}

int Summary::write(VmafFeatureSink *sink, const Layout &layout, unsigned depth) const
{
    if (!enabled_ || frames_ == 0) return 0;
    int err = 0;
    double minimum = 0;
    for (int c = 0; c < layout.planes; c++) {
        const double v =
            average_xpsnr(sum_root_wsse_[c], sum_xpsnr_[c], frames_, layout.w[c], layout.h[c], depth);
        minimum = c == 0 || v < minimum ? v : minimum;
        err = first_error(err, vmaf_sink_set_aggregate(sink, kAverageKeys[c], v));
    }
    return first_error(err, vmaf_sink_set_aggregate(sink, kMinimumKey, minimum));
}

} // namespace vmaf::xpsnr
