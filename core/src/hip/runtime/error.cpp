#include "hip/runtime/error.h"

#include <cerrno>

#include "base/log.h"

namespace vmaf::hip {

int error_code(hipError_t e)
{
    switch (e) {
    case hipSuccess: return 0;
    case hipErrorOutOfMemory: return -ENOMEM;
    case hipErrorNoDevice:
    case hipErrorInvalidDevice:
    case hipErrorInsufficientDriver: return -ENODEV;
    default: return -EIO;
    }
}

namespace {
thread_local bool capturing = false;
thread_local bool capture_invalidated = false;
} // namespace

CaptureScope::CaptureScope()
{
    capturing = true;
    capture_invalidated = false;
}

CaptureScope::~CaptureScope() { capturing = false; }

bool CaptureScope::invalidated() const { return capture_invalidated; }

int report(hipError_t e, const char *what)
{
    if (e == hipSuccess) return 0;
    if (capturing && e == hipErrorStreamCaptureInvalidated) {
        capture_invalidated = true;
        return error_code(e);
    }
    log_error("HIP: {} failed: {} ({})", what, hipGetErrorString(e), hipGetErrorName(e));
    return error_code(e);
}

} // namespace vmaf::hip
