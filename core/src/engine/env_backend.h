// VMAF_BACKEND and VMAF_GPU: the backend of contexts that programs using
// the plain API create (FFmpeg's libvmaf filter, unchanged), ADR 0035.
#pragma once

struct VmafContext;

namespace vmaf {

// At vmaf_init: with VMAF_BACKEND=hip, imports a HIP state for GPU
// VMAF_GPU (default 0), owned by the context, or fails with a message
// (-ENODEV without a usable GPU, -ENOTSUP in a build without the backend);
// with auto, the same where a GPU is usable, else the CPU, saying which at
// info level; with cpu or unset, nothing. -EINVAL for another value. Does
// nothing after vmaf_use_backend_environment(false).
int apply_backend_environment(VmafContext &ctx);

// Frees the state apply_backend_environment made for ctx, if any.
void release_backend_state(VmafContext &ctx);

} // namespace vmaf
