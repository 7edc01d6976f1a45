// Faults injected into the backend's HIP calls (issue 57): the call check()
// is about to make fails instead, with the error the runtime gives when the
// device fails, so that every error path runs as it would then. Off unless
// VMAF_HIP_FAULT turns it on.
//
// VMAF_HIP_FAULT=N:KIND[:S], read each time the making of a HIP state
// begins (a run, a batch pair; before its first HIP call): from then on,
// the Nth call made through check() in the process (1 the first) fails,
// until the next state is begun; with S, only in the Sth state of the
// process. KIND is
//   oom      hipErrorOutOfMemory, that call (another process took the memory)
//   launch   hipErrorLaunchFailure, that call
//   illegal  hipErrorIllegalAddress, that call and every later one (an
//            error that sticks to the context, as after a faulting kernel)
//   lost     hipErrorNoDevice, that call and every later one (the device
//            gone: an Xid, a reset, a MIG slice reconfigured)
// Calls that give a resource back (give_back()) are always made.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip {

// The making of a HIP state begins: disarms the fault of the state before
// and arms VMAF_HIP_FAULT's where it applies (counting calls from zero
// again; a malformed value is logged once and ignored).
void arm_fault_for_new_state();
// Counts one call: the error it is to fail with, or hipSuccess.
hipError_t injected_error();

} // namespace vmaf::hip
