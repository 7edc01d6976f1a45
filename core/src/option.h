// Typed extractor options: descriptors in the extractor table, values parsed
// from the user's key=value strings.
#pragma once

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum VmafOptionType {
    VMAF_OPT_TYPE_BOOL,
    VMAF_OPT_TYPE_INT,
    VMAF_OPT_TYPE_DOUBLE,
    VMAF_OPT_TYPE_STRING,
};

enum VmafOptionFlag {
    // A non-default value changes the output key: "<feature>_<alias>_<value>".
    VMAF_OPT_FLAG_FEATURE_PARAM = 1 << 0,
};

typedef struct VmafOptionValue {
    bool b;
    int i;
    double d;
    const char *s;
} VmafOptionValue;

typedef struct VmafOption {
    const char *name;
    const char *alias; // accepted as a key too, and used in output keys
    const char *help;
    enum VmafOptionType type;
    VmafOptionValue default_val;
    double min, max; // for int and double
    uint64_t flags;
} VmafOption;

#ifdef __cplusplus
}

#include <string>
#include <string_view>
#include <vector>

namespace vmaf {

struct OptionError {
    std::string message;
};

size_t option_count(const VmafOption *options);

// Values for every descriptor of `options`, defaults where `settings` says
// nothing. Strings in the result point into `storage`.
// Returns an error naming the key or value that is wrong.
bool parse_options(std::string_view extractor, const VmafOption *options,
                   const std::vector<std::pair<std::string, std::string>> &settings,
                   std::vector<VmafOptionValue> &values, std::vector<std::string> &storage,
                   OptionError &error);

bool option_is_default(const VmafOption &option, const VmafOptionValue &value);

} // namespace vmaf
#endif
