#include "base/picture_memory.h"

#include <atomic>
#include <cerrno>
#include <limits>
#include <memory>
#include <new>

#include "base/c_enum.h"
#include "base/log.h"
#include "base/picture_cache.h"

struct VmafRef {
    std::atomic<long> count{1};
    void *block = nullptr;
    vmaf::PictureAllocator allocator{};
    void (*on_free)(void *, VmafPicture *) = nullptr;
    void *on_free_user = nullptr;
    // Set while the picture is shared (picture_share), gone with the last
    // reference.
    std::unique_ptr<vmaf::PictureCache> cache;
    // Set for a device picture, whose memory is the owner's, not a block.
    std::unique_ptr<vmaf::DevicePlanes> device;
};

namespace vmaf {

namespace {
constexpr size_t kAlign = 64;
constexpr unsigned kMaxDimension = 1u << 16;

// Through operator new, as every other allocation of the library: one place
// where allocation failure can be injected and tested.
void *host_allocate(size_t bytes, void *)
{
    return ::operator new(bytes, std::align_val_t{kAlign}, std::nothrow);
}

void host_release(void *block, void *) { ::operator delete(block, std::align_val_t{kAlign}); }

const PictureAllocator kHostAllocator{host_allocate, host_release, nullptr};
} // namespace

const PictureAllocator &host_allocator() { return kHostAllocator; }

size_t bytes_per_sample(unsigned bpc) { return bpc > 8 ? 2 : 1; }

namespace {
bool sizes(VmafPixelFormat pix_fmt, unsigned w, unsigned h, unsigned cw, unsigned ch,
           unsigned pw[3], unsigned ph[3])
{
    pw[0] = w;
    ph[0] = h;
    switch (pix_fmt) {
    case VMAF_PIX_FMT_YUV420P: pw[1] = pw[2] = cw; ph[1] = ph[2] = ch; return true;
    case VMAF_PIX_FMT_YUV422P: pw[1] = pw[2] = cw; ph[1] = ph[2] = h; return true;
    case VMAF_PIX_FMT_YUV444P: pw[1] = pw[2] = w; ph[1] = ph[2] = h; return true;
    case VMAF_PIX_FMT_YUV400P: pw[1] = pw[2] = 0; ph[1] = ph[2] = 0; return true;
    default: return false;
    }
}
} // namespace

bool plane_sizes(VmafPixelFormat pix_fmt, unsigned w, unsigned h, unsigned pw[3], unsigned ph[3])
{
    return sizes(pix_fmt, w, h, w / 2, h / 2, pw, ph);
}

bool coded_plane_sizes(VmafPixelFormat pix_fmt, unsigned w, unsigned h, unsigned pw[3],
                       unsigned ph[3])
{
    return sizes(pix_fmt, w, h, (w + 1) / 2, (h + 1) / 2, pw, ph);
}

namespace {
int picture_alloc_in(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h, const PictureAllocator &allocator, bool device)
{
    if (!pic) return -EINVAL;
    if (bpc < 8 || bpc > 16) {
        log_error("picture: {} bits per component is not supported (8 to 16)", bpc);
        return -EINVAL;
    }
    if (w == 0 || h == 0 || w > kMaxDimension || h > kMaxDimension) {
        log_error("picture: size {}x{} is out of range (1 to {})", w, h, kMaxDimension);
        return -EINVAL;
    }
    VmafPicture p{};
    unsigned coded_w[3], coded_h[3];
    if (!plane_sizes(pix_fmt, w, h, p.w, p.h) ||
        !coded_plane_sizes(pix_fmt, w, h, coded_w, coded_h)) {
        log_error("picture: unknown pixel format {}", static_cast<int>(pix_fmt));
        return -EINVAL;
    }
    p.pix_fmt = pix_fmt;
    p.bpc = bpc;
    size_t total = 0;
    size_t offset[3] = {};
    for (int i = 0; i < 3; i++) {
        const size_t row = coded_w[i] * bytes_per_sample(bpc);
        p.stride[i] = static_cast<ptrdiff_t>((row + kAlign - 1) / kAlign * kAlign);
        offset[i] = total;
        total += static_cast<size_t>(p.stride[i]) * coded_h[i];
    }
    auto *ref = new (std::nothrow) VmafRef;
    if (!ref) return -ENOMEM;
    if (device) {
        // Planar samples, as a host picture's, in GPU memory.
        const unsigned bytes = static_cast<unsigned>(bytes_per_sample(bpc));
        ref->device.reset(new (std::nothrow) DevicePlanes{});
        if (!ref->device) {
            delete ref;
            return -ENOMEM;
        }
        for (SampleLayout &layout : ref->device->layout) layout = {bytes, bytes, 0};
    }
    ref->allocator = allocator;
    ref->block = allocator.allocate(total, allocator.user);
    if (!ref->block) {
        delete ref;
        log_error("picture: out of memory for a {}x{} picture", w, h);
        return -ENOMEM;
    }
    // Not zeroed, as libvmaf's: the reader writes every plane a feature
    // reads, and a plane no feature reads (chroma, for the default model)
    // is then never touched, so its pages are never faulted in.
    for (int i = 0; i < 3; i++)
        p.data[i] = coded_h[i] ? static_cast<uint8_t *>(ref->block) + offset[i] : nullptr;
    p.ref = ref;
    *pic = p;
    return 0;
}
} // namespace

int picture_alloc(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc,
                  unsigned w, unsigned h, const PictureAllocator &allocator)
{
    return picture_alloc_in(pic, pix_fmt, bpc, w, h, allocator, false);
}

int picture_alloc_device(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                         unsigned h, const PictureAllocator &allocator)
{
    return picture_alloc_in(pic, pix_fmt, bpc, w, h, allocator, true);
}

void picture_set_recycler(VmafPicture *pic, void (*on_free)(void *, VmafPicture *),
                          void *user)
{
    pic->ref->on_free = on_free;
    pic->ref->on_free_user = user;
}

void picture_ref(VmafPicture *dst, const VmafPicture *src)
{
    src->ref->count.fetch_add(1, std::memory_order_relaxed);
    *dst = *src;
}

void picture_share(VmafPicture *pic, unsigned holders)
{
    pic->ref->cache = std::make_unique<PictureCache>(holders);
}

namespace {
void release_device(const DevicePlanes &device)
{
    if (device.ready_free) device.ready_free(device.ready);
    if (device.release) device.release(device.cookie);
}
} // namespace

int picture_wrap_device(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                        unsigned h, void *const data[3], const ptrdiff_t stride[3],
                        const DevicePlanes &device)
{
    VmafPicture p{};
    if (bpc < 8 || bpc > 16 || w == 0 || h == 0 || w > kMaxDimension || h > kMaxDimension ||
        !plane_sizes(pix_fmt, w, h, p.w, p.h)) {
        log_error("device picture: {}x{} at {} bits of pixel format {} is not a picture VMAF "
                  "scores",
                  w, h, bpc, static_cast<int>(pix_fmt));
        release_device(device);
        return -EINVAL;
    }
    auto *ref = new (std::nothrow) VmafRef;
    auto *planes = new (std::nothrow) DevicePlanes(device);
    if (!ref || !planes) {
        delete ref;
        delete planes;
        release_device(device);
        return -ENOMEM;
    }
    ref->device.reset(planes);
    p.pix_fmt = pix_fmt;
    p.bpc = bpc;
    for (int i = 0; i < 3; i++) {
        p.data[i] = p.h[i] ? data[i] : nullptr;
        p.stride[i] = p.h[i] ? stride[i] : 0;
    }
    p.ref = ref;
    *pic = p;
    return 0;
}

const DevicePlanes *picture_device(const VmafPicture &pic)
{
    return pic.ref ? pic.ref->device.get() : nullptr;
}

void picture_set_ready(const VmafPicture &pic, void *ready, void (*ready_free)(void *),
                       unsigned planes_written)
{
    DevicePlanes &device = *pic.ref->device;
    if (device.ready_free) device.ready_free(device.ready);
    device.ready = ready;
    device.ready_free = ready_free;
    device.planes_written = planes_written;
}

PictureCache *picture_cache(const VmafPicture &pic)
{
    return pic.ref ? pic.ref->cache.get() : nullptr;
}

void picture_destroy(VmafPicture *pic)
{
    VmafRef *ref = pic->ref;
    if (ref->device) release_device(*ref->device);
    // A wrapped device picture has no block: its memory is its owner's.
    if (ref->block) ref->allocator.release(ref->block, ref->allocator.user);
    delete ref;
    *pic = VmafPicture{};
}

} // namespace vmaf

extern "C" int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt,
                                  unsigned bpc, unsigned w, unsigned h)
{
    const auto format = vmaf::c_enum(pix_fmt, VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV400P);
    if (!format) {
        vmaf::log_error("picture: unknown pixel format");
        return -EINVAL;
    }
    return vmaf::picture_alloc(pic, *format, bpc, w, h, vmaf::host_allocator());
}

extern "C" int vmaf_picture_unref(VmafPicture *pic)
{
    if (!pic || !pic->ref) return -EINVAL;
    VmafRef *ref = pic->ref;
    if (ref->count.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        ref->cache.reset();
        if (ref->on_free) {
            ref->count.store(1);
            VmafPicture whole = *pic;
            ref->on_free(ref->on_free_user, &whole);
        } else {
            vmaf::picture_destroy(pic);
        }
    }
    *pic = VmafPicture{};
    return 0;
}
