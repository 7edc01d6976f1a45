#include "hip/align/thumbnails.h"

#include <cerrno>
#include <mutex>
#include <new>

#include "align/thumbnail_math.h"
#include "base/picture_memory.h"
#include "hip/align/thumbnails_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/staging.h"
#include "hip/runtime/state.h"
#include "hip/runtime/stream.h"

namespace vmaf::hip::align {

namespace {

// A frame staged at a time, on one stream: puts and comparisons take turns.
class DeviceThumbnails {
  public:
    DeviceThumbnails() = default;
    // Its buffers are freed with their device current.
    ~DeviceThumbnails()
    {
        if (device_) make_current_to_release(*device_);
    }
    DeviceThumbnails(const DeviceThumbnails &) = delete;
    DeviceThumbnails &operator=(const DeviceThumbnails &) = delete;

    int create(const VmafHipState &state, unsigned w, unsigned h, unsigned bpc, unsigned capacity)
    {
        device_ = &state.device;
        const vmaf::align::ThumbnailShape s = vmaf::align::thumbnail_shape(w, h, bpc);
        geometry_ = {w, s.w, s.h, s.block, s.scale};
        sample_bytes_ = static_cast<unsigned>(bytes_per_sample(bpc));
        if (int err = make_current(*device_)) return err;
        if (int err = stream_.create()) return err;
        if (int err = frame_.allocate(VMAF_PIX_FMT_YUV400P, bpc, w, h, 1)) return err;
        return luma_.allocate(thumbnail_size() * capacity * sizeof(float));
    }

    // Returns once the picture is read: the caller may reuse it.
    int put(const VmafPicture &pic, unsigned index)
    {
        const std::lock_guard lock(mutex_);
        if (int err = make_current(*device_)) return err;
        if (int err = frame_.upload(pic, stream_)) return err;
        if (int err = check(
                [&] {
                    return launch_shrink(frame_.plane(0), sample_bytes_, geometry_,
                                         luma_.as<float>() + index * thumbnail_size(),
                                         stream_.get());
                },
                "launch of the thumbnails' shrink kernel"))
            return err;
        return stream_.synchronize();
    }

    int mse(const unsigned *a, const unsigned *b, size_t count, double *mse)
    {
        const std::lock_guard lock(mutex_);
        if (int err = make_current(*device_)) return err;
        if (count > pairs_room_) {
            if (int err = pairs_.allocate(2 * count * sizeof(unsigned))) return err;
            if (int err = results_.allocate(count * sizeof(double))) return err;
            pairs_room_ = count;
        }
        unsigned *da = pairs_.as<unsigned>(), *db = da + count;
        const size_t bytes = count * sizeof(unsigned);
        if (int err = check(
                [&] {
                    hipError_t e =
                        hipMemcpyAsync(da, a, bytes, hipMemcpyHostToDevice, stream_.get());
                    if (e == hipSuccess)
                        e = hipMemcpyAsync(db, b, bytes, hipMemcpyHostToDevice, stream_.get());
                    return e;
                },
                "hipMemcpyAsync (thumbnail pairs to device)"))
            return err;
        if (int err = check(
                [&] {
                    return launch_mse(luma_.as<float>(), geometry_.w, geometry_.h, da, db, count,
                                      results_.as<double>(), stream_.get());
                },
                "launch of the thumbnails' mse kernel"))
            return err;
        if (int err = check(
                [&] {
                    return hipMemcpyAsync(mse, results_.get(), count * sizeof(double),
                                          hipMemcpyDeviceToHost, stream_.get());
                },
                "hipMemcpyAsync (thumbnail distances to host)"))
            return err;
        return stream_.synchronize();
    }

  private:
    size_t thumbnail_size() const { return size_t{geometry_.w} * geometry_.h; }

    const DeviceInfo *device_ = nullptr;
    ThumbnailGeometry geometry_{};
    unsigned sample_bytes_ = 1;
    std::mutex mutex_;
    // Buffers before the stream: destroyed after it, which waits for its work.
    PlaneStaging frame_;
    DeviceBuffer luma_; // the thumbnails, one after the other
    DeviceBuffer pairs_, results_;
    size_t pairs_room_ = 0;
    Stream stream_;
};

} // namespace

int thumbnails_create(const VmafHipState *state, unsigned w, unsigned h, unsigned bpc,
                      unsigned capacity, void **thumbnails)
{
    *thumbnails = nullptr;
    auto *t = new (std::nothrow) DeviceThumbnails;
    if (!t) return -ENOMEM;
    if (int err = t->create(*state, w, h, bpc, capacity)) {
        delete t;
        return err;
    }
    *thumbnails = t;
    return 0;
}

void thumbnails_free(void *thumbnails)
{
    delete static_cast<DeviceThumbnails *>(thumbnails);
}

int thumbnails_put(void *thumbnails, const VmafPicture *pic, unsigned index)
{
    return static_cast<DeviceThumbnails *>(thumbnails)->put(*pic, index);
}

int thumbnails_mse(void *thumbnails, const unsigned *a, const unsigned *b, size_t count,
                   double *mse)
{
    return static_cast<DeviceThumbnails *>(thumbnails)->mse(a, b, count, mse);
}

} // namespace vmaf::hip::align
