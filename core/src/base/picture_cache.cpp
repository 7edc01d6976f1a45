#include "base/picture_cache.h"

#include <algorithm>

namespace vmaf {

std::shared_ptr<PictureCache::Slot> PictureCache::find(const Key &key)
{
    std::lock_guard lock(mutex_);
    for (const auto &slot : slots_)
        if (slot->key == key) return slot;
    return slots_.emplace_back(std::make_shared<Slot>(key));
}

void PictureCache::count_taken(Slot &slot)
{
    std::lock_guard lock(mutex_);
    if (++slot.taken < holders_) return;
    std::erase_if(slots_, [&](const auto &s) { return s.get() == &slot; });
}

size_t PictureCache::size() const
{
    std::lock_guard lock(mutex_);
    return slots_.size();
}

} // namespace vmaf
