#include "extractor/collector.h"

#include <algorithm>
#include <cerrno>

#include "base/log.h"

namespace vmaf {

FeatureCollector::Series &FeatureCollector::series_for(std::string_view key)
{
    auto it = index_.find(std::string(key));
    if (it != index_.end()) return series_[it->second];
    index_.emplace(std::string(key), series_.size());
    series_.push_back(Series{std::string(key), pages_.add_column()});
    return series_.back();
}

void FeatureCollector::declare(std::string_view key)
{
    std::lock_guard lock(mutex_);
    series_for(key);
}

int FeatureCollector::append(std::string_view key, double value, unsigned index, Step step)
{
    if (index > kMaxIndex) {
        log_error("feature '{}': frame index {} is beyond the last one taken ({})", key, index,
                  kMaxIndex);
        return -EINVAL;
    }
    std::lock_guard lock(mutex_);
    Series &s = series_for(key);
    if (pages_.get(s.column, index)) {
        log_error("feature '{}' already has a score at frame {}", key, index);
        return -EINVAL;
    }
    pages_.set(s.column, index, value);
    // The earliest step, not the first to arrive: workers may append a later
    // frame's values first.
    s.first_step = std::min(s.first_step, step);
    return 0;
}

int FeatureCollector::set_aggregate(std::string_view key, double value)
{
    std::lock_guard lock(mutex_);
    for (auto &[k, v] : aggregates_) {
        if (k == key) {
            v = value;
            return 0;
        }
    }
    aggregates_.emplace_back(std::string(key), value);
    return 0;
}

std::optional<double> FeatureCollector::score(std::string_view key, unsigned index) const
{
    std::lock_guard lock(mutex_);
    auto it = index_.find(std::string(key));
    if (it == index_.end()) return std::nullopt;
    return pages_.get(series_[it->second].column, index);
}

int FeatureCollector::take_frames(const FeatureCollector &src, unsigned first, unsigned last,
                                  unsigned dst_first)
{
    if (&src == this || first > last || dst_first > kMaxIndex || last - first > kMaxIndex - dst_first)
        return -EINVAL;
    std::scoped_lock lock(mutex_, src.mutex_);
    // In src's own order: keys of one step keep their order here too.
    for (const Series &from : src.series_) {
        const size_t from_size = src.pages_.size(from.column);
        if (from_size <= first) continue;
        Series &to = series_for(from.key);
        const size_t end = std::min<size_t>(from_size, size_t{last} + 1);
        const size_t shift = size_t{dst_first} - first; // modulo 2^64: adds dst_first - first
        pages_.extend(to.column, end + shift);
        for (size_t i = first; i < end; i++) {
            const auto v = src.pages_.get(from.column, i);
            if (!v) continue;
            if (pages_.get(to.column, i + shift)) {
                log_error("feature '{}' already has a score at frame {}", from.key, i + shift);
                return -EINVAL;
            }
            pages_.set(to.column, i + shift, *v);
            to.first_step = std::min(to.first_step, from.first_step);
        }
    }
    return 0;
}

int FeatureCollector::take_keys(const FeatureCollector &src, const std::vector<std::string> &keys)
{
    if (&src == this) return -EINVAL;
    std::scoped_lock lock(mutex_, src.mutex_);
    for (const std::string &key : keys) {
        const auto at = src.index_.find(key);
        if (at == src.index_.end()) continue;
        const Series &from = src.series_[at->second];
        Series &to = series_for(key);
        if (pages_.size(to.column)) {
            log_error("feature '{}' already has scores", key);
            return -EINVAL;
        }
        for (size_t i = 0; i < src.pages_.size(from.column); i++)
            if (const auto v = src.pages_.get(from.column, i)) pages_.set(to.column, i, *v);
        to.first_step = from.first_step;
    }
    return 0;
}

std::vector<std::string> FeatureCollector::keys() const
{
    std::lock_guard lock(mutex_);
    std::vector<const Series *> written;
    for (const auto &s : series_)
        if (pages_.size(s.column)) written.push_back(&s);
    // Stable: keys of one step keep their declaration/first-write order.
    std::stable_sort(written.begin(), written.end(), [](const Series *a, const Series *b) {
        return a->first_step < b->first_step;
    });
    std::vector<std::string> out;
    for (const Series *s : written) out.push_back(s->key);
    return out;
}

unsigned FeatureCollector::frame_count() const
{
    std::lock_guard lock(mutex_);
    size_t n = 0;
    for (const auto &s : series_) n = std::max(n, pages_.size(s.column));
    return static_cast<unsigned>(n);
}

std::vector<std::pair<std::string, double>> FeatureCollector::aggregates() const
{
    std::lock_guard lock(mutex_);
    return aggregates_;
}

} // namespace vmaf

extern "C" int vmaf_sink_append(VmafFeatureSink *sink, const char *name, double value,
                                unsigned index)
{
    if (!sink || !name) return -EINVAL;
    return sink->append(name, value, index);
}

extern "C" int vmaf_sink_append_at(VmafFeatureSink *sink, const char *name, double value,
                                   unsigned index, unsigned frame)
{
    if (!sink || !name) return -EINVAL;
    return sink->append_at(name, value, index, frame);
}

extern "C" int vmaf_sink_set_aggregate(VmafFeatureSink *sink, const char *name, double value)
{
    if (!sink || !name) return -EINVAL;
    return sink->set_aggregate(name, value);
}
