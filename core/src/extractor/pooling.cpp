#include "extractor/pooling.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <vector>

namespace vmaf {

namespace {

std::optional<double> number(std::string_view text)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty() ||
        !std::isfinite(v))
        return std::nullopt;
    return v;
}

// numpy.percentile's "linear" method as numpy 1.22+ computes it: the
// virtual index n*q + (1 - q) - 1, and a lerp taken from the nearer end.
double percentile(std::vector<double> sorted, double p)
{
    const double n = static_cast<double>(sorted.size());
    const double q = p / 100.0;
    const double virtual_index = n * q + (1.0 + q * (1.0 - 1.0 - 1.0)) - 1.0;
    const double below = std::floor(virtual_index);
    const double gamma = virtual_index - below;
    const auto last = sorted.size() - 1;
    const auto i = static_cast<size_t>(std::clamp(below, 0.0, static_cast<double>(last)));
    const size_t j = std::min(i + 1, last);
    const double a = sorted[i], b = sorted[j], diff = b - a;
    return gamma >= 0.5 ? b - diff * (1.0 - gamma) : a + diff * gamma;
}

} // namespace

std::optional<Pool> parse_pool(std::string_view text)
{
    using Kind = Pool::Kind;
    if (text == "min") return Pool{Kind::kMin};
    if (text == "max") return Pool{Kind::kMax};
    if (text == "mean") return Pool{Kind::kMean};
    if (text == "harmonic_mean") return Pool{Kind::kHarmonicMean};
    if (text == "median") return Pool{Kind::kMedian};
    if (text.starts_with("p")) {
        const auto p = number(text.substr(1));
        if (p && *p >= 0 && *p <= 100) return Pool{Kind::kPercentile, *p};
        return std::nullopt;
    }
    if (text.starts_with("below:")) {
        const auto t = number(text.substr(6));
        if (t) return Pool{Kind::kSecondsBelow, *t};
    }
    return std::nullopt;
}

std::string pool_key(const Pool &pool)
{
    switch (pool.kind) {
    case Pool::Kind::kMin: return "min";
    case Pool::Kind::kMax: return "max";
    case Pool::Kind::kMean: return "mean";
    case Pool::Kind::kHarmonicMean: return "harmonic_mean";
    case Pool::Kind::kMedian: return "median";
    // The shortest text that reads back as the number: 5, 99.9.
    case Pool::Kind::kPercentile: return fmt::format("p{}", pool.value);
    case Pool::Kind::kSecondsBelow: return fmt::format("seconds_below_{}", pool.value);
    }
    return {};
}

double pool_values(std::span<const double> values, const Pool &pool, double frame_seconds)
{
    switch (pool.kind) {
    case Pool::Kind::kMin: return *std::min_element(values.begin(), values.end());
    case Pool::Kind::kMax: return *std::max_element(values.begin(), values.end());
    case Pool::Kind::kMean: {
        double sum = 0;
        for (double v : values) sum += v;
        return sum / static_cast<double>(values.size());
    }
    case Pool::Kind::kHarmonicMean: {
        // The reference's: shifted by one so that zeros are allowed.
        double inv_sum = 0;
        for (double v : values) inv_sum += 1.0 / (v + 1.0);
        return static_cast<double>(values.size()) / inv_sum - 1.0;
    }
    case Pool::Kind::kMedian: {
        std::vector<double> sorted(values.begin(), values.end());
        std::sort(sorted.begin(), sorted.end());
        const size_t mid = sorted.size() / 2;
        return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
    case Pool::Kind::kPercentile: {
        std::vector<double> sorted(values.begin(), values.end());
        std::sort(sorted.begin(), sorted.end());
        return percentile(std::move(sorted), pool.value);
    }
    case Pool::Kind::kSecondsBelow: {
        const auto below = std::count_if(values.begin(), values.end(),
                                         [&](double v) { return v < pool.value; });
        return static_cast<double>(below) * frame_seconds;
    }
    }
    return 0;
}

} // namespace vmaf
