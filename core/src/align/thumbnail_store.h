// Where a pair's thumbnails are kept and compared: host memory
// (HostThumbnails) or a GPU (the HIP module's, hip/align/). The C API
// (engine/thumbnails_api.cpp, VmafThumbnails) checks every argument and
// numbers the thumbnails before a store sees them.
#pragma once

#include <cstddef>

#include "libvmaf/picture.h"

namespace vmaf::align {

class ThumbnailStore {
  public:
    virtual ~ThumbnailStore() = default;
    // Makes thumbnail `index` of pic's luma (of the store's size and depth;
    // host memory). Calls for different indices may come from several
    // threads at once.
    virtual int put(const VmafPicture &pic, unsigned index) = 0;
    // mse[i] = the mean squared difference of thumbnails a[i] and b[i]
    // (each put before).
    virtual int mse(const unsigned *a, const unsigned *b, size_t count, double *mse) = 0;
};

} // namespace vmaf::align
