// The extractor table: every extractor this build has, CPU and HIP.
#pragma once

#include <span>
#include <string_view>

#include "extractor/extractor.h"

namespace vmaf {

std::span<const VmafExtractor *const> extractor_table();

const VmafExtractor *find_extractor(std::string_view name);

// The extractor whose provided features include `feature` (an output key
// without option suffixes, as a model names it), CPU entries only.
const VmafExtractor *find_extractor_by_feature(std::string_view feature);

// The HIP twin of a CPU entry, or nullptr when it has none.
const VmafExtractor *find_hip_twin(const VmafExtractor &cpu);

} // namespace vmaf
