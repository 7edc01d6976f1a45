#include "engine/picture_pool.h"

#include <cerrno>

namespace vmaf {

PicturePool::~PicturePool()
{
    // Pictures still referenced by the caller are the caller's bug; the ones
    // here are freed.
    for (auto &pic : free_) picture_destroy(&pic);
}

int PicturePool::init(unsigned count, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                      unsigned h, const PictureAllocator &allocator)
{
    if (count == 0) return -EINVAL;
    for (unsigned i = 0; i < count; i++) {
        VmafPicture pic;
        int err = picture_alloc(&pic, pix_fmt, bpc, w, h, allocator);
        if (err) return err;
        picture_set_recycler(&pic, &PicturePool::recycle, this);
        free_.push_back(pic);
        total_++;
    }
    return 0;
}

int PicturePool::fetch(VmafPicture *pic)
{
    if (!pic) return -EINVAL;
    std::unique_lock lock(mutex_);
    available_.wait(lock, [this] { return !free_.empty(); });
    *pic = free_.back();
    free_.pop_back();
    return 0;
}

void PicturePool::recycle(void *user, VmafPicture *pic)
{
    auto *pool = static_cast<PicturePool *>(user);
    {
        std::lock_guard lock(pool->mutex_);
        pool->free_.push_back(*pic);
    }
    pool->available_.notify_one();
}

} // namespace vmaf
