// The debug keys vif and float_vif write from their per-scale sums (the
// combined score, numerator and denominator, and each scale's pair), the
// same for both, as the reference writes them.
#pragma once

#include "feature/vif/vif_options.h"

namespace vmaf::vif {

// `scores` holds kScales {num, den} pairs; put(key index, value) writes one
// key (FeatureIndex) and returns its error. A skipped scale 0 counts in
// neither sum and is written as 0 / -1.
template <typename Score, typename Put>
int report_debug(const Score *scores, int scales, bool skip_scale0, Put put)
{
    double num = 0, den = 0;
    for (int s = skip_scale0 ? 1 : 0; s < scales; s++) {
        num += scores[s].num;
        den += scores[s].den;
    }
    int err = put(kCombined, den == 0.0 ? 1.0 : num / den);
    err |= put(kNum, num);
    err |= put(kDen, den);
    for (int s = 0; s < scales; s++) {
        const bool skipped = s == 0 && skip_scale0;
        err |= put(kNumScale0 + 2 * s, skipped ? 0.0 : scores[s].num);
        err |= put(kDenScale0 + 2 * s, skipped ? -1.0 : scores[s].den);
    }
    return err;
}

} // namespace vmaf::vif
