#include "session/inputs.h"

#include <algorithm>
#include <cmath>
#include <fmt/core.h>

namespace vmaf::session {

namespace {

// The inputs must describe the same pictures; say which property differs.
std::string format_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const VideoFormat &a = ref.format(), &b = dis.format();
    if (a.w != b.w || a.h != b.h)
        return fmt::format("reference is {}x{} but distorted is {}x{}; --scale scales the "
                           "distorted to the reference's size",
                           a.w, a.h, b.w, b.h);
    if (a.pix_fmt != b.pix_fmt)
        return fmt::format("reference is {} but distorted is {}", pix_fmt_text(a.pix_fmt),
                           pix_fmt_text(b.pix_fmt));
    if (a.bpc != b.bpc)
        return fmt::format("reference has {} bits per sample but distorted has {}", a.bpc, b.bpc);
    return {};
}

// Containers state their rates, and a pair of another rate would be scored
// frame against wrong frame; Y4M pairs are compared as they always were.
std::string rate_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const auto &a = ref.frame_rate(), &b = dis.frame_rate();
    if ((!ref.decoded() && !dis.decoded()) || !a || !b) return {};
    const double x = static_cast<double>(a->num) / static_cast<double>(a->den);
    const double y = static_cast<double>(b->num) / static_cast<double>(b->den);
    // Muxers round durations: 30000/1001 may come back as 2997/100, but 24
    // and 23.976 differ by 0.1%.
    if (std::abs(x - y) <= 5e-4 * std::max(x, y)) return {};
    return fmt::format("reference is {} fps but distorted is {} fps; the videos must have the "
                       "same frame rate",
                       frame_rate_text(*a), frame_rate_text(*b));
}

} // namespace

bool PairInputs::open(const ScoreRequest &r, std::string &error)
{
    ref = VideoInput::open(r.reference, r.raw, error);
    if (!ref) return false;
    dis = VideoInput::open(r.distorted, r.raw, error);
    if (!dis) return false;
    const VideoFormat &a = ref->format(), &b = dis->format();
    if ((a.w != b.w || a.h != b.h) && r.scale) {
        dis = scale_video(std::move(dis), a.w, a.h, *r.scale, error);
        if (!dis) return false;
    }
    error = format_mismatch(*ref, *dis);
    if (error.empty()) error = rate_mismatch(*ref, *dis);
    return error.empty();
}

std::optional<unsigned> known_length(const ScoreRequest &r, const PairInputs &in)
{
    const auto ref = in.ref->frames_left(), dis = in.dis->frames_left();
    if (!ref || !dis) return std::nullopt;
    auto after = [](unsigned long long frames, unsigned skip) {
        return frames > skip ? frames - skip : 0;
    };
    unsigned long long n = std::min(after(*ref, r.frame_skip_ref), after(*dis, r.frame_skip_dist));
    if (r.frame_cnt) n = std::min<unsigned long long>(n, r.frame_cnt);
    return static_cast<unsigned>(std::min<unsigned long long>(n, 1u << 24));
}

} // namespace vmaf::session
