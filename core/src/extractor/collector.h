// The feature collector: every score of every frame, by key, plus the
// aggregate (whole-clip) values. Thread safe; keys keep their first order.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "extractor/extractor.h"

struct VmafFeatureSink {
    virtual ~VmafFeatureSink() = default;
    virtual int append(std::string_view key, double value, unsigned index) = 0;
    virtual int set_aggregate(std::string_view key, double value) = 0;
};

namespace vmaf {

class FeatureCollector final : public VmafFeatureSink {
public:
    // The highest frame index taken: 2^24 frames is over 77 hours at 60 fps,
    // and it bounds what one call can make the collector allocate.
    static constexpr unsigned kMaxIndex = (1u << 24) - 1;

    // Reserves a key's place in the output order before any value comes.
    void declare(std::string_view key);

    int append(std::string_view key, double value, unsigned index) override;
    int set_aggregate(std::string_view key, double value) override;

    std::optional<double> score(std::string_view key, unsigned index) const;

    // Keys that have at least one value, in declaration/first-write order.
    std::vector<std::string> keys() const;
    // One past the highest frame index written for any key.
    unsigned frame_count() const;
    std::vector<std::pair<std::string, double>> aggregates() const;

private:
    struct Series {
        std::string key;
        std::vector<std::optional<double>> values;
    };
    Series &series_for(std::string_view key);

    mutable std::mutex mutex_;
    std::vector<Series> series_;
    std::unordered_map<std::string, size_t> index_;
    std::vector<std::pair<std::string, double>> aggregates_;
};

} // namespace vmaf
