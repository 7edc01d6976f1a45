#include "feature/cambi/reciprocal_table.h"

#include <array>
#include <charconv>
#include <fmt/format.h>

namespace vmaf::cambi {
namespace {

std::array<float, kReciprocalCount> make_table()
{
    std::array<float, kReciprocalCount> table{};
    for (int n = 1; n < kReciprocalCount; n++) {
        // fmt and from_chars do not depend on the locale.
        const std::string text = fmt::format("{:.9g}", 1.0 / n);
        std::from_chars(text.data(), text.data() + text.size(), table[n]);
    }
    return table;
}

} // namespace

std::span<const float> reciprocals()
{
    static const std::array<float, kReciprocalCount> table = make_table();
    return table;
}

} // namespace vmaf::cambi
