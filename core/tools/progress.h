// What the progress lines of the CLI and batch mode print.
#pragma once

#include <optional>
#include <string>

namespace vmaf::tools {

// "1:02:03": hours, minutes, seconds.
std::string duration_text(double seconds);

// "13/240 frames 4.78 FPS, ETA 0:00:47" when the total is known, else
// "13 frames 4.78 FPS".
std::string frames_progress(unsigned done, std::optional<unsigned> total, double seconds);

} // namespace vmaf::tools
