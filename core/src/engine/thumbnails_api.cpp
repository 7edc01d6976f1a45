// The thumbnails' C API (libvmaf_ext.h, libvmaf_hip.h's
// vmaf_hip_thumbnails_init): the arguments checked and the thumbnails
// numbered here, kept by a store on the CPU or, through the HIP module, on
// a GPU.
#include <cerrno>
#include <memory>
#include <mutex>
#include <vector>

#include "align/host_thumbnails.h"
#include "base/guarded.h"
#include "base/log.h"
#include "base/picture_memory.h"
#include "engine/hip_module.h"
#include "libvmaf/libvmaf_hip.h"

namespace {

// The HIP module's store, through its table.
class ModuleThumbnails final : public vmaf::align::ThumbnailStore {
  public:
    ModuleThumbnails(const VmafHipModule &module, void *handle) : module_(module), handle_(handle)
    {
    }
    ~ModuleThumbnails() override { module_.thumbnails_free(handle_); }
    ModuleThumbnails(const ModuleThumbnails &) = delete;
    ModuleThumbnails &operator=(const ModuleThumbnails &) = delete;

    int put(const VmafPicture &pic, unsigned index) override
    {
        return module_.thumbnails_put(handle_, &pic, index);
    }
    int mse(const unsigned *a, const unsigned *b, size_t count, double *mse) override
    {
        return module_.thumbnails_mse(handle_, a, b, count, mse);
    }

  private:
    const VmafHipModule &module_;
    void *handle_;
};

} // namespace

struct VmafThumbnails {
    unsigned w, h, bpc, capacity;
    std::unique_ptr<vmaf::align::ThumbnailStore> store;
    std::mutex mutex;
    unsigned handed_out = 0; // indices given to adds, made or not
    std::vector<bool> made;  // by index
};

namespace {

// The frame size and depth the thumbnails are made of; false (with a
// message) for one that cannot be.
bool valid_format(const char *what, unsigned w, unsigned h, unsigned bpc, unsigned capacity)
{
    if (w > 0 && h > 0 && bpc >= 8 && bpc <= 16 && capacity > 0) return true;
    vmaf::log_error("{}: no thumbnails of {}x{} frames of {} bits (capacity {})", what, w, h, bpc,
                    capacity);
    return false;
}

VmafThumbnails *make(unsigned w, unsigned h, unsigned bpc, unsigned capacity)
{
    auto *t = new VmafThumbnails{w, h, bpc, capacity, nullptr, {}, 0, {}};
    t->made.assign(capacity, false);
    return t;
}

} // namespace

extern "C" {

int vmaf_thumbnails_init(VmafThumbnails **thumbnails, unsigned w, unsigned h, unsigned bpc,
                         unsigned capacity)
{
    return vmaf::guarded("vmaf_thumbnails_init", [&]() -> int {
        if (!thumbnails) return -EINVAL;
        *thumbnails = nullptr;
        if (!valid_format("vmaf_thumbnails_init", w, h, bpc, capacity)) return -EINVAL;
        std::unique_ptr<VmafThumbnails> t(make(w, h, bpc, capacity));
        t->store = std::make_unique<vmaf::align::HostThumbnails>(
            vmaf::align::thumbnail_shape(w, h, bpc), capacity);
        *thumbnails = t.release();
        return 0;
    });
}

int vmaf_hip_thumbnails_init(VmafThumbnails **thumbnails, VmafHipState *hip_state, unsigned w,
                             unsigned h, unsigned bpc, unsigned capacity)
{
    return vmaf::guarded("vmaf_hip_thumbnails_init", [&]() -> int {
        if (!thumbnails) return -EINVAL;
        *thumbnails = nullptr;
        const VmafHipModule *module = vmaf::hip_module::loaded();
        if (!hip_state || !module) {
            vmaf::log_error("vmaf_hip_thumbnails_init: the state is not from vmaf_hip_state_init");
            return -EINVAL;
        }
        if (!valid_format("vmaf_hip_thumbnails_init", w, h, bpc, capacity)) return -EINVAL;
        std::unique_ptr<VmafThumbnails> t(make(w, h, bpc, capacity));
        void *handle = nullptr;
        if (int err = module->thumbnails_create(hip_state, w, h, bpc, capacity, &handle))
            return err;
        t->store = std::make_unique<ModuleThumbnails>(*module, handle);
        *thumbnails = t.release();
        return 0;
    });
}

int vmaf_thumbnails_add(VmafThumbnails *thumbnails, const VmafPicture *pic, unsigned *index)
{
    return vmaf::guarded("vmaf_thumbnails_add", [&]() -> int {
        if (!thumbnails || !pic || !index) return -EINVAL;
        VmafThumbnails &t = *thumbnails;
        if (pic->w[0] != t.w || pic->h[0] != t.h || pic->bpc != t.bpc || !pic->data[0] ||
            vmaf::picture_device(*pic)) {
            vmaf::log_error("vmaf_thumbnails_add: a {}x{} {}-bit {}picture, not a {}x{} "
                            "{}-bit one in host memory",
                            pic->w[0], pic->h[0], pic->bpc,
                            vmaf::picture_device(*pic) ? "device " : "", t.w, t.h, t.bpc);
            return -EINVAL;
        }
        unsigned i = 0;
        {
            const std::lock_guard lock(t.mutex);
            if (t.handed_out == t.capacity) {
                vmaf::log_error("vmaf_thumbnails_add: all {} thumbnails are made", t.capacity);
                return -ENOSPC;
            }
            i = t.handed_out++;
        }
        if (int err = t.store->put(*pic, i)) return err;
        const std::lock_guard lock(t.mutex);
        t.made[i] = true;
        *index = i;
        return 0;
    });
}

int vmaf_thumbnails_mse(VmafThumbnails *thumbnails, const unsigned *a, const unsigned *b,
                        size_t count, double *mse)
{
    return vmaf::guarded("vmaf_thumbnails_mse", [&]() -> int {
        if (!thumbnails || (count > 0 && (!a || !b || !mse))) return -EINVAL;
        VmafThumbnails &t = *thumbnails;
        {
            const std::lock_guard lock(t.mutex);
            for (size_t i = 0; i < count; i++)
                for (unsigned n : {a[i], b[i]})
                    if (n >= t.capacity || !t.made[n]) {
                        vmaf::log_error("vmaf_thumbnails_mse: no thumbnail {}", n);
                        return -EINVAL;
                    }
        }
        return count > 0 ? t.store->mse(a, b, count, mse) : 0;
    });
}

int vmaf_thumbnails_free(VmafThumbnails *thumbnails)
{
    if (!thumbnails) return -EINVAL;
    delete thumbnails;
    return 0;
}
}
