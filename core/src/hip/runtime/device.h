// Device discovery and selection.
#pragma once

#include <cstddef>
#include <string>

namespace vmaf::hip {

struct DeviceInfo {
    int index = 0;
    // NVIDIA: the CUDA context (CUcontext) the caller's work runs in
    // (libvmaf_cuda.h), which ours then runs in too; null: the device's
    // primary context.
    void *context = nullptr;
    std::string name;
    size_t memory = 0; // bytes
};

// Usable devices; 0 when there is no device or no driver, without a message:
// probing is not an error, selecting is.
int device_count();

// Makes `index` the current device and describes it. -ENODEV with a message
// naming the problem when there is no device or the index is out of range.
int select_device(int index, DeviceInfo *info);

// NVIDIA: describes the device of the CUDA context `context` and makes the
// context current; -EINVAL with a message when it is not a usable context.
int select_context(void *context, DeviceInfo *info);

// Makes the device (its context) current on the calling thread: HIP's
// current device is per thread, and extractors run on worker threads.
int make_current(const DeviceInfo &device);

// The same before resources are given back: always made, as give_back()'s
// calls are (an injected fault does not stop it), its failure logged. A
// release that gave up where the device could not be made current would
// lose what it releases.
void make_current_to_release(const DeviceInfo &device);

} // namespace vmaf::hip
