// One HIP state per context: the selected device. Read-only once created,
// so extractor instances on any thread may share it.
#pragma once

#include "extractor/extractor.h"
#include "hip/runtime/device.h"
#include "base/picture_memory.h"

struct VmafHipState {
    vmaf::hip::DeviceInfo device;
};

namespace vmaf::hip {

// The state that extractor setup carries, or nullptr with a message naming
// the extractor when none was imported.
const VmafHipState *state_of(const VmafExtractorSetup &setup, const char *extractor);

// Picture blocks in pinned host memory, allocated with the state's device
// current; the state must outlive the allocations, not the blocks.
PictureAllocator pinned_allocator(const VmafHipState &state);

// Picture blocks in the state's GPU memory (device pictures of a pool), in
// its context; the state must outlive the blocks.
PictureAllocator device_allocator(const VmafHipState &state);

} // namespace vmaf::hip
