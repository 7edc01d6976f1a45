#include "hip/runtime/cuda_context.h"

#include <cerrno>
#include <dlfcn.h>

#include "base/log.h"

namespace vmaf::hip {

namespace {

// The driver API's types, as cuda.h declares them: CUresult is an enum
// (0 success), CUdevice an int, CUcontext a pointer.
using CtxSetCurrent = int (*)(void *context);
using CtxPushCurrent = int (*)(void *context);
using CtxPopCurrent = int (*)(void **context);
using CtxGetDevice = int (*)(int *device);

struct Driver {
    CtxSetCurrent set_current = nullptr;
    CtxPushCurrent push_current = nullptr;
    CtxPopCurrent pop_current = nullptr;
    CtxGetDevice get_device = nullptr;
    bool loaded = false;
};

// Loaded once; the handle stays open for the process, as the runtime's.
const Driver &driver()
{
    static const Driver d = [] {
        Driver out;
        void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!lib) return out;
        out.set_current = reinterpret_cast<CtxSetCurrent>(dlsym(lib, "cuCtxSetCurrent"));
        out.push_current = reinterpret_cast<CtxPushCurrent>(dlsym(lib, "cuCtxPushCurrent_v2"));
        out.pop_current = reinterpret_cast<CtxPopCurrent>(dlsym(lib, "cuCtxPopCurrent_v2"));
        out.get_device = reinterpret_cast<CtxGetDevice>(dlsym(lib, "cuCtxGetDevice"));
        out.loaded = out.set_current && out.push_current && out.pop_current && out.get_device;
        return out;
    }();
    return d;
}

bool have_driver()
{
    if (driver().loaded) return true;
    log_error("HIP: the NVIDIA driver's libcuda.so.1 (cuCtxSetCurrent, cuCtxGetDevice) cannot "
              "be loaded: a CUDA context needs the driver");
    return false;
}

} // namespace

int cuda_context_device(void *context, int *device)
{
    if (!have_driver()) return -ELIBACC;
    const Driver &d = driver();
    if (!context || d.push_current(context) != 0) {
        log_error("HIP: {} is not a CUDA context the driver takes", context);
        return -EINVAL;
    }
    const int got = d.get_device(device);
    void *popped = nullptr;
    d.pop_current(&popped);
    if (got != 0) {
        log_error("HIP: the device of CUDA context {} is unknown (CUresult {})", context, got);
        return -EINVAL;
    }
    return 0;
}

int cuda_context_make_current(void *context)
{
    if (!have_driver()) return -ELIBACC;
    if (const int err = driver().set_current(context)) {
        log_error("HIP: cuCtxSetCurrent failed (CUresult {})", err);
        return -EIO;
    }
    return 0;
}

} // namespace vmaf::hip
