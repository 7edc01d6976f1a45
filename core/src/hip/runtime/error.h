// Every HIP call goes through check(): a failure becomes a negative errno
// and a logged message naming the call, never an abort.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip {

// -ENOMEM (out of device or pinned memory), -ENODEV (no usable device,
// missing driver) or -EIO (launch or execution failure); 0 on hipSuccess.
int error_code(hipError_t e);

// 0 on hipSuccess; otherwise logs "HIP: <what> failed: <reason>" and
// returns error_code(e). While this thread captures a graph (CaptureScope),
// a failure because the capture was invalidated is noted there instead of
// logged: the capture is tried again.
int check(hipError_t e, const char *what);

// Marks this thread as capturing a graph for its lifetime.
class CaptureScope {
public:
    CaptureScope();
    ~CaptureScope();
    CaptureScope(const CaptureScope &) = delete;
    CaptureScope &operator=(const CaptureScope &) = delete;
    // Whether a call failed because the capture was invalidated.
    bool invalidated() const;
};

} // namespace vmaf::hip
