// NVIDIA: CUDA contexts that a caller makes and hands in (FFmpeg's CUDA
// device, through libvmaf_cuda.h). The CUDA runtime runs on whichever
// context is current on the thread, so a state that holds such a context
// makes it current instead of the device's primary one. The driver's
// functions come from libcuda.so.1, which the runtime has loaded.
#pragma once

namespace vmaf::hip {

// The device ordinal of `context`; -EINVAL with a message when the driver
// does not take it as a context.
int cuda_context_device(void *context, int *device);

// Makes `context` current on the calling thread.
int cuda_context_make_current(void *context);

} // namespace vmaf::hip
