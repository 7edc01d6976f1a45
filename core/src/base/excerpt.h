// Input quoted in a message: at most `max` characters, control characters
// shown as '?', and the full length when cut. A message never echoes a
// whole (possibly huge or hostile) input. Header-only, so that the CLI,
// which otherwise uses only the public API, quotes by the same rule.
#pragma once

#include <fmt/format.h>
#include <string>
#include <string_view>

namespace vmaf {

inline std::string excerpt(std::string_view text, size_t max = 64)
{
    std::string out(text.substr(0, max));
    for (char &c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    if (text.size() > max) out += fmt::format("... ({} bytes)", text.size());
    return out;
}

} // namespace vmaf
