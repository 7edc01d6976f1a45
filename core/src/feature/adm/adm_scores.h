// What an ADM engine (integer or float) measures on one frame pair.
#pragma once

#include <array>

#include "feature/adm/adm_math.h"

namespace vmaf::adm {

struct AdmScores {
    double adm2 = 1.0; // num / den
    double aim = 0.0;  // additive impairment numerator / den, at most 1
    double num = 0.0, den = 0.0;
    std::array<double, kScales> num_scale{}, den_scale{};
};

} // namespace vmaf::adm
