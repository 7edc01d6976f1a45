// The HIP backend's C API (libvmaf/libvmaf_hip.h).
#include <cerrno>
#include <new>

#include "engine/context.h"
#include "hip/runtime/device.h"
#include "hip/runtime/state.h"
#include "libvmaf/libvmaf_hip.h"
#include "engine/log.h"

extern "C" {

bool vmaf_hip_available(void) { return vmaf::hip::device_count() > 0; }

int vmaf_hip_state_init(VmafHipState **hip_state, VmafHipConfiguration cfg)
{
    if (!hip_state) return -EINVAL;
    *hip_state = nullptr;
    vmaf::hip::DeviceInfo info;
    if (int err = vmaf::hip::select_device(cfg.device, &info)) return err;
    auto *state = new (std::nothrow) VmafHipState{info};
    if (!state) return -ENOMEM;
    vmaf::log(VMAF_LOG_LEVEL_INFO, "HIP: using GPU {} ({}, {} MiB)", info.index, info.name,
              info.memory >> 20);
    *hip_state = state;
    return 0;
}

int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *hip_state)
{
    if (!vmaf || !hip_state) return -EINVAL;
    return vmaf->import_hip_state(hip_state, vmaf::hip::pinned_allocator(*hip_state));
}

int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    if (!vmaf->hip_state) {
        vmaf::log_error("vmaf_hip_preallocate_pictures: no HIP state imported "
                        "(call vmaf_hip_import_state first)");
        return -EINVAL;
    }
    try {
        return vmaf->preallocate(cfg);
    } catch (const std::bad_alloc &) {
        vmaf::log_error("vmaf_hip_preallocate_pictures: out of memory");
        return -ENOMEM;
    }
}

int vmaf_hip_state_free(VmafHipState *hip_state)
{
    if (!hip_state) return -EINVAL;
    delete hip_state;
    return 0;
}

}
