#include "feature/cambi/topk_pooling.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
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

constexpr int kLanes = 8;

// The sum of v in double, kLanes sums side by side, with what decides
// whether that sum is exact.
struct LaneSum {
    double sum = 0;
    float smallest_positive = FLT_MAX;
    ptrdiff_t positives = 0;
    bool finite_non_negative = true;
};

// Two passes that each vectorise: the double sums, then the checks on the
// values' bits (finite floats at or above +0 are the ints 0 to 0x7f7fffff,
// in the same order).
LaneSum lane_sum(std::span<const float> v)
{
    const size_t n = v.size(), whole = n - n % kLanes;
    double sum[kLanes] = {};
    for (size_t i = 0; i < whole; i += kLanes)
        for (int l = 0; l < kLanes; l++) sum[l] += v[i + l];
    constexpr int32_t kLargest = 0x7f7fffff;
    int32_t smallest[kLanes], positives[kLanes] = {}, bad[kLanes] = {};
    std::fill(smallest, smallest + kLanes, kLargest);
    for (size_t i = 0; i < whole; i += kLanes)
        for (int l = 0; l < kLanes; l++) {
            const auto b = std::bit_cast<int32_t>(v[i + l]);
            smallest[l] = std::min(smallest[l], b == 0 ? kLargest : b);
            positives[l] += b != 0;
            bad[l] |= b < 0 || b > kLargest;
        }
    LaneSum out;
    for (size_t i = whole; i < n; i++) {
        const float x = v[i];
        out.sum += x;
        if (x > 0.0f) out.smallest_positive = std::min(out.smallest_positive, x), out.positives++;
        if (!(x >= 0.0f && x <= FLT_MAX)) out.finite_non_negative = false;
    }
    for (int l = 0; l < kLanes; l++) {
        out.sum += sum[l];
        out.smallest_positive = std::min(out.smallest_positive, std::bit_cast<float>(smallest[l]));
        out.positives += positives[l];
        if (bad[l]) out.finite_non_negative = false;
    }
    return out;
}

// Every partial sum of finite values at or above 0 is a multiple of the
// smallest positive one's ulp and at most their total: below 2^53 such
// ulps it is exact in double, in any order. Two bits of margin cover the
// rounding of the total this is judged on.
bool sums_exact(const LaneSum &s)
{
    if (!s.finite_non_negative) return false;
    if (s.positives == 0) return true;
    int exponent = 0;
    std::frexp(s.smallest_positive, &exponent);
    return s.sum < std::ldexp(1.0, exponent - FLT_MANT_DIG + DBL_MANT_DIG - 2);
}

// The mean of the k largest where their sums are exact, so that any order
// gives the bits of the reference's order: most often every positive value
// is among them (c-values are mostly 0), and the sum of all is theirs.
std::optional<double> exact_topk_mean(std::span<float> values, int k)
{
    const LaneSum all = lane_sum(values);
    if (!sums_exact(all)) return std::nullopt;
    if (all.positives <= k) return all.sum / k;
    std::nth_element(values.begin(), values.begin() + (k - 1), values.end(), std::greater<>());
    return lane_sum(values.first(static_cast<size_t>(k))).sum / k;
}

// How many values are pooled: max(1, floor(topk * n)).
int top_count(std::span<const float> values, double topk)
{
    const auto n = static_cast<int>(values.size());
    return std::clamp(static_cast<int>(topk * n), 1, n);
}

double mean_in_reference_order(std::span<float> values, int k)
{
    if (k < static_cast<int>(values.size())) select_largest(values, k);
    double sum = 0;
    for (int i = 0; i < k; i++) sum += values[i];
    return sum / k;
}

} // namespace

double topk_mean_in_reference_order(std::span<float> values, double topk)
{
    return mean_in_reference_order(values, top_count(values, topk));
}

double topk_mean(std::span<float> values, double topk)
{
    const int k = top_count(values, topk);
    if (const std::optional<double> mean = exact_topk_mean(values, k)) return *mean;
    return mean_in_reference_order(values, k);
}

} // namespace vmaf::cambi
