// ADM's 2-D discrete wavelet transform (db2, one level): a picture or the
// previous level's approximation in, half-size approximation and detail
// bands out, in the reference's fixed point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "feature/adm/adm_bands.h"

namespace vmaf::adm {

// Scale 0 from picture samples of `bpc` bits (Pixel uint8_t or uint16_t;
// stride in samples). Centres the samples on zero and writes 16-bit detail
// bands; the approximation is widened to 32 bits for the next scale. With
// `detail` null only the approximation is made (adm_skip_scale0).
template <typename Pixel>
void dwt2_scale0(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc,
                 Detail<int16_t> *detail, Plane<int32_t> &approx, std::vector<int16_t> &tmp);

// Scale 1, 2 or 3 of `pictures` (1 or 2) pictures from the previous scale's
// approximations (in[0] reference, in[1] distorted). Both go through one
// call because the reference's AVX-512 code, whose output the golden data
// is, reads across its row buffers of the two pictures where
// last_output_unreflected(): one picture alone is exact only where it is
// not (see the .cpp). `tmp` must be kept between calls, scales 1 to 3 in
// order, as the reference keeps its buffer.
void dwt2_scale(const Plane<int32_t> *const in[], int pictures, int scale,
                Detail<int32_t> *const detail[], Plane<int32_t> *const approx[],
                std::vector<int64_t> &tmp);

} // namespace vmaf::adm
