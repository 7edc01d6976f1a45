#include "engine/picture_pool.h"

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <utility>
#include <vector>

#include "base/log.h"

namespace vmaf {

// What pool pictures point back to. It outlives the pool while pictures are
// out, so that a late vmaf_picture_unref frees the picture instead of
// touching a destroyed pool.
struct PicturePool::Shared {
    std::mutex mutex;
    std::condition_variable available;
    std::vector<VmafPicture> free;
    unsigned capacity, out = 0;
    bool closed = false;
    std::function<int(VmafPicture *)> make;

    static void recycle(void *user, VmafPicture *pic);
};

void PicturePool::Shared::recycle(void *user, VmafPicture *pic)
{
    auto *shared = static_cast<Shared *>(user);
    bool last = false;
    {
        std::lock_guard lock(shared->mutex);
        shared->out--;
        if (shared->closed) {
            picture_destroy(pic);
            last = shared->out == 0;
        } else {
            shared->free.push_back(*pic);
        }
    }
    if (last) delete shared;
    else shared->available.notify_one();
}

PicturePool::PicturePool(unsigned count, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                         unsigned h, const PictureAllocator &allocator)
    : PicturePool(count, [=](VmafPicture *pic) {
          return picture_alloc(pic, pix_fmt, bpc, w, h, allocator);
      })
{}

PicturePool::PicturePool(unsigned count, std::function<int(VmafPicture *)> make)
    : shared_(new Shared{{}, {}, {}, count, 0, false, std::move(make)})
{}

PicturePool::~PicturePool()
{
    bool last = false;
    {
        std::lock_guard lock(shared_->mutex);
        shared_->closed = true;
        for (auto &pic : shared_->free) picture_destroy(&pic);
        shared_->free.clear();
        last = shared_->out == 0;
    }
    if (last) delete shared_;
}

int PicturePool::init()
{
    Shared &s = *shared_;
    std::lock_guard lock(s.mutex);
    s.free.reserve(s.capacity);
    while (s.free.size() < s.capacity) {
        VmafPicture pic;
        if (int err = s.make(&pic)) return err;
        picture_set_recycler(&pic, &Shared::recycle, shared_);
        s.free.push_back(pic);
    }
    return 0;
}

int PicturePool::fetch(VmafPicture *pic, const std::function<bool()> &returning)
{
    if (!pic) return -EINVAL;
    Shared &s = *shared_;
    std::unique_lock lock(s.mutex);
    for (;;) {
        if (!s.free.empty()) {
            *pic = s.free.back();
            s.free.pop_back();
            break;
        }
        if (!returning()) {
            log_error("every picture of the pool ({}) is in use and none is on its way back: "
                      "give pictures back (vmaf_read_pictures, vmaf_picture_unref) before "
                      "fetching more, or preallocate more",
                      s.capacity);
            return -EBUSY;
        }
        // A worker lets go of its pictures before it counts as idle, so a
        // short wait sees either a picture or the end of the work.
        s.available.wait_for(lock, std::chrono::milliseconds(50));
    }
    s.out++;
    return 0;
}

} // namespace vmaf
