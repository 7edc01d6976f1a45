// The module's entry point: the twins (twin_table(), generated from the
// metric list) and the device functions the core reaches through
// VmafHipModule.
#include <cerrno>
#include <new>

#include "base/log.h"
#include "hip/align/thumbnails.h"
#include "hip/module/host.h"
#include "hip/module/twins.h"
#include "hip/runtime/device.h"
#include "hip/runtime/device_picture.h"
#include "hip/runtime/fault_injection.h"
#include "hip/runtime/frame_upload.h"
#include "hip/runtime/state.h"

namespace vmaf::hip {

namespace {

int make_state(VmafHipState **state, const DeviceInfo &info)
{
    auto *s = new (std::nothrow) VmafHipState{info};
    if (!s) return -ENOMEM;
    log(VMAF_LOG_LEVEL_INFO, "HIP: using GPU {} ({}, {} MiB){}", info.index, info.name,
        info.memory >> 20, info.context ? ", in the caller's CUDA context" : "");
    *state = s;
    return 0;
}

int state_init(VmafHipState **state, int device)
{
    *state = nullptr;
    arm_fault_for_new_state();
    DeviceInfo info;
    if (int err = select_device(device, &info)) return err;
    return make_state(state, info);
}

int state_init_context(VmafHipState **state, void *context)
{
    *state = nullptr;
    arm_fault_for_new_state();
    DeviceInfo info;
    if (int err = select_context(context, &info)) return err;
    return make_state(state, info);
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

void device_allocator_of(const VmafHipState *state, PictureAllocator *allocator)
{
    *allocator = device_allocator(*state);
}

int fill_of(const VmafHipState *state, void *data, size_t bytes, int value)
{
    return device_fill(*state, data, bytes, value);
}

int read_of(const VmafHipState *state, void *host, const void *data, size_t bytes)
{
    return device_read(*state, host, data, bytes);
}

int uploader_create(const VmafHipState *state, void **uploader)
{
    *uploader = nullptr;
    auto *u = new (std::nothrow) FrameUploader;
    if (!u) return -ENOMEM;
    if (int err = u->create(*state)) {
        delete u;
        return err;
    }
    *uploader = u;
    return 0;
}

void uploader_free(void *uploader) { delete static_cast<FrameUploader *>(uploader); }

int uploader_copy(void *uploader, const VmafPicture *src, const VmafPicture *dst, unsigned planes,
                  void **ready, uint64_t *ticket)
{
    return static_cast<FrameUploader *>(uploader)->copy(*src, *dst, planes, ready, ticket);
}

int uploader_wait(void *uploader, uint64_t ticket)
{
    return static_cast<const FrameUploader *>(uploader)->wait(ticket);
}

const VmafHipModule kModule{
    VMAF_HIP_MODULE_ABI,     VMAF_VERSION,          twin_table().data(),
    twin_table().size(),     device_count,          state_init,
    state_free,              allocator_of,          ready_of,
    ready_free,              state_init_context,    device_allocator_of,
    fill_of,                 read_of,               uploader_create,
    uploader_free,           uploader_copy,         uploader_wait,
    align::thumbnails_create, align::thumbnails_free, align::thumbnails_put,
    align::thumbnails_mse,
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
