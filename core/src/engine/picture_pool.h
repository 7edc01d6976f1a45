// Preallocated pictures handed out in turn; a picture comes back to the pool
// when its last reference is dropped. fetch() waits for a free one.
#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

#include "engine/picture_memory.h"

namespace vmaf {

class PicturePool {
public:
    PicturePool() = default;
    ~PicturePool();
    PicturePool(const PicturePool &) = delete;
    PicturePool &operator=(const PicturePool &) = delete;

    int init(unsigned count, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h,
             const PictureAllocator &allocator);
    int fetch(VmafPicture *pic);

private:
    static void recycle(void *pool, VmafPicture *pic);

    std::mutex mutex_;
    std::condition_variable available_;
    std::vector<VmafPicture> free_;
    unsigned total_ = 0;
};

} // namespace vmaf
