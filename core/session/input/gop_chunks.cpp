#include "session/input/gop_chunks.h"

#include <algorithm>
#include <cmath>

namespace vmaf::session {

std::vector<int64_t> chunk_starts(std::span<const int64_t> keyframes, int64_t min_ticks)
{
    std::vector<int64_t> starts;
    if (keyframes.empty()) return starts;
    int64_t last = keyframes.front();
    for (const int64_t k : keyframes.subspan(1)) {
        if (k <= last || k - last < min_ticks) continue;
        starts.push_back(k);
        last = k;
    }
    return starts;
}

int64_t chunk_min_ticks(double ticks_per_second, double seconds, unsigned decoders)
{
    double chunk = 1.0;
    if (seconds > 0 && decoders > 0) chunk = std::min(chunk, seconds / (4.0 * decoders));
    return std::max<int64_t>(1, std::llround(chunk * ticks_per_second));
}

unsigned default_decoders(unsigned cores) { return std::clamp(cores / 2, 1u, 16u); }

unsigned decoders_in_memory(size_t memory, size_t frame_bytes)
{
    const size_t each = kDecoderFrames * std::max<size_t>(frame_bytes, 1);
    return static_cast<unsigned>(std::clamp<size_t>(memory / 2 / each, 1, 64));
}

} // namespace vmaf::session
