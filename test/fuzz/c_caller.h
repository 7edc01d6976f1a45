// C API calls with their enum arguments as plain ints, made from C, as a C
// caller makes them: C++ cannot hold an int the enum lacks (UBSan flags the
// load on the caller's side), C converts it without complaint.
#pragma once

#include "libvmaf/libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

int c_feature_score_pooled(VmafContext *vmaf, const char *feature_name, int pool_method,
                           double *score, unsigned index_low, unsigned index_high);

int c_write_output(VmafContext *vmaf, const char *output_path, int format);

int c_preallocate_pictures(VmafContext *vmaf, unsigned w, unsigned h, unsigned bpc, int pix_fmt,
                           unsigned pic_cnt);

#ifdef __cplusplus
}
#endif
