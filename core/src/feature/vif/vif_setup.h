// What vif and vif_hip check of a setup before they start.
#pragma once

#include <cerrno>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/vif/vif_options.h"

namespace vmaf::vif {

// 0, or -EINVAL with a message naming `extractor` when the picture is too
// small for the four scales.
inline int check_picture_size(const VmafExtractorSetup &setup, const char *extractor)
{
    if (setup.w >= kMinSize && setup.h >= kMinSize) return 0;
    log_error("{}: picture {}x{} is too small; the four scales need at least {}x{}", extractor,
              setup.w, setup.h, kMinSize, kMinSize);
    return -EINVAL;
}

} // namespace vmaf::vif
