/* API calls as a C program makes them: enum arguments given as plain ints,
 * which C allows and C++ cannot express without undefined behavior. */
#pragma once

#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"
#include "libvmaf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

int c_init_with_log_level(int level);
int c_picture_alloc_with_format(int pix_fmt);
int c_write_output_with_format(VmafContext *ctx, int format);
int c_score_pooled_with_method(VmafContext *ctx, int method);
int c_preallocate_with_format(VmafContext *ctx, int pix_fmt);
int c_model_score_pooled_with_method(int method);
/* The extension header, from C. */
int c_planes_read(VmafContext *ctx, unsigned *planes);

#ifdef __cplusplus
}
#endif
