// The thumbnails' C API (libvmaf_ext.h): the arguments checked and the
// thumbnails numbered here, kept by a store on the CPU or, through the HIP
// module, on a GPU (hip_thumbnails_api.cpp).
#include <cerrno>
#include <memory>
#include <mutex>

#include "align/host_thumbnails.h"
#include "base/guarded.h"
#include "base/log.h"
#include "base/picture_memory.h"
#include "engine/thumbnails.h"

namespace vmaf {

bool thumbnails_format_valid(const char *what, unsigned w, unsigned h, unsigned bpc,
                             unsigned capacity)
{
    if (w > 0 && h > 0 && bpc >= 8 && bpc <= 16 && capacity > 0) return true;
    log_error("{}: no thumbnails of {}x{} frames of {} bits (capacity {})", what, w, h, bpc,
              capacity);
    return false;
}

std::unique_ptr<VmafThumbnails> make_thumbnails(unsigned w, unsigned h, unsigned bpc,
                                                unsigned capacity)
{
    auto t = std::unique_ptr<VmafThumbnails>(
        new VmafThumbnails{w, h, bpc, capacity, nullptr, {}, 0, {}});
    t->made.assign(capacity, false);
    return t;
}

} // namespace vmaf

extern "C" {

int vmaf_thumbnails_init(VmafThumbnails **thumbnails, unsigned w, unsigned h, unsigned bpc,
                         unsigned capacity)
{
    return vmaf::guarded("vmaf_thumbnails_init", [&]() -> int {
        if (!thumbnails) return -EINVAL;
        *thumbnails = nullptr;
        if (!vmaf::thumbnails_format_valid("vmaf_thumbnails_init", w, h, bpc, capacity))
            return -EINVAL;
        std::unique_ptr<VmafThumbnails> t = vmaf::make_thumbnails(w, h, bpc, capacity);
        t->store = std::make_unique<vmaf::align::HostThumbnails>(
            vmaf::align::thumbnail_shape(w, h, bpc), capacity);
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
