// The contrasts cambi looks for: steps of 1 .. 2^max_log_contrast 10-bit
// codes, each with its weight and the brightest code at which it is still
// visible, and the darkest code worth looking at.
#pragma once

#include <vector>

#include "feature/cambi/luminance.h"

namespace vmaf::cambi {

struct ContrastLevels {
    int num_diffs = 0;
    // Per step of d + 1 codes: the suprathreshold contrast response ...
    std::vector<int> weight;
    // ... and the largest code at which that step is still visible (0 where
    // it is visible nowhere, 1023 where everywhere).
    std::vector<int> visible_up_to;
    // The smallest code whose luminance reaches the visibility luminance
    // threshold, 0 when that is black (every code is bright enough).
    int darkest_visible = 0;
};

ContrastLevels contrast_levels(int max_log_contrast, double tvi_threshold,
                               double vis_lum_threshold, Eotf eotf);

} // namespace vmaf::cambi
