// The first failure of a run of calls that each return 0 or a negative
// errno (writes of several keys, say): OR-ing such codes together would make
// a number that is no errno.
#pragma once

namespace vmaf {

// `err` when it is already an error, else `e`.
constexpr int first_error(int err, int e) { return err ? err : e; }

} // namespace vmaf
