// What the contexts holding one picture derive from it alone, computed by
// the first that needs it and taken as is by the others. A ladder's
// renditions hold the same reference pictures (one context each), so each
// reference-side result (motion's blurred difference, ADM's wavelet bands)
// is computed once per frame instead of once per rendition.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace vmaf {

class PictureCache {
public:
    // A result's name: `kind` the address of a tag object of the code that
    // computes it, `params` whatever else the result depends on besides the
    // picture's samples (an option, another picture's identity).
    struct Key {
        const void *kind;
        std::array<uint64_t, 2> params;
        bool operator==(const Key &) const = default;
    };

    // `holders`: how many contexts take each result (at least 1).
    explicit PictureCache(unsigned holders) : holders_(holders) {}
    PictureCache(const PictureCache &) = delete;
    PictureCache &operator=(const PictureCache &) = delete;

    // The result under `key`: make() computes it for the first caller while
    // later ones wait, and they take what it made. Once every holder took
    // it, the cache lets it go (the takers keep theirs). An exception from
    // make() leaves nothing behind: the next caller computes it.
    template <typename T, typename Make>
    std::shared_ptr<const T> take(const Key &key, Make &&make)
    {
        const std::shared_ptr<Slot> slot = find(key);
        std::shared_ptr<const T> value;
        {
            std::lock_guard lock(slot->mutex);
            if (!slot->value) slot->value = std::make_shared<const T>(make());
            value = std::static_pointer_cast<const T>(slot->value);
        }
        count_taken(*slot);
        return value;
    }

    // Results held now; for tests.
    size_t size() const;

private:
    struct Slot {
        explicit Slot(const Key &k) : key(k) {}
        const Key key;
        std::mutex mutex; // held while the value is made
        std::shared_ptr<const void> value;
        unsigned taken = 0; // under the cache's mutex
    };

    std::shared_ptr<Slot> find(const Key &key);
    void count_taken(Slot &slot);

    const unsigned holders_;
    mutable std::mutex mutex_;
    std::vector<std::shared_ptr<Slot>> slots_; // a handful per picture
};

} // namespace vmaf
