#include "session/inputs.h"
#include "session/options/option_names.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/core.h>
#include <initializer_list>

namespace vmaf::session {

namespace {

// The inputs must describe the same pictures; say which property differs.
std::string format_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const VideoFormat &a = ref.format(), &b = dis.format();
    if (a.w != b.w || a.h != b.h)
        return fmt::format("reference is {}x{} but distorted is {}x{}; {} scales the "
                           "distorted to the reference's size",
                           a.w, a.h, b.w, b.h, option(Option::Scale));
    if (a.pix_fmt != b.pix_fmt)
        return fmt::format("reference is {} but distorted is {}", pix_fmt_text(a.pix_fmt),
                           pix_fmt_text(b.pix_fmt));
    if (a.bpc != b.bpc)
        return fmt::format("reference has {} bits per sample but distorted has {}; "
                           "{} scores both at {} bits",
                           a.bpc, b.bpc,
                           option(Option::BitdepthConvert, std::to_string(std::max(a.bpc, b.bpc))),
                           std::max(a.bpc, b.bpc));
    return {};
}

// The depth both inputs are scored at, 0 for their own; false with `error`
// set where an input is deeper than the depth asked for.
bool common_depth(const ScoreRequest &r, const VideoInput &ref, const VideoInput &dis,
                  unsigned &depth, std::string &error)
{
    const unsigned a = ref.format().bpc, b = dis.format().bpc;
    depth = 0;
    if (r.bitdepth_convert) {
        depth = *r.bitdepth_convert;
        for (const VideoInput *in : {&ref, &dis})
            if (in->format().bpc > depth) {
                error = fmt::format("{}: has {} bits per sample; {} converts "
                                    "to a higher depth, never down",
                                    in->path(), in->format().bpc,
                                    option(Option::BitdepthConvert, std::to_string(depth)));
                return false;
            }
    } else if (r.common_bitdepth && a != b) {
        depth = std::max(a, b);
    }
    return true;
}

// The flags of the scaler ffmpeg inserts for `-pix_fmt` (its default
// -sws_flags): a depth conversion is then that command's.
constexpr const char *kFfmpegConvertFlags = "bicubic";

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

namespace {

// `dis` scaled and converted for scoring against `ref` as the request says;
// `ref_depth` the depth the reference must then be converted to, 0 for its
// own.
bool fit_distorted(const ScoreRequest &r, const VideoInput &ref, std::unique_ptr<VideoInput> &dis,
                   unsigned &ref_depth, std::string &error)
{
    unsigned depth = 0;
    if (!common_depth(r, ref, *dis, depth, error)) return false;
    const VideoFormat a = ref.format(), b = dis->format();
    // Scaled and converted in one pass, as ffmpeg's one scale filter does
    // `-vf scale=W:H -pix_fmt yuv420p10le`.
    if ((a.w != b.w || a.h != b.h) && r.scale)
        dis = scale_video(std::move(dis), a.w, a.h, std::max(b.bpc, depth), *r.scale, error);
    else if (b.bpc < depth)
        dis = scale_video(std::move(dis), b.w, b.h, depth, kFfmpegConvertFlags, error);
    ref_depth = a.bpc < depth ? depth : 0;
    return dis != nullptr;
}

bool convert_reference(std::unique_ptr<VideoInput> &ref, unsigned depth, std::string &error)
{
    if (!depth) return true;
    const VideoFormat a = ref->format();
    ref = scale_video(std::move(ref), a.w, a.h, depth, kFfmpegConvertFlags, error);
    return ref != nullptr;
}

Decoding decoding_of(const ScoreRequest &r)
{
    return {r.hwdec, r.gpus.empty() ? 0u : r.gpus.front(), r.decoders};
}

std::string pair_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    std::string why = format_mismatch(ref, dis);
    return why.empty() ? rate_mismatch(ref, dis) : why;
}

} // namespace

bool PairInputs::open(const ScoreRequest &r, std::string &error)
{
    ref = VideoInput::open(r.reference, r.raw, decoding_of(r), error);
    if (!ref) return false;
    dis = VideoInput::open(r.distorted, r.raw, decoding_of(r), error);
    if (!dis) return false;
    unsigned ref_depth = 0;
    if (!fit_distorted(r, *ref, dis, ref_depth, error)) return false;
    if (!convert_reference(ref, ref_depth, error)) return false;
    error = pair_mismatch(*ref, *dis);
    return error.empty();
}

bool LadderInputs::open(const ScoreRequest &r, const std::vector<std::string> &distorted,
                        std::string &error)
{
    ref = VideoInput::open(r.reference, r.raw, decoding_of(r), error);
    if (!ref) return false;
    dis.clear();
    std::optional<unsigned> ref_depth;
    for (const std::string &path : distorted) {
        std::unique_ptr<VideoInput> d = VideoInput::open(path, r.raw, decoding_of(r), error);
        if (!d) return false;
        unsigned depth = 0;
        if (!fit_distorted(r, *ref, d, depth, error)) return false;
        // One reference serves every rendition, so it is converted once.
        if (ref_depth && *ref_depth != depth) {
            error = fmt::format("{}: needs the reference at {} bits where {} needs it at {}; "
                                "score renditions of different depths in separate runs (or with "
                                "{})",
                                path, depth ? depth : ref->format().bpc, dis.front()->path(),
                                *ref_depth ? *ref_depth : ref->format().bpc,
                                option(Option::BitdepthConvert));
            return false;
        }
        ref_depth = depth;
        dis.push_back(std::move(d));
    }
    if (!convert_reference(ref, ref_depth.value_or(0), error)) return false;
    for (const auto &d : dis) {
        const std::string why = pair_mismatch(*ref, *d);
        if (!why.empty()) return error = fmt::format("{}: {}", d->path(), why), false;
    }
    return true;
}

std::optional<unsigned> known_length(const ScoreRequest &r, const VideoInput &ref,
                                     const std::vector<const VideoInput *> &dis)
{
    auto after = [](unsigned long long frames, unsigned skip) {
        return frames > skip ? frames - skip : 0;
    };
    const auto ref_left = ref.frames_left();
    if (!ref_left) return std::nullopt;
    unsigned long long n = after(*ref_left, r.frame_skip_ref);
    for (const VideoInput *d : dis) {
        const auto left = d->frames_left();
        if (!left) return std::nullopt;
        n = std::min(n, after(*left, r.frame_skip_dist));
    }
    if (r.frame_cnt) n = std::min<unsigned long long>(n, r.frame_cnt);
    return static_cast<unsigned>(std::min<unsigned long long>(n, 1u << 24));
}

std::optional<unsigned> known_length(const ScoreRequest &r, const PairInputs &in)
{
    return known_length(r, *in.ref, {in.dis.get()});
}

bool reads_once(const std::string &path)
{
    if (path == "-") return true;
    std::error_code ec;
    const auto type = std::filesystem::status(path, ec).type();
    return type == std::filesystem::file_type::fifo ||
           type == std::filesystem::file_type::character;
}

} // namespace vmaf::session
