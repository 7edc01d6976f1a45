// A temporal twin's check that its frames come in order: the twins that
// keep their own earlier frames on the device (motion's sums, SpEED's
// conversions, XPSNR's lumas) read the wrong ones otherwise.
#pragma once

#include <cerrno>

#include "base/log.h"

namespace vmaf::hip {

class FrameOrder {
public:
    // 0 where `index` is the next frame; else -EINVAL, with a message naming
    // the twin and what needs the order.
    int next(unsigned index, const char *twin, const char *needs)
    {
        if (index != frames_) {
            log_error("{}: frame {} came after {} frames; {} every frame in order", twin, index, frames_,
                      needs);
            return -EINVAL;
        }
        frames_++;
        return 0;
    }

private:
    unsigned frames_ = 0;
};

} // namespace vmaf::hip
