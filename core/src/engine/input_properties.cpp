#include "engine/input_properties.h"

#include <algorithm>
#include <fmt/format.h>

namespace vmaf {

namespace {

std::optional<std::string> input_value(const VmafOption &o, const InputProperties &input)
{
    // The shortest text that reads back as the same double.
    if (o.flags & VMAF_OPT_FLAG_INPUT_FPS && input.fps) return fmt::format("{}", *input.fps);
    if (o.flags & VMAF_OPT_FLAG_INPUT_MATRIX) return input.matrix;
    if (o.flags & VMAF_OPT_FLAG_INPUT_RANGE) return input.range;
    return std::nullopt;
}

bool names(const OptionStrings &settings, const VmafOption &o)
{
    return std::any_of(settings.begin(), settings.end(),
                       [&](const auto &setting) { return option_named(o, setting.first); });
}

} // namespace

OptionStrings with_input_defaults(const VmafOption *options, const OptionStrings &settings,
                                  const InputProperties &input)
{
    OptionStrings out = settings;
    for (const VmafOption *o = options; o && o->name; o++) {
        if (names(settings, *o)) continue;
        if (auto value = input_value(*o, input)) out.emplace_back(o->name, std::move(*value));
    }
    return out;
}

} // namespace vmaf
