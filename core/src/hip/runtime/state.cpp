#include "hip/runtime/state.h"

#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "base/log.h"

namespace vmaf::hip {

namespace {

// The state's device is made current first: pool pictures may be allocated
// on any thread (the CLI's readers), and an allocation on a thread with no
// current device would start a context on device 0.
void *pinned_picture_allocate(size_t bytes, void *state)
{
    if (make_current(static_cast<const VmafHipState *>(state)->device)) return nullptr;
    return pinned_alloc(bytes);
}

// Needs no device: pictures may outlive the context and its state.
void pinned_picture_release(void *block, void *) { pinned_free(block); }

void *device_picture_allocate(size_t bytes, void *state)
{
    if (make_current(static_cast<const VmafHipState *>(state)->device)) return nullptr;
    void *block = nullptr;
    if (check([&] { return hipMalloc(&block, bytes); }, "hipMalloc (device picture)"))
        return nullptr;
    return block;
}

void device_picture_release(void *block, void *state)
{
    make_current_to_release(static_cast<const VmafHipState *>(state)->device);
    give_back([&] { return hipFree(block); }, "hipFree (device picture)");
}

} // namespace

const VmafHipState *state_of(const VmafExtractorSetup &setup, const char *extractor)
{
    if (!setup.hip_state)
        log_error("{} runs on the GPU and needs a HIP state (vmaf_hip_import_state)", extractor);
    return static_cast<const VmafHipState *>(setup.hip_state);
}

PictureAllocator pinned_allocator(const VmafHipState &state)
{
    return {pinned_picture_allocate, pinned_picture_release, const_cast<VmafHipState *>(&state)};
}

PictureAllocator device_allocator(const VmafHipState &state)
{
    return {device_picture_allocate, device_picture_release, const_cast<VmafHipState *>(&state)};
}

} // namespace vmaf::hip
