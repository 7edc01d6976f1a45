// A plane of each picture of a frame (0 reference, 1 distorted), as kernel
// launchers take them, and the device memory that owns such a pair.
#pragma once

#include <array>
#include <cstddef>

#include "hip/runtime/buffer.h"

namespace vmaf::hip {

template <typename T> struct PlanePair {
    T *plane[2];
};

// Two device planes of n floats each.
struct FloatPlanePair {
    std::array<DeviceBuffer, 2> buffer;

    int allocate(size_t n)
    {
        for (DeviceBuffer &b : buffer)
            if (int err = b.allocate(n * sizeof(float))) return err;
        return 0;
    }
    PlanePair<float> planes() const { return {{buffer[0].as<float>(), buffer[1].as<float>()}}; }
    PlanePair<const float> inputs() const
    {
        return {{buffer[0].as<const float>(), buffer[1].as<const float>()}};
    }
};

} // namespace vmaf::hip
