// ssimulacra2's setup, checked and read once for the CPU extractor and its
// HIP twin.
#pragma once

#include "extractor/extractor.h"
#include "feature/ssimulacra2/rgb_from_yuv.h"

namespace vmaf::ssimulacra2 {

// The conversion of this setup's pictures to R'G'B'; -EINVAL, with a
// message naming `extractor`, for input it cannot score: no chroma, chroma
// subsampled from an odd size, fewer than six scales, an unknown option.
int read_setup(const VmafExtractorSetup &setup, const char *extractor, Conversion &conversion);

} // namespace vmaf::ssimulacra2
