// Contrast sensitivity of ADM's wavelet bands: how much each scale and
// orientation is weighted, from the viewing conditions. The float model is
// the reference's, operation for operation; its result feeds the
// fixed-point factors of adm_math.h.
#pragma once

#include <array>

#include "feature/adm/adm_math.h"

namespace vmaf::adm {

enum CsfMode { kWatson97 = 0, kBarten = 1, kBlend = 2, kBlendMae = 3 };

struct CsfParams {
    double norm_view_dist = 3.0;
    int ref_display_height = 1080;
    int mode = kWatson97;
    double scale = 1.0;      // Barten only: horizontal and vertical bands
    double diag_scale = 1.0; // Barten only: diagonal band
};

// The blended CSFs are tables for a few viewing conditions only.
bool csf_defined(const CsfParams &p);

// Weights of scale 0..3: [0] for the h and v bands, [1] for the d band.
std::array<float, 2> csf_weights(const CsfParams &p, int scale);

// The weights in fixed point, per band h, v, d.
ScaleMath<int16_t>::Factors scale0_factors(const CsfParams &p);
ScaleMath<int32_t>::Factors scale_factors(const CsfParams &p, int scale);

} // namespace vmaf::adm
