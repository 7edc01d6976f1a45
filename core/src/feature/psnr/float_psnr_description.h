// float_psnr's table description, shared by its CPU entry and its HIP twin's.
#pragma once

#include "extractor/description.h"
#include "feature/psnr/float_psnr_math.h"

namespace vmaf::float_psnr {

inline constexpr ExtractorDescription kDescription{"float_psnr", nullptr, 0, kFeatures};

} // namespace vmaf::float_psnr
