// The boundary between libvmaf and its HIP backend module (ADR 0016). The
// core loads the module with dlopen when HIP is first asked for, hands it
// the host's functions and gets back the module's table. Both sides are
// built from one tree; the ABI number catches a module of another build.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "libvmaf/libvmaf.h"

// Bump when anything that crosses here changes: these two tables,
// VmafExtractor, VmafExtractorSetup, VmafExtractorFrame, PictureAllocator,
// DevicePlanes.
#define VMAF_HIP_MODULE_ABI 7

// The module's one exported function, as dlsym looks it up.
#define VMAF_HIP_MODULE_ENTRY "vmaf_hip_module_open"

extern "C" {

typedef struct VmafHipState VmafHipState;

// The core's functions the module calls: twins write scores and messages
// through them, so both land where the core's own go.
typedef struct VmafHipHost {
    int abi; // VMAF_HIP_MODULE_ABI of the core
    int (*sink_append)(VmafFeatureSink *sink, const char *name, double value, unsigned index);
    int (*sink_append_at)(VmafFeatureSink *sink, const char *name, double value, unsigned index,
                          unsigned frame);
    int (*sink_set_aggregate)(VmafFeatureSink *sink, const char *name, double value);
    bool (*log_enabled)(VmafLogLevel level);
    void (*log_message)(VmafLogLevel level, const char *message, size_t length);
} VmafHipHost;

typedef struct VmafHipModule {
    int abi;             // VMAF_HIP_MODULE_ABI of the module
    const char *version; // VMAF_VERSION of the module's build
    // The HIP twins, each flagged VMAF_EXTRACTOR_HIP.
    const VmafExtractor *const *extractors;
    size_t extractor_count;
    // Usable devices; 0 without a device or a driver, silently.
    int (*device_count)(void);
    // Selects `device`: -ENODEV with a message when there is none.
    int (*state_init)(VmafHipState **state, int device);
    void (*state_free)(VmafHipState *state);
    // Pinned picture memory on the state's device.
    void (*pinned_allocator)(const VmafHipState *state, vmaf::PictureAllocator *allocator);
    // Device pictures: -EINVAL with a message unless each of the `count`
    // planes is memory of the state's GPU; else an event recorded on that
    // GPU's default stream (after the writer's work), which the twins'
    // copies wait for, freed by ready_free.
    int (*device_ready)(const VmafHipState *state, void *const *planes, unsigned count,
                        void **ready);
    void (*ready_free)(void *ready);
    // NVIDIA: a state on the GPU of `context` (a CUcontext), its work run
    // in that context (libvmaf_cuda.h); -EINVAL with a message on AMD.
    int (*state_init_context)(VmafHipState **state, void *context);
    // Picture memory on the state's GPU (libvmaf_cuda.h's device pool).
    void (*device_allocator)(const VmafHipState *state, vmaf::PictureAllocator *allocator);
    // Fills device memory with a byte, queued on the default stream; copies
    // device memory to the host after that stream's work, waiting for it.
    int (*device_fill)(const VmafHipState *state, void *data, size_t bytes, int value);
    int (*device_read)(const VmafHipState *state, void *host, const void *data, size_t bytes);
    // The engine's shared staging (runtime/frame_upload.h): an uploader with
    // a stream on the state's GPU (freed after its copies); the copy of a
    // host picture's first `planes` planes into a device picture of the
    // same format, *ready the event its readers wait for (ready_free) and
    // *ticket the copy's number; a wait until a ticket's copy is done.
    int (*uploader_create)(const VmafHipState *state, void **uploader);
    void (*uploader_free)(void *uploader);
    int (*uploader_copy)(void *uploader, const VmafPicture *src, const VmafPicture *dst,
                         unsigned planes, void **ready, uint64_t *ticket);
    int (*uploader_wait)(void *uploader, uint64_t ticket);
    // The thumbnails of vmaf_hip_thumbnails_init (align/thumbnail_store.h's
    // put and mse), their arguments checked by the core: `capacity`
    // thumbnails of w x h frames of bpc bits, kept on the state's GPU.
    int (*thumbnails_create)(const VmafHipState *state, unsigned w, unsigned h, unsigned bpc,
                             unsigned capacity, void **thumbnails);
    void (*thumbnails_free)(void *thumbnails);
    int (*thumbnails_put)(void *thumbnails, const VmafPicture *pic, unsigned index);
    int (*thumbnails_mse)(void *thumbnails, const unsigned *a, const unsigned *b, size_t count,
                          double *mse);
} VmafHipModule;

// NULL when the host's ABI differs from the module's (the module logs why
// through the host when it can).
typedef const VmafHipModule *(*VmafHipModuleOpen)(const VmafHipHost *host);

} // extern "C"
