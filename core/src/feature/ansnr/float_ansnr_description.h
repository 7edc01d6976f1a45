// float_ansnr's table description, shared by its CPU entry and its HIP twin's.
#pragma once

#include "extractor/description.h"
#include "feature/ansnr/float_ansnr_math.h"

namespace vmaf::float_ansnr {

inline constexpr ExtractorDescription kDescription{"float_ansnr", nullptr, 0, kFeatures};

} // namespace vmaf::float_ansnr
