/*
 * libvmaf HIP backend: feature extractors on the GPU (AMD through ROCm,
 * NVIDIA through CUDA). Pictures stay in host memory; each GPU extractor
 * copies the planes it reads to the device itself.
 *
 * Use: vmaf_hip_state_init, then vmaf_init and vmaf_hip_import_state before
 * the first vmaf_use_feature; features with a HIP twin then run on the GPU,
 * the others on the CPU. Free the state after vmaf_close.
 */
#ifndef VMAF_LIBVMAF_HIP_H
#define VMAF_LIBVMAF_HIP_H

#include <stdbool.h>

#include "libvmaf/libvmaf.h"

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

/* Frees the state; call after vmaf_close of every context it was imported into. */
int vmaf_hip_state_free(VmafHipState *hip_state);

#ifdef __cplusplus
}
#endif

#endif
