// The HIP backend's module, loaded when HIP is first asked for (ADR 0016):
// the library itself never links a GPU runtime, so it scores on the CPU on
// machines without one.
#pragma once

#include "hip/module/module_abi.h"

namespace vmaf::hip_module {

enum class Report { kQuiet, kLog };

// Loads the module at the first call (thread safe). nullptr when it cannot
// be loaded; with Report::kLog, the reason (which file, which missing
// library) is logged at every such call.
const VmafHipModule *load(Report report);

// The module when an earlier load() succeeded, else nullptr; never loads.
const VmafHipModule *loaded();

} // namespace vmaf::hip_module
