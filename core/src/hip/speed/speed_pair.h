// SpEED of one plane pair on the device, the work both twins share: the
// prescale, the band-pass at 1/16, the block statistics and the score, as
// the CPU's SpeedScorer. Its buffers serve one frame at a time (one lane).
#pragma once

#include "feature/speed/speed_setup.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/plane_pair.h"
#include "hip/speed/speed_kernel.h"

namespace vmaf::hip::speed {

class PairScorer {
public:
    int init(const vmaf::speed::SpeedParams &params, const vmaf::speed::SpeedSize &size);
    // Queues SpEED of `planes` (size.w x size.h each): result[0] the score,
    // result[1] 1 where a covariance was singular.
    int enqueue(PlanePair<const float> planes, float *result, hipStream_t stream);

private:
    vmaf::speed::SpeedParams params_;
    vmaf::speed::SpeedSize size_;
    DeviceBuffer taps_; // the anti-alias taps, then the local mean's
    int antialias_count_ = 0, local_mean_count_ = 0;
    FloatPlanePair scaled_, column_, decimated_, mean_, band_;
    DeviceBuffer means_, cov_, observed_, solution_, eigenvalues_, flags_, entropy_, variance_, singular_;
};

} // namespace vmaf::hip::speed
