// The reciprocals c-values divide by. The reference multiplies by a table of
// 1/n written out to 9 significant digits, which is not 1.0f / n in 42 of its
// entries: the table here is made by the same rule (decimal, 9 digits, read
// as a float), so that every product has the reference's bits.
#pragma once

#include <span>

namespace vmaf::cambi {

// The reference's table has this many entries (n = 0 .. 4225, with 1/0 taken
// as 0): a window's area must stay below it.
inline constexpr int kReciprocalCount = 4226;

// reciprocals()[n] for 0 <= n < kReciprocalCount.
std::span<const float> reciprocals();

} // namespace vmaf::cambi
