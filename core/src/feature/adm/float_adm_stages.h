// The stages of float_adm on float bands: the wavelet transform, decoupling,
// CSF weighting and the pooled (Minkowski) sums, each over the region the
// reference computes it on (adm::work_region / adm::score_region).
//
// The loops are templates on an instruction-set tag (cpu/isa.h), their
// files built once per set; FloatAdmStages holds one set's, and
// float_adm_stages() picks the widest that the CPU mask allows. Their
// float sums keep one order per sample, so every set gives the same bits.
#pragma once

#include <array>
#include <vector>

#include "cpu/isa.h"
#include "feature/adm/adm_bands.h"

namespace vmaf::float_adm {

using Detail = adm::Detail<float>;

// One db2 level of `src` (w x h, both at least 2): the approximation into
// `approx` and, unless `detail` is null, the detail bands, all
// (w + 1) / 2 x (h + 1) / 2.
struct DwtScratch {
    std::vector<float> rows; // vertical lowpass and highpass of one row
    std::vector<int> cols;   // input columns of the four taps, per output column
};
template <class Isa>
void dwt2(const FloatPlane &src, FloatPlane &approx, Detail *detail, DwtScratch &tmp);

// Fills `restored` and `additive` over work_region() of the bands.
template <class Isa>
void decouple(const Detail &ref, const Detail &dis, double gain_limit, Detail &restored,
              Detail &additive);

// Over work_region(): `weighted` = band x CSF factor, `floor` = |weighted| / 30.
// `factors` as csf_factors() gives them.
template <class Isa>
void csf_weight(const Detail &in, std::array<float, 2> factors, Detail &weighted,
                Detail &floor);

// Float sums of the three bands (h, v, d), each row by row over
// score_region(), as the reference pools them.
using BandSums = std::array<float, 3>;

// The denominator's sums: |CSF-weighted reference|^p.
template <class Isa>
BandSums csf_den_sums(const Detail &ref, std::array<float, 2> factors, double p_norm);

// The sums of |CSF-weighted `src`|^p above the masking threshold that
// `weighted` and `floor` (csf_weight() of the masker) give; `bypass` leaves
// masking out.
template <class Isa>
BandSums masked_sums(const Detail &src, std::array<float, 2> factors, const Detail &weighted,
                     const Detail &floor, bool bypass, double p_norm);

struct FloatAdmStages {
    decltype(&dwt2<cpu::Portable>) dwt2;
    decltype(&decouple<cpu::Portable>) decouple;
    decltype(&csf_weight<cpu::Portable>) csf_weight;
    decltype(&csf_den_sums<cpu::Portable>) csf_den_sums;
    decltype(&masked_sums<cpu::Portable>) masked_sums;
};
const FloatAdmStages &float_adm_stages(unsigned cpu_flags);

// The pooled value of a scale's band sums (w x h bands): over the bands,
// the p-th root of the sum plus the noise floor of the score region.
float pooled_bands(const BandSums &sums, int w, int h, double noise_weight, double p_norm);

} // namespace vmaf::float_adm
