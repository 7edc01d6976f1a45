// The keys vif, vif_hip, float_vif and float_vif_hip write from their per-scale sums: the
// debug keys (the combined score, numerator and denominator, and each
// scale's pair), the same for all, as the reference writes them, and
// integer VIF's scale scores.
#pragma once

#include "feature/vif/vif_math.h"
#include "feature/vif/vif_options.h"
#include "base/first_error.h"

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
    err = first_error(err, put(kNum, num));
    err = first_error(err, put(kDen, den));
    for (int s = 0; s < scales; s++) {
        const bool skipped = s == 0 && skip_scale0;
        err = first_error(err, put(kNumScale0 + 2 * s, skipped ? 0.0 : scores[s].num));
        err = first_error(err, put(kDenScale0 + 2 * s, skipped ? -1.0 : scores[s].den));
    }
    return err;
}

// Every key of integer VIF (vif and vif_hip) from its per-scale sums: the
// scale scores, their ratio taken in float as the reference does, then with
// `debug` the keys of report_debug.
template <typename Put>
int report_integer(const ScaleScore (&scores)[kScales], bool skip_scale0, bool debug, Put put)
{
    int err = 0;
    for (int s = 0; s < kScales; s++) {
        const bool skipped = s == 0 && skip_scale0;
        err = first_error(
            err,
            put(kScale0 + s, skipped ? 0.0 : static_cast<double>(scores[s].num / scores[s].den)));
    }
    if (!debug) return err;
    return err | report_debug(scores, kScales, skip_scale0, put);
}

// Every key of float_vif (and float_vif_hip) from its float per-scale sums:
// the scale scores, their ratio taken in double and raised to min_val[s]
// (scales 1-3), then with `debug` the keys of report_debug.
template <typename Score, typename Put>
int report_float(const Score (&scores)[kScales], bool skip_scale0, const double (&min_val)[kScales],
                 bool debug, Put put)
{
    int err = 0;
    for (int s = 0; s < kScales; s++) {
        double score = static_cast<double>(scores[s].num) / static_cast<double>(scores[s].den);
        if (s == 0) score = skip_scale0 ? 0.0 : score;
        else score = score > min_val[s] ? score : min_val[s];
        err = first_error(err, put(kScale0 + s, score));
    }
    if (!debug) return err;
    return err | report_debug(scores, kScales, skip_scale0, put);
}

} // namespace vmaf::vif
