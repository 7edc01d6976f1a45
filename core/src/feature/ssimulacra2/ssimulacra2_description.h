// ssimulacra2's options, key and table description, shared by the CPU
// extractor and its HIP twin.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::ssimulacra2 {

enum OptionIndex { kMatrix, kRange };

inline constexpr VmafOption kOptions[] = {
    {"matrix", nullptr,
     "the Y'CbCr matrix the input was made with, for its conversion to R'G'B': bt709, bt601 or "
     "bt2020 (default: the one the input states, a container's colour space, else bt709)",
     VMAF_OPT_TYPE_STRING, {false, 0, 0, "bt709"}, 0, 0, VMAF_OPT_FLAG_INPUT_MATRIX},
    {"range", nullptr,
     "the input's range: limited (16-235 at 8 bits) or full (default: the one the input states, "
     "Y4M's XCOLORRANGE or a container's colour range, else limited)",
     VMAF_OPT_TYPE_STRING, {false, 0, 0, "limited"}, 0, 0, VMAF_OPT_FLAG_INPUT_RANGE},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(kOptions, {{kMatrix, "matrix"}, {kRange, "range"}}));

inline constexpr const char *kFeatures[] = {"ssimulacra2", nullptr};

inline constexpr ExtractorDescription kDescription{"ssimulacra2", kOptions, VMAF_EXTRACTOR_CHROMA, kFeatures};

} // namespace vmaf::ssimulacra2
