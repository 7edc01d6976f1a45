// VmafFeatureDictionary: the option strings a caller gives an extractor.
#pragma once

#include "engine/extractor_instance.h"
#include "libvmaf/feature.h"

struct VmafFeatureDictionary {
    vmaf::OptionStrings entries;
};
