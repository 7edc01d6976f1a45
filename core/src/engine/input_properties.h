// What the input file says of itself (vmaf_set_input_properties), and the
// options that default to it: xpsnr's fps, ssimulacra2's matrix and range.
#pragma once

#include <optional>
#include <string>

#include "base/option.h"

namespace vmaf {

struct InputProperties {
    std::optional<double> fps;
    std::optional<std::string> matrix, range;
};

// `settings` and, for each option of `options` (NULL-terminated) flagged
// VMAF_OPT_FLAG_INPUT_* that `settings` does not name (by name or alias),
// the input's value where it has one.
OptionStrings with_input_defaults(const VmafOption *options, const OptionStrings &settings,
                                  const InputProperties &input);

} // namespace vmaf
