// Every HIP call goes through check() (or, giving a resource back,
// give_back()): a failure becomes a negative errno and a logged message naming
// the call, never an abort. check() is where faults are injected
// (fault_injection.h): it takes the call, not its result, so that a call
// made to fail is not made.
#pragma once

#include "hip/runtime/fault_injection.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip {

// -ENOMEM (out of device or pinned memory), -ENODEV (no usable device,
// missing driver) or -EIO (launch or execution failure); 0 on hipSuccess.
int error_code(hipError_t e);

// 0 on hipSuccess; otherwise logs "HIP: <what> failed: <reason>" and
// returns error_code(e). While this thread captures a graph (CaptureScope),
// a failure because the capture was invalidated is noted there instead of
// logged: the capture is tried again.
int report(hipError_t e, const char *what);

// Makes `call` (a callable giving a hipError_t: a runtime call or a kernel
// launcher), unless an injected fault fails it first, and reports its error.
template <typename Call> int check(Call &&call, const char *what)
{
    if (const hipError_t injected = injected_error(); injected != hipSuccess)
        return report(injected, what);
    return report(call(), what);
}

// A call whose effect comes whether it fails or not (ending a stream's
// capture): always made; an injected fault replaces its result.
template <typename Call> int check_made(Call &&call, const char *what)
{
    const hipError_t injected = injected_error();
    const hipError_t e = call();
    return report(injected != hipSuccess ? injected : e, what);
}

// A call that gives a resource back (hipFree, ...Destroy): always made,
// its failure logged; there is nothing else to do about it.
template <typename Call> void give_back(Call &&call, const char *what)
{
    static_cast<void>(report(call(), what));
}

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
