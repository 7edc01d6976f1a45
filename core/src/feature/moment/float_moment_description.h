// float_moment's table description, shared by its CPU entry and its HIP twin's.
#pragma once

#include "extractor/description.h"
#include "feature/moment/float_moment_math.h"

namespace vmaf::float_moment {

inline constexpr ExtractorDescription kDescription{"float_moment", nullptr, 0, kFeatures};

} // namespace vmaf::float_moment
