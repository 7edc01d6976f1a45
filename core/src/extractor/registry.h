// The extractor table: the CPU extractors, plus the HIP twins that the
// engine's module loader hands over once it has loaded the HIP module
// (ADR 0016).
#pragma once

#include <span>
#include <string_view>

#include "extractor/extractor.h"

namespace vmaf {

// The CPU extractors of the metric list (core/src/metrics.txt), by name;
// make_table.py generates it.
std::span<const VmafExtractor *const> extractor_table();

// A CPU extractor or a loaded HIP twin by its table name.
const VmafExtractor *find_extractor(std::string_view name);

// The extractor whose provided features include `feature` (an output key
// without option suffixes, as a model names it); CPU extractors only.
const VmafExtractor *find_extractor_by_feature(std::string_view feature);

// The HIP twin of a CPU entry, or nullptr when it has none.
const VmafExtractor *find_hip_twin(const VmafExtractor &cpu);

// Adds the HIP twins of a loaded module to the table, once (thread safe):
// they must stay valid until the process ends.
void add_hip_twins(std::span<const VmafExtractor *const> twins);

} // namespace vmaf
