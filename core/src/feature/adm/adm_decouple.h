// Decoupling (Li et al., "Image quality assessment by separately evaluating
// detail losses and additive impairments", IEEE TMM 13(5), 2011): splits each
// distorted detail coefficient into the part restored from the reference
// (kept detail) and the rest (additive impairment).
#pragma once

#include <cstdint>
#include <vector>

#include "feature/adm/adm_bands.h"

namespace vmaf::adm {

// Row buffers of decouple(), kept between calls.
struct DecoupleRows {
    std::vector<uint8_t> angle; // within one degree, per sample
    std::vector<int32_t> ratio; // k of one band
};

// Fills `restored` and `additive` over work_region() of the bands.
// T is int16_t at scale 0, int32_t at scales 1-3.
template <typename T>
void decouple(const Detail<T> &ref, const Detail<T> &dis, double enhn_gain_limit,
              Detail<T> &restored, Detail<T> &additive, DecoupleRows &rows);

} // namespace vmaf::adm
