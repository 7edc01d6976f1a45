#include "hip/runtime/device.h"

#include <cerrno>
#include <string>

#if defined(VMAF_HIP_PLATFORM_NVIDIA)
#include <dlfcn.h>

#include "hip/runtime/cuda_context.h"
#endif

#include "hip/runtime/error.h"
#include "base/log.h"

namespace vmaf::hip {

namespace {

// Why no device answers. On NVIDIA the runtime inside the module loads the
// driver's library itself, at the first call: name it when it is missing.
std::string no_device_reason(hipError_t e)
{
    if (e == hipSuccess) return "no device found";
#if defined(VMAF_HIP_PLATFORM_NVIDIA)
    if (void *driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL)) {
        dlclose(driver);
    } else {
        const char *why = dlerror();
        return std::string("the NVIDIA driver's libcuda.so.1 cannot be loaded (") +
               (why ? why : "unknown error") + "): install the NVIDIA driver";
    }
#endif
    return hipGetErrorString(e);
}

int describe(DeviceInfo *info)
{
    hipDeviceProp_t prop{};
    if (int err = check([&] { return hipGetDeviceProperties(&prop, info->index); },
                        "hipGetDeviceProperties"))
        return err;
    info->name = prop.name;
    info->memory = prop.totalGlobalMem;
    return 0;
}

} // namespace

int device_count()
{
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess) return 0;
    return count;
}

int select_device(int index, DeviceInfo *info)
{
    int count = 0;
    const hipError_t e = hipGetDeviceCount(&count);
    if (e != hipSuccess || count == 0) {
        log_error("HIP: no usable GPU: {}", no_device_reason(e));
        return -ENODEV;
    }
    if (index < 0 || index >= count) {
        log_error("HIP: GPU index {} is out of range: this machine has {} device{} (0 to {})",
                  index, count, count == 1 ? "" : "s", count - 1);
        return -ENODEV;
    }
    info->index = index;
    info->context = nullptr;
    if (int err = make_current(*info)) return err;
#if defined(VMAF_HIP_PLATFORM_NVIDIA)
    // The scheduling FFmpeg's CUDA device sets on the primary context that
    // hardware decoding shares with us (--hwdec): it refuses a context
    // already active with any other, whichever of the two starts first.
    if (int err = check([&] { return hipSetDeviceFlags(hipDeviceScheduleBlockingSync); },
                        "hipSetDeviceFlags"))
        return err;
#endif
    return describe(info);
}

int select_context(void *context, DeviceInfo *info)
{
#if defined(VMAF_HIP_PLATFORM_NVIDIA)
    if (int err = cuda_context_device(context, &info->index)) return err;
    info->context = context;
    // The context's own scheduling flags stay as its maker set them.
    if (int err = make_current(*info)) return err;
    return describe(info);
#else
    static_cast<void>(context);
    static_cast<void>(info);
    log_error("HIP: a CUDA context is handed in, but this build's GPU platform is AMD");
    return -EINVAL;
#endif
}

int make_current(const DeviceInfo &device)
{
#if defined(VMAF_HIP_PLATFORM_NVIDIA)
    if (device.context) return cuda_context_make_current(device.context);
#endif
    return check([&] { return hipSetDevice(device.index); }, "hipSetDevice");
}

void make_current_to_release(const DeviceInfo &device)
{
#if defined(VMAF_HIP_PLATFORM_NVIDIA)
    if (device.context) {
        static_cast<void>(cuda_context_make_current(device.context));
        return;
    }
#endif
    give_back([&] { return hipSetDevice(device.index); }, "hipSetDevice");
}

} // namespace vmaf::hip
