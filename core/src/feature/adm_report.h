// The keys adm and float_adm write from a frame's scores, the same for both:
// adm2, aim, adm3, each scale's ratio and, with debug, the sums.
#pragma once

#include <cstddef>

#include "feature/adm_options.h"

namespace vmaf::adm {

// `r` has adm2, aim, num, den and kScales-long num_scale / den_scale;
// `adm3` is the extractor's own blend. put(key index, value) writes one key
// (FeatureIndex).
template <typename Scores, typename Put>
void report(const Scores &r, double adm3, bool debug, Put put)
{
    put(kAdm2, r.adm2);
    put(kAim, r.aim);
    put(kAdm3, adm3);
    for (size_t k = 0; k < r.num_scale.size(); k++)
        put(kScale0 + static_cast<int>(k), r.num_scale[k] / r.den_scale[k]);
    if (!debug) return;
    put(kAdm, r.adm2);
    put(kNum, r.num);
    put(kDen, r.den);
    for (size_t k = 0; k < r.num_scale.size(); k++) {
        put(kNumScale0 + 2 * static_cast<int>(k), r.num_scale[k]);
        put(kNumScale0 + 2 * static_cast<int>(k) + 1, r.den_scale[k]);
    }
}

} // namespace vmaf::adm
