#include "feature/cambi/topk_pooling.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace vmaf::cambi {
namespace {

// Leaves the k largest values in front (in no particular order), the k-th
// largest at position k, and the rest after it.
void select_largest(std::span<float> v, ptrdiff_t k)
{
    ptrdiff_t first = 0, last = static_cast<ptrdiff_t>(v.size()) - 1;
    while (first < last) {
        const float pivot = v[k];
        ptrdiff_t i = first, j = last;
        do {
            while (v[i] > pivot) i++;
            while (v[j] < pivot) j--;
            if (i <= j) std::swap(v[i++], v[j--]);
        } while (i <= j);
        if (j < k) first = i;
        if (k < i) last = j;
    }
}

} // namespace

double topk_mean(std::span<float> values, double topk)
{
    const auto n = static_cast<int>(values.size());
    const int k = std::clamp(static_cast<int>(topk * n), 1, n);
    if (k < n) select_largest(values, k);
    double sum = 0;
    for (int i = 0; i < k; i++) sum += values[i];
    return sum / k;
}

} // namespace vmaf::cambi
