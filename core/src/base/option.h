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
    // Where the user gives no value, the input's, when a context was told it
    // (vmaf_set_input_properties): its frame rate, Y'CbCr matrix or range.
    VMAF_OPT_FLAG_INPUT_FPS = 1 << 1,
    VMAF_OPT_FLAG_INPUT_MATRIX = 1 << 2,
    VMAF_OPT_FLAG_INPUT_RANGE = 1 << 3,
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

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace vmaf {

// One option of a table: its index enumerator and its name.
struct OptionSlot {
    int index;
    std::string_view name;
};

// Ties an option index enum to its table, for a static_assert beside the
// table: true when `slots` lists every option of the table in order, each
// enumerator equal to its option's position and naming it.
template <size_t N, size_t M>
consteval bool options_indexed(const VmafOption (&table)[N], const OptionSlot (&slots)[M])
{
    if (N != M + 1 || table[M].name != nullptr) return false;
    for (size_t k = 0; k < M; k++)
        if (slots[k].index != static_cast<int>(k) || table[k].name != slots[k].name) return false;
    return true;
}

// Option settings as the user gives them: key=value strings, in order.
using OptionStrings = std::vector<std::pair<std::string, std::string>>;

struct OptionError {
    std::string message;
};

size_t option_count(const VmafOption *options);

// Whether a setting's key names `option`: its name or its alias.
bool option_named(const VmafOption &option, std::string_view key);

// Values for every descriptor of `options`, defaults where `settings` says
// nothing. Strings in the result point into `storage`.
// Returns an error naming the key or value that is wrong.
bool parse_options(std::string_view extractor, const VmafOption *options,
                   const OptionStrings &settings,
                   std::vector<VmafOptionValue> &values, std::vector<std::string> &storage,
                   OptionError &error);

bool option_is_default(const VmafOption &option, const VmafOptionValue &value);

} // namespace vmaf
#endif
