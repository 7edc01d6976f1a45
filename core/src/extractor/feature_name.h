// Output keys: short aliases of the reference's long feature names, and the
// suffixes that non-default options add ("integer_adm2_egl_1").
#pragma once

#include <string>
#include <string_view>

#include "base/option.h"

namespace vmaf {

// "VMAF_integer_feature_adm2_score" -> "integer_adm2"; other names unchanged.
std::string_view feature_alias(std::string_view name);

// The key under which an extractor with these option values writes `feature`.
std::string feature_key(std::string_view feature, const VmafOption *options,
                        const VmafOptionValue *values);

} // namespace vmaf
