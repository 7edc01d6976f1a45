// The thumbnails behind the C API (VmafThumbnails, libvmaf_ext.h): what
// thumbnails_api.cpp (the CPU's store) and hip_thumbnails_api.cpp (the HIP
// module's, built with the backend) share.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "align/thumbnail_store.h"

struct VmafThumbnails {
    unsigned w, h, bpc, capacity;
    std::unique_ptr<vmaf::align::ThumbnailStore> store;
    std::mutex mutex;
    unsigned handed_out = 0; // indices given to adds, made or not
    std::vector<bool> made;  // by index
};

namespace vmaf {

// Whether thumbnails of w x h frames of bpc bits can be made, `capacity` of
// them; false with a message naming `what` where not.
bool thumbnails_format_valid(const char *what, unsigned w, unsigned h, unsigned bpc,
                             unsigned capacity);

// Thumbnails of that format, without a store yet.
std::unique_ptr<VmafThumbnails> make_thumbnails(unsigned w, unsigned h, unsigned bpc,
                                                unsigned capacity);

} // namespace vmaf
