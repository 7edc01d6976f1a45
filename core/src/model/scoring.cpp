#include "model/scoring.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <string>
#include <vector>

#include "extractor/feature_name.h"
#include "extractor/scores.h"
#include "base/log.h"

namespace vmaf::model {

namespace {

// A feature is recorded under its long name by extractors and under its
// short alias when imported from the reference's output; either will do.
std::optional<double> feature_score(const FeatureCollector &collector, const std::string &key,
                                    unsigned index)
{
    // Scoring one frame reads that frame whatever the subsampling.
    const Scores scores(collector, 1);
    if (auto v = scores.score(key, index)) return v;
    const std::string_view alias = feature_alias(key);
    if (alias != key) return scores.score(alias, index);
    return std::nullopt;
}

int predict_at(const FeatureCollector &collector, const VmafModel &model, unsigned index,
               uint64_t flags, double *out)
{
    std::vector<double> values;
    values.reserve(model.features.size());
    for (const auto &f : model.features) {
        const auto v = feature_score(collector, f.key, index);
        if (!v) {
            log_error("model '{}' ({}): no feature '{}' at frame {}", model.name, model.source,
                      feature_alias(f.key), index);
            return -EINVAL;
        }
        values.push_back(*v);
    }
    *out = model.predict(values, flags);
    if (std::isnan(*out)) {
        log_error("model '{}' ({}) gives no number at frame {}: its arithmetic overflows on these "
                  "features (check the model's coefficients, gamma and transform)",
                  model.name, model.source, index);
        return -EINVAL;
    }
    return 0;
}

// Writes `value` unless the key already holds this frame (a second scoring
// pass over the same frames computes the same values).
int record(FeatureCollector &collector, const std::string &key, double value, unsigned index)
{
    if (collector.score(key, index)) return 0;
    return collector.append(key, value, index);
}

// The reference's percentile: linear between the two nearest ranks.
double percentile(const std::vector<double> &sorted, double perc)
{
    const double p = perc * static_cast<double>(sorted.size() - 1) / 100.0;
    const size_t lo = static_cast<size_t>(std::floor(p));
    const size_t hi = static_cast<size_t>(std::ceil(p));
    if (lo == hi) return sorted[lo];
    return sorted[lo] * (static_cast<double>(hi) - p) + sorted[hi] * (p - static_cast<double>(lo));
}

const char *const kSuffixes[] = {"_bagging", "_stddev", "_ci_p95_lo", "_ci_p95_hi"};

double *collection_field(VmafModelCollectionScore &s, size_t i)
{
    double *fields[] = {&s.bootstrap.bagging_score, &s.bootstrap.stddev, &s.bootstrap.ci.p95.lo,
                        &s.bootstrap.ci.p95.hi};
    return fields[i];
}

bool check_range(unsigned low, unsigned high, VmafPoolingMethod method)
{
    if (low > high || method <= VMAF_POOL_METHOD_UNKNOWN || method >= VMAF_POOL_METHOD_NB) {
        log_error("bad pooling request: frames {}..{}, method {}", low, high, static_cast<int>(method));
        return false;
    }
    return true;
}

} // namespace

int score_at_index(FeatureCollector &collector, const VmafModel &model, unsigned index,
                   double *score)
{
    if (auto v = collector.score(model.name, index)) {
        *score = *v;
        return 0;
    }
    int err = predict_at(collector, model, index, 0, score);
    if (err) return err;
    return collector.append(model.name, *score, index);
}

int collection_score_at_index(FeatureCollector &collector, const VmafModelCollection &mc,
                              unsigned index, VmafModelCollectionScore *score)
{
    const size_t n = mc.models.size();
    // Statistics come from the raw predictions; each member's own score
    // (transformed and clipped as its model says) is what gets recorded.
    std::vector<double> raw(n);
    for (size_t i = 0; i < n; i++) {
        const VmafModel &m = *mc.models[i];
        int err = predict_at(collector, m, index,
                             VMAF_MODEL_FLAG_DISABLE_CLIP | VMAF_MODEL_FLAG_DISABLE_TRANSFORM, &raw[i]);
        if (err) return err;
        double own = 0;
        err = predict_at(collector, m, index, 0, &own);
        if (!err) err = record(collector, m.name, own, index);
        if (err) return err;
    }

    double sum = 0;
    for (double s : raw) sum += s;
    const double mean = sum / static_cast<double>(n);
    double ssd = 0;
    for (double s : raw) ssd += (s - mean) * (s - mean);
    double stddev = std::sqrt(ssd / static_cast<double>(n));
    std::vector<double> sorted = raw;
    std::sort(sorted.begin(), sorted.end());

    // The interval and mean go through the first member's transform and clip;
    // the stddev is scaled by the transform's slope at the mean.
    const VmafModel &first = *mc.models.front();
    auto finish = [&](double s) { return first.clip_score(first.transform_score(s, 0), 0); };
    constexpr double delta = 0.01;
    const double slope = (finish(mean + delta) - finish(mean - delta)) / (2.0 * delta);
    stddev *= slope;

    VmafModelCollectionScore s{};
    s.type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    s.bootstrap.bagging_score = finish(mean);
    s.bootstrap.stddev = stddev;
    s.bootstrap.ci.p95.lo = finish(percentile(sorted, 2.5));
    s.bootstrap.ci.p95.hi = finish(percentile(sorted, 97.5));
    for (size_t i = 0; i < std::size(kSuffixes); i++) {
        int err = record(collector, mc.name + kSuffixes[i], *collection_field(s, i), index);
        if (err) return err;
    }
    *score = s;
    return 0;
}

int score_pooled(FeatureCollector &collector, unsigned subsample, const VmafModel &model,
                 VmafPoolingMethod method, unsigned low, unsigned high, double *score)
{
    if (!check_range(low, high, method)) return -EINVAL;
    const Scores scores(collector, subsample);
    for (unsigned i = low;; i++) {
        if (scores.selected(i)) {
            double s = 0;
            int err = score_at_index(collector, model, i, &s);
            if (err) return err;
        }
        if (i == high) break;
    }
    return scores.pooled(model.name, method, low, high, score);
}

int collection_score_pooled(FeatureCollector &collector, unsigned subsample,
                            const VmafModelCollection &mc, VmafPoolingMethod method, unsigned low,
                            unsigned high, VmafModelCollectionScore *score)
{
    if (!check_range(low, high, method)) return -EINVAL;
    const Scores scores(collector, subsample);
    for (unsigned i = low;; i++) {
        if (scores.selected(i)) {
            VmafModelCollectionScore s{};
            int err = collection_score_at_index(collector, mc, i, &s);
            if (err) return err;
        }
        if (i == high) break;
    }
    VmafModelCollectionScore s{};
    s.type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    for (size_t i = 0; i < std::size(kSuffixes); i++) {
        const std::string key = mc.name + kSuffixes[i];
        int err = scores.pooled(key, method, low, high, collection_field(s, i));
        if (err) return err;
    }
    *score = s;
    return 0;
}

} // namespace vmaf::model
