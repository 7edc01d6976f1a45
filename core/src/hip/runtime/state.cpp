#include "hip/runtime/state.h"

#include "hip/runtime/buffer.h"
#include "engine/log.h"

namespace vmaf::hip {

namespace {

void *pinned_picture_allocate(size_t bytes, void *) { return pinned_alloc(bytes); }

void pinned_picture_release(void *block, void *) { pinned_free(block); }

const PictureAllocator kPinnedAllocator{pinned_picture_allocate, pinned_picture_release, nullptr};

} // namespace

const VmafHipState *state_of(const VmafExtractorSetup &setup, const char *extractor)
{
    if (!setup.hip_state)
        log_error("{} runs on the GPU and needs a HIP state (vmaf_hip_import_state)", extractor);
    return static_cast<const VmafHipState *>(setup.hip_state);
}

const PictureAllocator &pinned_allocator() { return kPinnedAllocator; }

} // namespace vmaf::hip
