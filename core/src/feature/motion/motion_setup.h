// What motion and motion_hip read and check of a setup before they start.
#pragma once

#include <cerrno>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/motion/motion_math.h"
#include "feature/motion/motion_options.h"

namespace vmaf::motion {

inline MotionParams read_params(const VmafOptionValue *o)
{
    return {o[kBlendFactor].d, o[kBlendOffset].d,     o[kFpsWeight].d,
            o[kMaxVal].d,      o[kFiveFrameWindow].b, o[kMovingAverage].b};
}

// 0, or -EINVAL with a message naming `extractor` when the picture is too
// small for the blur.
inline int check_picture_size(const VmafExtractorSetup &setup, const char *extractor)
{
    if (setup.w >= 3 && setup.h >= 3) return 0;
    log_error("{}: picture {}x{} is too small; the 5-tap blur needs at least 3x3", extractor,
              setup.w, setup.h);
    return -EINVAL;
}

} // namespace vmaf::motion
