/*
 * libvmaf HIP backend: feature extractors on the GPU (AMD through ROCm,
 * NVIDIA through CUDA). Pictures stay in host memory, or are device memory
 * handed in (vmaf_hip_picture_wrap); each GPU extractor copies the planes it
 * reads to buffers of its own on the device.
 *
 * Use: vmaf_hip_state_init, then vmaf_init and vmaf_hip_import_state before
 * the first vmaf_use_feature; features with a HIP twin then run on the GPU,
 * the others on the CPU. Free the state after vmaf_close.
 */
#ifndef VMAF_LIBVMAF_HIP_H
#define VMAF_LIBVMAF_HIP_H

#include <stdbool.h>
#include <stddef.h>

#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafHipState VmafHipState;

typedef struct VmafHipConfiguration {
    int device; /* GPU index, 0 for the first */
} VmafHipConfiguration;

/*
 * The backend is a module that the library loads at the first of these calls
 * (installed as <libdir>/libvmaf/hip_backend.so; $VMAF_HIP_MODULE overrides),
 * so the library itself needs no GPU runtime.
 */

/* True when at least one HIP device is usable; never logs. */
bool vmaf_hip_available(void);

/*
 * The usable HIP devices (0 without a device or driver); -ELIBACC with a
 * message when the backend's module cannot be loaded.
 */
int vmaf_hip_device_count(unsigned *count);

/*
 * Selects cfg.device; -ENODEV with a message when there is no such device,
 * -ELIBACC with a message naming what is missing when the backend's module
 * or the GPU runtime it needs cannot be loaded.
 */
int vmaf_hip_state_init(VmafHipState **hip_state, VmafHipConfiguration cfg);

/*
 * Runs the context's features on the state's GPU where a HIP twin exists,
 * and makes vmaf_preallocate_pictures hand out pinned pictures. Call before
 * any vmaf_use_feature and vmaf_preallocate_pictures.
 */
int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *hip_state);

/*
 * A pool of pinned pictures: device copies from them run at full bus speed
 * and overlap with scoring. Needs an imported state; fetch them with
 * vmaf_fetch_preallocated_picture.
 */
int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg);

/*
 * Pictures already on the GPU (a hardware decoder's frames): the HIP
 * extractors read them in place, with no copy through host memory.
 *
 * A plane as its writer left it: sample x of row y starts at
 * data + y * stride + x * step and is `bytes` bytes (1, or 2 little-endian)
 * whose value is the stored one shifted right by `shift`. NV12's chroma is
 * two planes over one buffer (U at data, V at data + 1, step 2); P010's
 * samples have bytes 2, shift 6; a planar picture has step = bytes, shift 0.
 */
typedef struct VmafHipDevicePlane {
    void *data;
    ptrdiff_t stride;
    unsigned step, bytes, shift;
} VmafHipDevicePlane;

typedef struct VmafHipDevicePicture {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc, w, h;
    VmafHipDevicePlane plane[3]; /* luma only for VMAF_PIX_FMT_YUV400P */
    /*
     * Called once, from any thread, when the picture's last reference goes
     * and no device work reads it any more: the memory is its owner's again.
     */
    void (*release)(void *cookie);
    void *cookie;
} VmafHipDevicePicture;

/*
 * Makes *pic a picture of device memory of the state's GPU, to hand to
 * vmaf_read_pictures of a context that imported the state; a context with
 * an extractor on the CPU refuses it. The writer's work on the memory must
 * be done, or queued on the device's default stream, before this call: the
 * extractors read it after that work. From this call on the picture owns
 * the memory: on failure too, release is called before it returns.
 * -EINVAL with a message when the planes are not memory of the state's GPU
 * or do not hold a picture of the format.
 */
int vmaf_hip_picture_wrap(VmafHipState *hip_state, const VmafHipDevicePicture *desc,
                          VmafPicture *pic);

/*
 * vmaf_thumbnails_init's thumbnails made and compared on the state's GPU
 * (libvmaf_ext.h): the same values; frames are copied from host memory.
 * Free them (vmaf_thumbnails_free) before the state.
 */
int vmaf_hip_thumbnails_init(VmafThumbnails **thumbnails, VmafHipState *hip_state, unsigned w,
                             unsigned h, unsigned bpc, unsigned capacity);

/* Frees the state; call after vmaf_close of every context it was imported into. */
int vmaf_hip_state_free(VmafHipState *hip_state);

#ifdef __cplusplus
}
#endif

#endif
