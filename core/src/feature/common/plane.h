// A plane of samples, row after row with the stride equal to the width: the
// one image type of the CPU features (float luma, ADM's wavelet bands, ...).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace vmaf {

template <typename T> struct Plane {
    int w = 0, h = 0;
    // At least w * h samples: a plane that shrinks keeps its allocation (ADM
    // reuses one plane for every scale), so a frame allocates nothing after
    // the first.
    std::vector<T> px;

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
