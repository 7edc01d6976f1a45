#include "extractor/scores.h"

#include <cerrno>

#include "base/log.h"
#include "extractor/feature_name.h"

namespace vmaf {

std::optional<double> Scores::score(std::string_view key, unsigned index) const
{
    if (auto v = collector_.score(key, index)) return v;
    for (const auto &k : collector_.keys())
        if (feature_alias(k) == key) return collector_.score(k, index);
    return std::nullopt;
}

int Scores::pooled(std::string_view key, VmafPoolingMethod method, unsigned low, unsigned high,
                   double *out) const
{
    if (low > high) return -EINVAL;
    if (method <= VMAF_POOL_METHOD_UNKNOWN || method >= VMAF_POOL_METHOD_NB) return -EINVAL;
    unsigned n = 0;
    double min = 0, max = 0, sum = 0, inv_sum = 0;
    for (unsigned i = low;; i++) {
        if (selected(i)) {
            const auto v = score(key, i);
            if (!v) {
                log_error("feature '{}' has no score at frame {}", key, i);
                return -EINVAL;
            }
            const double s = *v;
            if (n == 0 || s < min) min = s;
            if (n == 0 || s > max) max = s;
            sum += s;
            // The reference's harmonic mean shifts by one so that zeros are allowed.
            inv_sum += 1.0 / (s + 1.0);
            n++;
        }
        if (i == high) break;
    }
    if (n == 0) return -EINVAL;
    switch (method) {
    case VMAF_POOL_METHOD_MIN: *out = min; break;
    case VMAF_POOL_METHOD_MAX: *out = max; break;
    case VMAF_POOL_METHOD_MEAN: *out = sum / n; break;
    case VMAF_POOL_METHOD_HARMONIC_MEAN: *out = n / inv_sum - 1.0; break;
    default: return -EINVAL;
    }
    return 0;
}

int Scores::values(std::string_view key, unsigned low, unsigned high,
                   std::vector<double> &out) const
{
    out.clear();
    if (low > high) return -EINVAL;
    for (unsigned i = low;; i++) {
        if (selected(i)) {
            const auto v = score(key, i);
            if (!v) {
                log_error("feature '{}' has no score at frame {}", key, i);
                return -EINVAL;
            }
            out.push_back(*v);
        }
        if (i == high) break;
    }
    return out.empty() ? -EINVAL : 0;
}

} // namespace vmaf
