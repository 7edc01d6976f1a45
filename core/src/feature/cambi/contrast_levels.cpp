#include "feature/cambi/contrast_levels.h"

namespace vmaf::cambi {
namespace {

// Suprathreshold contrast response of a step of d + 1 codes (at most 32).
constexpr int kContrastWeights[32] = {1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8,
                                      8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};

// Whether a step of `diff` codes up from `code` is visible: its luminance
// rise is above tvi_threshold times the luminance at `code`.
bool step_visible(int code, int diff, double tvi_threshold, Eotf eotf)
{
    const double base = luminance(code, eotf);
    return luminance(code + diff, eotf) - base > tvi_threshold * base;
}

enum class Probe { kBelow, kAt, kAbove };

// Where `code` lies against the last code at which the step is visible.
Probe probe(int code, int diff, double tvi_threshold, Eotf eotf)
{
    if (!step_visible(code, diff, tvi_threshold, eotf)) return Probe::kAbove;
    if (step_visible(code + 1, diff, tvi_threshold, eotf)) return Probe::kBelow;
    return Probe::kAt;
}

// The last code at which a step of `diff` is visible, found by bisection
// between black and the highest code whose step stays in range, as the
// reference searches (so that a threshold function that is not monotonic
// gives the same code).
int visible_up_to(int diff, double tvi_threshold, Eotf eotf)
{
    constexpr int kMaxCode = 1023;
    int low = kLumaFoot, high = kLumaHead - diff - 1;
    switch (probe(low, diff, tvi_threshold, eotf)) {
    case Probe::kAbove: return 0;
    case Probe::kAt: return low;
    case Probe::kBelow: break;
    }
    switch (probe(high, diff, tvi_threshold, eotf)) {
    case Probe::kBelow: return kMaxCode;
    case Probe::kAt: return high;
    case Probe::kAbove: break;
    }
    // low is below the answer and high above it: the loop ends, since a
    // midpoint equal to low would have to be below and above at once.
    for (;;) {
        const int mid = low + (high - low) / 2;
        switch (probe(mid, diff, tvi_threshold, eotf)) {
        case Probe::kAbove: high = mid; break;
        case Probe::kBelow: low = mid; break;
        case Probe::kAt: return mid;
        }
    }
}

int darkest_visible(double vis_lum_threshold, Eotf eotf)
{
    // White is 300 cd/m2 (BT.1886) or more (PQ), the option's largest value:
    // the search ends at white at the latest.
    int code = kLumaFoot;
    while (code < kLumaHead && luminance(code, eotf) < vis_lum_threshold) code++;
    return code == kLumaFoot ? 0 : code;
}

} // namespace

ContrastLevels contrast_levels(int max_log_contrast, double tvi_threshold,
                               double vis_lum_threshold, Eotf eotf)
{
    ContrastLevels levels;
    levels.num_diffs = 1 << max_log_contrast;
    for (int d = 0; d < levels.num_diffs; d++) {
        levels.weight.push_back(kContrastWeights[d]);
        levels.visible_up_to.push_back(visible_up_to(d + 1, tvi_threshold, eotf));
    }
    levels.darkest_visible = darkest_visible(vis_lum_threshold, eotf);
    return levels;
}

} // namespace vmaf::cambi
