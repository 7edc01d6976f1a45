#include "base/option.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <string_view>

#include "base/excerpt.h"

namespace vmaf {

size_t option_count(const VmafOption *options)
{
    size_t n = 0;
    while (options && options[n].name) n++;
    return n;
}

bool option_named(const VmafOption &option, std::string_view key)
{
    return key == option.name || (option.alias && key == option.alias);
}

namespace {

const VmafOption *find_option(const VmafOption *options, std::string_view key, size_t &index)
{
    for (size_t i = 0; options && options[i].name; i++) {
        if (option_named(options[i], key)) {
            index = i;
            return &options[i];
        }
    }
    return nullptr;
}

std::string known_options(const VmafOption *options)
{
    std::string list;
    for (size_t i = 0; options && options[i].name; i++)
        list += fmt::format("{}{}", i ? ", " : "", options[i].name);
    return list.empty() ? std::string("none") : list;
}

bool parse_bool(const std::string &text, bool &out)
{
    if (text == "true" || text == "1") { out = true; return true; }
    if (text == "false" || text == "0") { out = false; return true; }
    return false;
}

// Numbers are decimal, whole strings: an optional sign, digits, and for
// doubles a fraction and exponent. No hex, no surrounding spaces, and the
// same in every locale (strtod would read "1,5" under de_DE and "0x10" as
// 16): a value that is not plainly a number is more likely a mistake.
template <typename T>
bool parse_decimal(std::string_view text, T &out)
{
    // from_chars reads a leading '-' but not '+'; a '+' is taken here, once,
    // and never before a '-' ("+-5").
    if (text.starts_with('+')) {
        text.remove_prefix(1);
        if (text.starts_with('-') || text.starts_with('+')) return false;
    }
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end;
}

bool parse_double(const std::string &text, double &out)
{
    // from_chars also reads "inf" and "nan"; neither is an option value.
    return parse_decimal(text, out) && std::isfinite(out);
}

bool parse_int(const std::string &text, int &out) { return parse_decimal(text, out); }

} // namespace

bool parse_options(std::string_view extractor, const VmafOption *options,
                   const OptionStrings &settings,
                   std::vector<VmafOptionValue> &values, std::vector<std::string> &storage,
                   OptionError &error)
{
    const size_t n = option_count(options);
    values.assign(n, VmafOptionValue{});
    for (size_t i = 0; i < n; i++) values[i] = options[i].default_val;
    storage.clear();
    storage.reserve(settings.size());

    for (const auto &[key, text] : settings) {
        size_t index = 0;
        const VmafOption *opt = find_option(options, key, index);
        if (!opt) {
            error.message = fmt::format("unknown option '{}' for '{}' (options: {})",
                                        excerpt(key), extractor, known_options(options));
            return false;
        }
        VmafOptionValue &v = values[index];
        bool ok = true;
        std::string expected;
        switch (opt->type) {
        case VMAF_OPT_TYPE_BOOL:
            ok = parse_bool(text, v.b);
            expected = "true or false";
            break;
        case VMAF_OPT_TYPE_INT:
            ok = parse_int(text, v.i) && v.i >= opt->min && v.i <= opt->max;
            expected = fmt::format("an integer from {} to {}", opt->min, opt->max);
            break;
        case VMAF_OPT_TYPE_DOUBLE:
            ok = parse_double(text, v.d) && v.d >= opt->min && v.d <= opt->max;
            expected = fmt::format("a number from {} to {}", opt->min, opt->max);
            break;
        case VMAF_OPT_TYPE_STRING:
            storage.push_back(text);
            v.s = storage.back().c_str();
            break;
        }
        if (!ok) {
            error.message = fmt::format("bad value '{}' for option '{}' of '{}': expected {}",
                                        excerpt(text), opt->name, extractor, expected);
            return false;
        }
    }
    return true;
}

bool option_is_default(const VmafOption &option, const VmafOptionValue &value)
{
    switch (option.type) {
    case VMAF_OPT_TYPE_BOOL: return option.default_val.b == value.b;
    case VMAF_OPT_TYPE_INT: return option.default_val.i == value.i;
    case VMAF_OPT_TYPE_DOUBLE: return option.default_val.d == value.d;
    case VMAF_OPT_TYPE_STRING:
        return (option.default_val.s ? std::string_view(option.default_val.s) : "") ==
               (value.s ? std::string_view(value.s) : "");
    }
    return true;
}

} // namespace vmaf
