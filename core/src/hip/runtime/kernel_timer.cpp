#include "hip/runtime/kernel_timer.h"

#include <cstdlib>
#include <cstring>
#include <fmt/core.h>
#include <utility>

#include "hip/runtime/error.h"

namespace vmaf::hip {

namespace {
bool profiling()
{
    const char *v = std::getenv("VMAF_HIP_PROFILE");
    return v && *v && std::strcmp(v, "0") != 0;
}
} // namespace

KernelTimer::KernelTimer(std::string name) : name_(std::move(name)), enabled_(profiling()) {}

KernelTimer::~KernelTimer()
{
    if (enabled_ && frames_ > 0)
        fmt::print(stderr, "{}: {} frames, kernels {:.3f} ms per frame\n", name_, frames_,
                   total_ms_ / frames_);
}

int KernelTimer::create()
{
    if (!enabled_) return 0;
    for (unsigned s = 0; s < kSlots; s++) {
        if (int err = start_[s].create(true)) return err;
        if (int err = stop_[s].create(true)) return err;
    }
    return 0;
}

int KernelTimer::start(unsigned slot, const Stream &stream) const
{
    return enabled_ ? start_[slot].record(stream) : 0;
}

int KernelTimer::stop(unsigned slot, const Stream &stream) const
{
    return enabled_ ? stop_[slot].record(stream) : 0;
}

int KernelTimer::add(unsigned slot)
{
    if (!enabled_) return 0;
    float ms = 0.0f;
    if (int err =
            check([&] { return hipEventElapsedTime(&ms, start_[slot].get(), stop_[slot].get()); },
                  "hipEventElapsedTime"))
        return err;
    total_ms_ += ms;
    frames_++;
    return 0;
}

} // namespace vmaf::hip
