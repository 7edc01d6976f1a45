// A score pooled over a run's frames beyond libvmaf's four methods (min,
// max, mean, harmonic mean): the median, any percentile, and the time spent
// below a threshold (ADR 0033). Percentiles and the median are numpy's
// (`numpy.percentile`, linear interpolation; `numpy.median`), to the bit.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace vmaf {

struct Pool {
    enum class Kind { kMin, kMax, kMean, kHarmonicMean, kMedian, kPercentile, kSecondsBelow };
    Kind kind = Kind::kMean;
    double value = 0; // the percentile (0 to 100), or the threshold
};

// "min", "max", "mean", "harmonic_mean", "median", "pN" (the N-th
// percentile, 0 <= N <= 100, decimals allowed: "p99.9") and "below:T" (the
// seconds scored below T); nothing for anything else.
std::optional<Pool> parse_pool(std::string_view text);

// The name reports give the pool: its text, "below:T" as "seconds_below_T".
std::string pool_key(const Pool &pool);

// `values` (the scored frames', in frame order; at least one) pooled; each
// frame lasts `frame_seconds` (kSecondsBelow).
double pool_values(std::span<const double> values, const Pool &pool, double frame_seconds);

} // namespace vmaf
