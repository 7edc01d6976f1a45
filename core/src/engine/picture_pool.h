// Preallocated pictures handed out in turn; a picture comes back to the pool
// when its last reference is dropped. Every picture is made by init(), as
// libvmaf's pool does: a run's picture memory is held from its start, so a
// memory limit is met or refused at once, not hours into a run when the
// readers first run further ahead than before.
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

    // Makes every picture; an error (a bad format, no memory) leaves the
    // pool unusable.
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
