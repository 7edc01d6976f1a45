// SpEED of one plane pair: each plane band-passed at 1/16 of its
// (prescaled) size, then modelled block by block as a Gaussian scale
// mixture: the entropy and the variance scale of every 5 x 5 block, from the
// plane's own block covariance. The score is the mean over blocks of the
// entropy difference, each side weighted by variance (speed_weight_var_mode).
#pragma once

#include <vector>

#include "feature/common/float_filter.h"
#include "feature/speed/speed_cov.h"
#include "feature/speed/speed_linalg.h"
#include "feature/speed/speed_setup.h"

namespace vmaf::speed {

struct SpeedResult {
    float score = 0;
    // Whether a block covariance could not be inverted (a flat plane, for
    // one): the reference's error of either side.
    bool singular = false;
};

class SpeedScorer {
public:
    SpeedScorer(const SpeedParams &params, const SpeedSize &size, unsigned cpu_flags);

    // ref and dis are size.w x size.h planes (on the 8-bit scale, less 128).
    SpeedResult score(const FloatPlane &ref, const FloatPlane &dis);

private:
    struct Side {
        std::vector<float> entropy, variance; // per block
    };

    // The plane band-passed at 1/16 of its prescaled size, into band_.
    void band_pass(const FloatPlane &plane);
    // Entropies and variances of band_'s blocks; false when its covariance
    // is singular (the variances are then 0).
    bool estimate(Side &side);
    float difference(const Side &ref, const Side &dis) const;

    SpeedParams params_;
    SpeedSize size_;
    CovarianceSum covariance_;
    std::vector<float> antialias_, local_mean_;
    floatf::Filter filter_;
    FloatPlane scaled_, decimated_, band_, mean_;
    Linalg linalg_;
    std::vector<float> cov_, eigenvalues_, observed_, solution_;
    Side ref_, dis_;
};

} // namespace vmaf::speed
