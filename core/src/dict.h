// VmafFeatureDictionary: the option strings a caller gives an extractor.
#pragma once

#include "extractor_instance.h"
#include "libvmaf/feature.h"

struct VmafFeatureDictionary {
    vmaf::Settings entries;
};
