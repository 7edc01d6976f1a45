#include "engine/option.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>

namespace vmaf {

size_t option_count(const VmafOption *options)
{
    size_t n = 0;
    while (options && options[n].name) n++;
    return n;
}

namespace {

const VmafOption *find_option(const VmafOption *options, std::string_view key, size_t &index)
{
    for (size_t i = 0; options && options[i].name; i++) {
        if (key == options[i].name || (options[i].alias && key == options[i].alias)) {
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

bool parse_double(const std::string &text, double &out)
{
    if (text.empty()) return false;
    char *end = nullptr;
    errno = 0;
    out = std::strtod(text.c_str(), &end);
    return errno == 0 && *end == '\0' && std::isfinite(out);
}

bool parse_int(const std::string &text, int &out)
{
    if (text.empty()) return false;
    char *end = nullptr;
    errno = 0;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || v < INT32_MIN || v > INT32_MAX) return false;
    out = static_cast<int>(v);
    return true;
}

} // namespace

bool parse_options(std::string_view extractor, const VmafOption *options,
                   const std::vector<std::pair<std::string, std::string>> &settings,
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
            error.message = fmt::format("unknown option '{}' for '{}' (options: {})", key,
                                        extractor, known_options(options));
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
                                        text, opt->name, extractor, expected);
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
