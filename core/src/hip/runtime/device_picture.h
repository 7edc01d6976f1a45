// Pictures already on the device (vmaf_hip_picture_wrap), as a hardware
// decoder leaves them: the check that their memory is the state's GPU's,
// and the event their readers wait for.
#pragma once

#include "hip/runtime/state.h"

namespace vmaf::hip {

// -EINVAL with a message unless each of the `count` planes is memory of the
// state's GPU; else *ready is an event recorded on that GPU's default
// stream, where a decoder's last work on the planes is queued (FFmpeg's
// NVDEC frames), so that waiting for it orders a copy after that work.
int device_ready(const VmafHipState &state, void *const *planes, unsigned count, void **ready);

// Destroys an event of device_ready; any thread, no device needed.
void ready_free(void *ready);

// Sets `bytes` bytes of the state's GPU memory at `data` to `value`, queued
// on the default stream: before any work a caller queues there after.
int device_fill(const VmafHipState &state, void *data, size_t bytes, int value);

// Copies `bytes` bytes of the state's GPU memory to host memory after the
// default stream's work, and waits for the copy.
int device_read(const VmafHipState &state, void *host, const void *data, size_t bytes);

} // namespace vmaf::hip
