/*
 * libvmaf's CUDA API (libvmaf 3.x's libvmaf_cuda.h, the same declarations),
 * installed by vmaf-hip's NVIDIA builds and run on its HIP backend: FFmpeg's
 * libvmaf_cuda filter builds against it unchanged.
 *
 * Use: vmaf_init, vmaf_cuda_state_init with the caller's CUDA context,
 * vmaf_cuda_import_state before the first vmaf_use_feature (the context then
 * owns the state and releases it in vmaf_close), vmaf_cuda_preallocate_pictures,
 * then per frame two vmaf_cuda_fetch_preallocated_picture, the caller's
 * writes into them, and vmaf_read_pictures.
 *
 * Device pictures (VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE) are GPU
 * memory in the caller's context, planar as host pictures; the caller's
 * writes must be done, or queued on that context's legacy default stream
 * (stream 0, where cuMemcpy2D runs), when it calls vmaf_read_pictures. Every
 * feature with a GPU twin reads them in place. A caller that writes the luma
 * plane alone (FFmpeg's filter does) scores luma features; a feature that
 * reads chroma then fails with a message instead of reading unwritten memory.
 */
#ifndef VMAF_LIBVMAF_CUDA_H
#define VMAF_LIBVMAF_CUDA_H

#include "libvmaf/libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafCudaState VmafCudaState;

typedef struct VmafCudaConfiguration {
    void *cu_ctx; /* a CUcontext; NULL: the primary context of GPU 0 */
} VmafCudaConfiguration;

/*
 * A state on the GPU of cfg.cu_ctx, whose work runs in that context. 0, or a
 * negative errno code with a message: -ELIBACC when the backend's module or
 * the NVIDIA driver cannot be loaded, -EINVAL when cu_ctx is not a context.
 */
int vmaf_cuda_state_init(VmafCudaState **cu_state, VmafCudaConfiguration cfg);

/* Runs the context's features on the state's GPU; the context owns the state. */
int vmaf_cuda_import_state(VmafContext *vmaf, VmafCudaState *cu_state);

enum VmafCudaPicturePreallocationMethod {
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE = 0,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
};

typedef struct VmafCudaPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    enum VmafCudaPicturePreallocationMethod pic_prealloc_method;
} VmafCudaPictureConfiguration;

/*
 * A pool of pictures of pic_params: device memory (DEVICE), or pinned host
 * memory (HOST, HOST_PINNED); NONE preallocates nothing. After
 * vmaf_cuda_import_state.
 */
int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg);

/*
 * A picture of the pool, back in the pool when its last reference goes
 * (vmaf_read_pictures takes the caller's). Waits while the context's work
 * still holds every picture; -EBUSY with a message when the caller holds
 * them all.
 */
int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
