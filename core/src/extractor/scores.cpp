#include "extractor/scores.h"

#include <cerrno>

#include "base/log.h"
#include "extractor/feature_name.h"
#include "extractor/pooling.h"

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
    Pool pool;
    switch (method) {
    case VMAF_POOL_METHOD_MIN: pool.kind = Pool::Kind::kMin; break;
    case VMAF_POOL_METHOD_MAX: pool.kind = Pool::Kind::kMax; break;
    case VMAF_POOL_METHOD_MEAN: pool.kind = Pool::Kind::kMean; break;
    case VMAF_POOL_METHOD_HARMONIC_MEAN: pool.kind = Pool::Kind::kHarmonicMean; break;
    default: return -EINVAL;
    }
    std::vector<double> v;
    if (int err = values(key, low, high, v)) return err;
    *out = pool_values(v, pool, 0.0);
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
