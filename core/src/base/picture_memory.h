// Picture memory: one block for all planes, released through its allocator.
#pragma once

#include <cstddef>

#include "base/packed_sample.h"
#include "libvmaf/picture.h"

namespace vmaf {

// Where a picture's block comes from: plain host memory, or pinned memory
// from the HIP runtime. release() is called once, with the last reference.
struct PictureAllocator {
    void *(*allocate)(size_t bytes, void *user);
    void (*release)(void *block, void *user);
    void *user;
};

const PictureAllocator &host_allocator();

// Fills *pic for the format; chroma planes are ceil-sized (Y4M, FFmpeg).
int picture_alloc(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc,
                  unsigned w, unsigned h, const PictureAllocator &allocator);

// Calls on_free(user, pic) instead of freeing when the last reference goes;
// a pool uses it to take the picture back.
void picture_set_recycler(VmafPicture *pic, void (*on_free)(void *, VmafPicture *),
                          void *user);

// A second handle on the same memory.
void picture_ref(VmafPicture *dst, const VmafPicture *src);

class PictureCache;

// Marks a picture that `holders` contexts take at once (a ladder's reference
// frame): until its last reference goes, picture_cache() gives their
// extractors one PictureCache to share what they derive from it. Before the
// picture is handed out.
void picture_share(VmafPicture *pic, unsigned holders);

// The cache of a shared picture; null for a picture that is not.
PictureCache *picture_cache(const VmafPicture &pic);

// A picture whose planes are GPU memory that another owns (a hardware
// decoder's frame), read in place by the HIP backend's extractors.
struct DevicePlanes {
    SampleLayout layout[3];
    // An event of the HIP module, after which the samples are written;
    // `ready_free` destroys it with the picture.
    void *ready = nullptr;
    void (*ready_free)(void *ready) = nullptr;
    // The planes the writer wrote: 1 when it wrote luma alone (FFmpeg's
    // libvmaf_cuda filter), so that an extractor reading chroma refuses the
    // picture instead of scoring memory nobody wrote.
    unsigned planes_written = 3;
    // Hands the memory back to its owner, once, with the last reference.
    void (*release)(void *cookie) = nullptr;
    void *cookie = nullptr;
};

// Fills *pic for planes at `data` (rows `stride` bytes apart) of the format,
// described by `device`; on failure, `device` is released at once.
int picture_wrap_device(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                        unsigned h, void *const data[3], const ptrdiff_t stride[3],
                        const DevicePlanes &device);

// A device picture in one block of `allocator`'s GPU memory, planar as a
// host picture; its ready event is set by whoever writes it
// (picture_set_ready) before it is read.
int picture_alloc_device(VmafPicture *pic, VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                         unsigned h, const PictureAllocator &allocator);

// What a device picture's planes are; null for a picture in host memory.
const DevicePlanes *picture_device(const VmafPicture &pic);

// Replaces a device picture's ready event (the previous one is freed),
// which its readers wait for, and the planes its writer wrote.
void picture_set_ready(const VmafPicture &pic, void *ready, void (*ready_free)(void *),
                       unsigned planes_written);

// Frees the block whatever the count; for pools tearing down.
void picture_destroy(VmafPicture *pic);

size_t bytes_per_sample(unsigned bpc);

// Plane sizes of a picture, as libvmaf sizes them: subsampled chroma of
// floor(w/2) (and floor(h/2) for 4:2:0), so an odd size's last chroma
// column (row) is not scored; false if the format is unknown.
bool plane_sizes(VmafPixelFormat pix_fmt, unsigned w, unsigned h, unsigned pw[3],
                 unsigned ph[3]);

// Plane sizes as files and decoders store them: ceil-sized chroma. A
// picture's memory holds these, so a reader can write a whole stored plane.
bool coded_plane_sizes(VmafPixelFormat pix_fmt, unsigned w, unsigned h, unsigned pw[3],
                       unsigned ph[3]);

} // namespace vmaf
