// Device discovery and selection.
#pragma once

#include <cstddef>
#include <string>

namespace vmaf::hip {

struct DeviceInfo {
    int index = 0;
    std::string name;
    size_t memory = 0; // bytes
};

// Usable devices; 0 when there is no device or no driver, without a message:
// probing is not an error, selecting is.
int device_count();

// Makes `index` the current device and describes it. -ENODEV with a message
// naming the problem when there is no device or the index is out of range.
int select_device(int index, DeviceInfo *info);

// Makes `index` current on the calling thread: HIP's current device is per
// thread, and extractors run on worker threads.
int make_current(int index);

} // namespace vmaf::hip
