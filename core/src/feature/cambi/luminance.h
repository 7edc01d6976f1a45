// Display luminance of 10-bit limited-range luma codes, through the EOTF the
// visibility thresholds assume.
#pragma once

#include <optional>
#include <string_view>

namespace vmaf::cambi {

enum class Eotf { kBt1886, kPq };

// "bt1886" or "pq"; nothing for any other name.
std::optional<Eotf> parse_eotf(std::string_view name);

// The limited range of 10-bit luma: black at 64, white at 940.
inline constexpr int kLumaFoot = 64;
inline constexpr int kLumaHead = 940;

// Luminance in cd/m2 of a 10-bit code, clipped to the limited range first.
double luminance(int code, Eotf eotf);

} // namespace vmaf::cambi
