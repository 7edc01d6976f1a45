// What an extractor is apart from its code: its name, options, flags,
// provided features and temporal reach. Each metric defines one beside its
// options; its CPU entry (extractor_entry) and its HIP twin's entry
// (hip::twin_entry) are both made from it, so the twin states nothing again.
#pragma once

#include <cstdint>

#include "extractor/extractor.h"

namespace vmaf {

struct ExtractorDescription {
    const char *name;
    const VmafOption *options; // nullptr: none
    uint64_t flags;            // VmafExtractorFlags
    const char *const *provided_features;
    VmafTemporalReach reach = {};
};

} // namespace vmaf
