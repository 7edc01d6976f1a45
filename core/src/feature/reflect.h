// Edge handling of the separable filters: reflection about the edge sample,
// which is not repeated (-1 -> 1, n -> n - 2), as libvmaf's integer
// extractors do it.
#pragma once

namespace vmaf {

inline int reflect(int i, int n)
{
    if (i < 0) return -i;
    if (i >= n) return 2 * n - 2 - i;
    return i;
}

} // namespace vmaf
