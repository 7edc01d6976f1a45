// ciede's table description, shared by its CPU entry and its HIP twin's.
#pragma once

#include "extractor/description.h"
#include "feature/ciede/ciede_math.h"

namespace vmaf::ciede {

inline constexpr ExtractorDescription kDescription{"ciede", nullptr, VMAF_EXTRACTOR_CHROMA, kFeatures};

} // namespace vmaf::ciede
