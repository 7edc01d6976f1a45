/*
 * vmaf-hip extensions to the libvmaf API: not in Netflix libvmaf, so a
 * program that includes this header builds against vmaf-hip only.
 */
#ifndef VMAF_LIBVMAF_EXT_H
#define VMAF_LIBVMAF_EXT_H

#include "libvmaf/libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The planes of each picture that the features in use read: 1 when every
 * extractor reads luma only (the default model vmaf_v0.6.1), else 3. Call
 * after adding every feature and model; a caller may then fill only the
 * planes read (the others are left as they are). -EINVAL before any
 * feature is added.
 */
int vmaf_planes_read(VmafContext *vmaf, unsigned *planes);

#ifdef __cplusplus
}
#endif

#endif
