// Storage of ADM's wavelet bands: planes that keep their allocation while
// the scales shrink, so that a frame allocates nothing after the first.
#pragma once

#include <cstddef>
#include <vector>

namespace vmaf::adm {

template <typename T> struct Plane {
    int w = 0, h = 0; // the stride is w
    std::vector<T> px;

    void shape(int width, int height)
    {
        w = width;
        h = height;
        const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
        if (px.size() < n) px.resize(n);
    }
    T *row(int y) { return px.data() + static_cast<ptrdiff_t>(y) * w; }
    const T *row(int y) const { return px.data() + static_cast<ptrdiff_t>(y) * w; }
};

// The detail bands of one DWT level, indexed as the reference's angles:
// 0 = h (vertical highpass), 1 = v (horizontal highpass), 2 = d (both).
template <typename T> struct Detail {
    Plane<T> band[3];

    void shape(int w, int h)
    {
        for (auto &b : band) b.shape(w, h);
    }
    Plane<T> &operator[](int i) { return band[i]; }
    const Plane<T> &operator[](int i) const { return band[i]; }
};

} // namespace vmaf::adm
