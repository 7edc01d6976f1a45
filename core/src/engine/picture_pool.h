// Preallocated pictures handed out in turn; a picture comes back to the pool
// when its last reference is dropped. Pictures are allocated on first use,
// so a pool costs only what is taken from it.
#pragma once

#include <functional>

#include "base/picture_memory.h"

namespace vmaf {

class PicturePool {
public:
    // Up to `count` pictures of one format.
    PicturePool(unsigned count, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h,
                const PictureAllocator &allocator);
    // Up to `count` pictures, each made by `make` (device pictures).
    PicturePool(unsigned count, std::function<int(VmafPicture *)> make);
    // Pictures still out are freed when their last reference goes, even
    // after the pool (and its context) is gone.
    ~PicturePool();
    PicturePool(const PicturePool &) = delete;
    PicturePool &operator=(const PicturePool &) = delete;

    // Checks the format by allocating the first picture.
    int init();
    // Waits for a picture while `returning()` says someone else will give
    // one back (the context's workers); otherwise an empty pool is an error
    // at once, never a wait that cannot end.
    int fetch(VmafPicture *pic, const std::function<bool()> &returning);

private:
    struct Shared;
    Shared *shared_;
};

} // namespace vmaf
