#include "progress.h"

#include <algorithm>
#include <cmath>
#include <fmt/core.h>

namespace vmaf::tools {

std::string duration_text(double seconds)
{
    const long s = std::lround(std::max(0.0, seconds));
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string frames_progress(unsigned done, std::optional<unsigned> total, double seconds)
{
    const double fps = seconds > 0 ? done / seconds : 0.0;
    if (!total || *total < done)
        return fmt::format("{} frame{} {:.2f} FPS", done, done == 1 ? "" : "s", fps);
    const std::string eta = fps > 0 ? duration_text((*total - done) / fps) : "-:--:--";
    return fmt::format("{}/{} frames {:.2f} FPS, ETA {}", done, *total, fps, eta);
}

} // namespace vmaf::tools
