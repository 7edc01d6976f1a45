// A plane of samples, row after row with the stride equal to the width: the
// one image type of the CPU features (float luma, ADM's wavelet bands, ...).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace vmaf {

// Leaves new samples unset: every user writes a plane before reading it, and
// zeroing megabytes of bands at the first frame cost a 24-frame 576x324 clip
// about one frame's scoring.
template <typename T> struct UninitializedAllocator : std::allocator<T> {
    template <typename U> struct rebind {
        using other = UninitializedAllocator<U>;
    };
    UninitializedAllocator() = default;
    template <typename U> UninitializedAllocator(const UninitializedAllocator<U> &) {}
    template <typename U> void construct(U *p) noexcept { ::new (static_cast<void *>(p)) U; }
    template <typename U, typename... Args> void construct(U *p, Args &&...args)
    {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

template <typename T> struct Plane {
    int w = 0, h = 0;
    // At least w * h samples: a plane that shrinks keeps its allocation (ADM
    // reuses one plane for every scale), so a frame allocates nothing after
    // the first.
    std::vector<T, UninitializedAllocator<T>> px;

    void resize(int width, int height)
    {
        w = width;
        h = height;
        if (px.size() < size()) px.resize(size());
    }
    size_t size() const { return static_cast<size_t>(w) * static_cast<size_t>(h); }
    std::span<T> samples() { return {px.data(), size()}; }
    std::span<const T> samples() const { return {px.data(), size()}; }
    T *row(int y) { return px.data() + static_cast<ptrdiff_t>(y) * w; }
    const T *row(int y) const { return px.data() + static_cast<ptrdiff_t>(y) * w; }
};

using FloatPlane = Plane<float>;

} // namespace vmaf
