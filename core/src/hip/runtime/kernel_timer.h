// Kernel time per frame of a HIP extractor, for profiling: with the
// environment variable VMAF_HIP_PROFILE set (to anything but 0), timing
// events bracket each frame's kernels and the mean is printed to stderr
// when the extractor closes ("<name>: <frames> frames, kernels <ms> ms per
// frame"). Without it, nothing is recorded.
#pragma once

#include <array>
#include <string>

#include "hip/runtime/stream.h"

namespace vmaf::hip {

class KernelTimer {
public:
    explicit KernelTimer(std::string name);
    ~KernelTimer();
    KernelTimer(const KernelTimer &) = delete;
    KernelTimer &operator=(const KernelTimer &) = delete;

    // Events for `slots` frames in flight.
    int create();
    // Around the kernels of the frame in `slot`, on their stream.
    int start(unsigned slot, const Stream &stream) const;
    int stop(unsigned slot, const Stream &stream) const;
    // Once the slot's work is done: adds its time.
    int add(unsigned slot);

    static constexpr unsigned kSlots = 4;

private:
    std::string name_;
    bool enabled_;
    std::array<Event, kSlots> start_, stop_;
    double total_ms_ = 0.0;
    unsigned frames_ = 0;
};

} // namespace vmaf::hip
