// The module's entry point: the twins (twin_table(), generated from the
// metric list) and the device functions the core reaches through
// VmafHipModule.
#include <cerrno>
#include <new>

#include "base/log.h"
#include "hip/module/host.h"
#include "hip/module/twins.h"
#include "hip/runtime/device.h"
#include "hip/runtime/device_picture.h"
#include "hip/runtime/state.h"

namespace vmaf::hip {

namespace {

int state_init(VmafHipState **state, int device)
{
    *state = nullptr;
    DeviceInfo info;
    if (int err = select_device(device, &info)) return err;
    auto *s = new (std::nothrow) VmafHipState{info};
    if (!s) return -ENOMEM;
    log(VMAF_LOG_LEVEL_INFO, "HIP: using GPU {} ({}, {} MiB)", info.index, info.name,
        info.memory >> 20);
    *state = s;
    return 0;
}

void state_free(VmafHipState *state) { delete state; }

void allocator_of(const VmafHipState *state, PictureAllocator *allocator)
{
    *allocator = pinned_allocator(*state);
}

int ready_of(const VmafHipState *state, void *const *planes, unsigned count, void **ready)
{
    return device_ready(*state, planes, count, ready);
}

const VmafHipModule kModule{
    VMAF_HIP_MODULE_ABI, VMAF_VERSION, twin_table().data(), twin_table().size(),
    device_count,        state_init,   state_free,          allocator_of,
    ready_of,            ready_free,
};

} // namespace

} // namespace vmaf::hip

extern "C" __attribute__((visibility("default"))) const VmafHipModule *
vmaf_hip_module_open(const VmafHipHost *host)
{
    if (!host || host->abi != VMAF_HIP_MODULE_ABI) return nullptr;
    vmaf::hip::set_host(*host);
    return &vmaf::hip::kModule;
}
