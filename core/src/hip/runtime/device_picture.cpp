#include "hip/runtime/device_picture.h"

#include <cerrno>

#include "hip/runtime/error.h"
#include "base/log.h"

namespace vmaf::hip {

namespace {

// Whether `p` is memory that kernels on `device` may read: device memory of
// that GPU, or managed memory.
bool readable_on(const void *p, int device)
{
    hipPointerAttribute_t a{};
    if (hipPointerGetAttributes(&a, p) != hipSuccess) {
        // Host memory the runtime never saw: not a sticky error.
        static_cast<void>(hipGetLastError());
        return false;
    }
    if (a.isManaged) return true;
    return a.memoryType == hipMemoryTypeDevice && a.device == device;
}

} // namespace

int device_ready(const VmafHipState &state, void *const *planes, unsigned count, void **ready)
{
    *ready = nullptr;
    const int device = state.device.index;
    if (int err = make_current(state.device)) return err;
    for (unsigned p = 0; p < count; p++) {
        if (!readable_on(planes[p], device)) {
            log_error("device picture: plane {} is not memory of GPU {} (host memory, or "
                      "another GPU's): wrap only the state's GPU's memory",
                      p, device);
            return -EINVAL;
        }
    }
    hipEvent_t event = nullptr;
    if (int err = check([&] { return hipEventCreateWithFlags(&event, hipEventDisableTiming); },
                        "hipEventCreate"))
        return err;
    // Stream 0 is the legacy default stream, which FFmpeg's NVDEC frames
    // are written on (its device context's stream, unset).
    if (int err = check([&] { return hipEventRecord(event, nullptr); },
                        "hipEventRecord (device picture)")) {
        give_back([&] { return hipEventDestroy(event); }, "hipEventDestroy");
        return err;
    }
    *ready = event;
    return 0;
}

void ready_free(void *ready)
{
    if (ready)
        give_back([&] { return hipEventDestroy(static_cast<hipEvent_t>(ready)); },
                  "hipEventDestroy");
}

int device_fill(const VmafHipState &state, void *data, size_t bytes, int value)
{
    if (int err = make_current(state.device)) return err;
    return check([&] { return hipMemsetAsync(data, value, bytes, nullptr); },
                 "hipMemsetAsync (device picture)");
}

int device_read(const VmafHipState &state, void *host, const void *data, size_t bytes)
{
    if (int err = make_current(state.device)) return err;
    return check([&] { return hipMemcpy(host, data, bytes, hipMemcpyDeviceToHost); },
                 "hipMemcpy (device picture)");
}

} // namespace vmaf::hip
