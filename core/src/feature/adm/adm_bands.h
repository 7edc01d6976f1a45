// The detail bands of one DWT level of ADM, integer or float.
#pragma once

#include "feature/common/plane.h"

namespace vmaf::adm {

// Indexed as the reference's angles: 0 = h (vertical highpass), 1 = v
// (horizontal highpass), 2 = d (both).
template <typename T> struct Detail {
    Plane<T> band[3];

    void resize(int w, int h)
    {
        for (auto &b : band) b.resize(w, h);
    }
    Plane<T> &operator[](int i) { return band[i]; }
    const Plane<T> &operator[](int i) const { return band[i]; }
};

} // namespace vmaf::adm
