// xpsnr's setup, checked and read once for the CPU extractor and its HIP
// twin.
#pragma once

#include "extractor/extractor.h"
#include "feature/xpsnr/xpsnr_math.h"

namespace vmaf::xpsnr {

// The block layout of this setup and its options; -EINVAL, with a message
// naming `extractor`, for sizes FFmpeg's xpsnr does not define.
int read_setup(const VmafExtractorSetup &setup, const char *extractor, Layout &layout);

} // namespace vmaf::xpsnr
