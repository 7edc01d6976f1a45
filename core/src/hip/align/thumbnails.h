// vmaf_hip_thumbnails_init's store: the thumbnails of --align auto made and
// compared on a GPU, as the CPU's (core/src/align/), reached by the core
// through the module's table (module_abi.h).
#pragma once

#include <cstddef>

#include "libvmaf/picture.h"

struct VmafHipState;

namespace vmaf::hip::align {

int thumbnails_create(const VmafHipState *state, unsigned w, unsigned h, unsigned bpc,
                      unsigned capacity, void **thumbnails);
void thumbnails_free(void *thumbnails);
int thumbnails_put(void *thumbnails, const VmafPicture *pic, unsigned index);
int thumbnails_mse(void *thumbnails, const unsigned *a, const unsigned *b, size_t count,
                   double *mse);

} // namespace vmaf::hip::align
