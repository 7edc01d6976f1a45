// The feature collector: every score of every frame, by key, plus the
// aggregate (whole-clip) values. Thread safe.
//
// Keys come out in the reference's order, which is the order in which each
// key got its first value while the reference extracted frame after frame,
// extractor after extractor, on one thread. Our extractors run on several
// threads, so the collector rebuilds that order from when each value came
// (its step: the frame being extracted, the flush, or after the run) and
// the order in which keys were declared (extractor, then key within it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/score_pages.h"

struct VmafFeatureSink {
    virtual ~VmafFeatureSink() = default;
    virtual int append(std::string_view key, double value, unsigned index) = 0;
    // A value that the extraction of frame `frame` produced, reported later.
    virtual int append_at(std::string_view key, double value, unsigned index, unsigned frame)
    {
        static_cast<void>(frame);
        return append(key, value, index);
    }
    virtual int set_aggregate(std::string_view key, double value) = 0;
};

namespace vmaf {

class FeatureCollector {
public:
    // The highest frame index taken: 2^24 frames is over 77 hours at 60 fps,
    // and it bounds what one call can make the collector allocate.
    static constexpr unsigned kMaxIndex = (1u << 24) - 1;
    // When a value came. Steps up to kMaxIndex are the index of the frame
    // being extracted; then come the extractors' flush and whatever is
    // appended after the run (model scores, imported scores).
    using Step = std::uint64_t;
    static constexpr Step kFlushStep = Step{kMaxIndex} + 1;
    static constexpr Step kAfterRun = kFlushStep + 1;

    // Reserves a key's place among the keys whose first value comes at the
    // same step, before any value comes.
    void declare(std::string_view key);

    int append(std::string_view key, double value, unsigned index, Step step = kAfterRun);
    int set_aggregate(std::string_view key, double value);

    std::optional<double> score(std::string_view key, unsigned index) const;

    // Keys that have at least one value: by the step of their earliest
    // value, then in declaration/first-write order.
    std::vector<std::string> keys() const;
    // One past the highest frame index written for any key.
    unsigned frame_count() const;
    // In the order they were first set.
    std::vector<std::pair<std::string, double>> aggregates() const;

    // Takes src's values of frames [first, last] as frames dst_first, ...,
    // each key at the step of its earliest value in src: collectors of
    // consecutive chunks of one video, taken in order, list their keys as
    // one run over it would.
    int take_frames(const FeatureCollector &src, unsigned first, unsigned last,
                    unsigned dst_first);

    // Takes src's values of `keys`, every frame, each at the step of its
    // earliest value in src: scores another context computed for the same
    // frames (a ladder's reference-only features).
    int take_keys(const FeatureCollector &src, const std::vector<std::string> &keys);

private:
    struct Series {
        std::string key;
        size_t column; // in pages_
        Step first_step = kAfterRun;
    };
    Series &series_for(std::string_view key);

    mutable std::mutex mutex_;
    std::vector<Series> series_;
    // Reading pages values in: changed by const reads, under mutex_.
    mutable ScorePages pages_;
    std::unordered_map<std::string, size_t> index_;
    std::vector<std::pair<std::string, double>> aggregates_;
};

// What an extractor writes to during one call (extract or flush): each
// value is stamped with the call's step.
class StepSink final : public VmafFeatureSink {
public:
    StepSink(FeatureCollector &collector, FeatureCollector::Step step)
        : collector_(collector), step_(step) {}

    int append(std::string_view key, double value, unsigned index) override
    {
        return collector_.append(key, value, index, step_);
    }
    // Stamped with the frame that produced it, so that the key order does
    // not depend on when an asynchronous extractor reports.
    int append_at(std::string_view key, double value, unsigned index, unsigned frame) override
    {
        return collector_.append(key, value, index,
                                 std::min(step_, static_cast<FeatureCollector::Step>(frame)));
    }
    int set_aggregate(std::string_view key, double value) override
    {
        return collector_.set_aggregate(key, value);
    }

private:
    FeatureCollector &collector_;
    FeatureCollector::Step step_;
};

} // namespace vmaf
