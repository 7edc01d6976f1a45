// The loading library's functions, as the module reaches them.
#pragma once

#include "hip/module/module_abi.h"

namespace vmaf::hip {

// Called once, by vmaf_hip_module_open, before any twin runs.
void set_host(const VmafHipHost &host);

} // namespace vmaf::hip
