#include "session/option_table.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <fmt/format.h>

#include "session/input/video_format.h"

namespace vmaf::session {

std::string count_problem(const std::string &text, unsigned least)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        return fmt::format("must be a {}whole number, got '{}'", least > 0 ? "positive " : "",
                           quote(text));
    if (std::stoull(text) < least) return fmt::format("must be at least {}, got '{}'", least, quote(text));
    return {};
}

namespace {

// `text` as a whole number into `dst`; false with `error` naming the option.
template <typename T> bool read_count(Option o, const std::string &text, T &dst, std::string &error)
{
    if (const std::string problem = count_problem(text, 0); !problem.empty()) {
        error = fmt::format("{} {}", option(o), problem);
        return false;
    }
    dst = static_cast<T>(std::stoull(text));
    return true;
}

// A whole number for the request's field kField (0 is taken where Netflix's
// vmaf takes it: every frame, no worker threads).
template <Option kOption, auto kField>
bool set_count(ScoreRequest &r, const std::string &text, std::string &error)
{
    return read_count(kOption, text, r.*kField, error);
}

// Raw YUV's geometry: a whole number, of either sign (the input's reader
// says what it takes: a size out of range is refused there, naming it).
template <Option kOption, auto kField>
bool set_raw_number(ScoreRequest &r, const std::string &text, std::string &error)
{
    const size_t digits = text.starts_with('-') ? 1 : 0;
    if (text.size() <= digits || text.size() > 10 ||
        text.find_first_not_of("0123456789", digits) != std::string::npos) {
        error = fmt::format("{} must be a whole number, got '{}'", option(kOption), quote(text));
        return false;
    }
    r.raw.*kField = std::stoll(text);
    return true;
}

bool set_pixel_format(ScoreRequest &r, const std::string &text, std::string &error)
{
    if (parse_pix_fmt(text) == VMAF_PIX_FMT_UNKNOWN) {
        error = fmt::format("{} must be 420, 422, 444 or 400, not '{}'", option(Option::PixelFormat),
                            quote(text));
        return false;
    }
    r.raw.pix_fmt = text;
    return true;
}

bool set_scale(ScoreRequest &r, const std::string &text, std::string &error)
{
    if (!check_scale_flags(text, error)) return false;
    r.scale = text;
    return true;
}

bool set_bitdepth_convert(ScoreRequest &r, const std::string &text, std::string &error)
{
    unsigned depth = 0;
    if (!read_count(Option::BitdepthConvert, text, depth, error) ||
        !check_bitdepth_convert(depth, error))
        return false;
    r.bitdepth_convert = depth;
    return true;
}

// Comma-separated pooling methods, each one the reports know.
bool add_pools(ScoreRequest &r, const std::string &text, std::string &error)
{
    for (size_t start = 0;;) {
        const size_t comma = text.find(',', start);
        const std::string method = text.substr(start, comma - start);
        if (method.empty()) {
            error = fmt::format("{} '{}': an empty pooling method (a comma too many?)",
                                option(Option::Pool), quote(text));
            return false;
        }
        if (pool_name(method).empty()) {
            error = fmt::format("{}: unknown pooling method '{}' (min, max, mean, harmonic_mean, "
                                "median, pN for a percentile from p0 to p100, below:T for the "
                                "seconds below T)",
                                option(Option::Pool), quote(method));
            return false;
        }
        r.pools.push_back(method);
        if (comma == std::string::npos) return true;
        start = comma + 1;
    }
}

bool set_fps(ScoreRequest &r, const std::string &text, std::string &error)
{
    char *end = nullptr;
    errno = 0;
    const double rate = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || errno || !(rate > 0) || !std::isfinite(rate)) {
        error = fmt::format("{} must be a number of frames per second above 0, not '{}'",
                            option(Option::Fps), quote(text));
        return false;
    }
    r.frame_rate = rate;
    return true;
}

// A word an option takes, and what it sets.
template <typename E> struct Word {
    const char *name;
    E value;
};

// An option that takes one of kWords, setting kField to its value.
template <Option kOption, auto kField, const auto &kWords>
bool set_word(ScoreRequest &r, const std::string &text, std::string &error)
{
    for (const auto &w : kWords)
        if (text == w.name) {
            r.*kField = w.value;
            return true;
        }
    std::string names;
    for (size_t i = 0; i < std::size(kWords); i++)
        names += fmt::format("{}'{}'", i == 0 ? "" : i + 1 == std::size(kWords) ? " or " : ", ",
                             kWords[i].name);
    error = fmt::format("{} must be {}, not '{}'", option(kOption), names, quote(text));
    return false;
}

constexpr Word<Fallback> kFallbackWords[] = {{"none", Fallback::None}, {"cpu", Fallback::Cpu}};
constexpr auto set_fallback = set_word<Option::Fallback, &ScoreRequest::fallback, kFallbackWords>;
constexpr Word<Align> kAlignWords[] = {
    {"none", Align::None}, {"auto", Align::Auto}, {"pts", Align::Pts}};
constexpr auto set_align = set_word<Option::Align, &ScoreRequest::align, kAlignWords>;

// A whole number of either sign, at most a day of frames at 120 fps.
bool set_offset(ScoreRequest &r, const std::string &text, std::string &error)
{
    const size_t digits = text.starts_with('-') || text.starts_with('+') ? 1 : 0;
    if (text.size() <= digits || text.size() > digits + 8 ||
        text.find_first_not_of("0123456789", digits) != std::string::npos) {
        error = fmt::format("{} must be a whole number of frames (negative: the reference starts "
                            "later), got '{}'",
                            option(Option::Offset), quote(text));
        return false;
    }
    r.offset = std::stoi(text);
    return true;
}

bool set_align_window(ScoreRequest &r, const std::string &text, std::string &error)
{
    unsigned window = 0;
    if (!read_count(Option::AlignWindow, text, window, error)) return false;
    if (window < 1 || window > 1000) {
        error = fmt::format("{} must be 1 to 1000 frames, got {}", option(Option::AlignWindow),
                            window);
        return false;
    }
    r.align_window = window;
    return true;
}

bool set_hwdec(ScoreRequest &r, const std::string &text, std::string &error)
{
    const auto hw = hw_decode_named(text);
    if (!hw) {
        error = fmt::format("{} must be 'none', 'auto', 'cuda' or 'vaapi', not '{}'",
                            option(Option::Hwdec), quote(text));
        return false;
    }
    r.hwdec = *hw;
    return true;
}

constexpr OptionRow kRows[] = {
    {Option::Width, OptionGroup::Input, OptionKind::Count, "N", "Width of raw YUV input",
     "int | None", "None", nullptr, set_raw_number<Option::Width, &RawFormat::w>},
    {Option::Height, OptionGroup::Input, OptionKind::Count, "N", "Height of raw YUV input",
     "int | None", "None", nullptr, set_raw_number<Option::Height, &RawFormat::h>},
    {Option::PixelFormat, OptionGroup::Input, OptionKind::Text, "FORMAT",
     "Pixel format of raw YUV: 420, 422, 444, 400", "_PixelFormat | None", "None", nullptr,
     set_pixel_format},
    {Option::Bitdepth, OptionGroup::Input, OptionKind::Count, "N",
     "Bit depth of raw YUV: 8 to 16 (and of uint16 numpy arrays given to Python: 9 to 16, default 10)",
     "int | None", "None", nullptr, set_raw_number<Option::Bitdepth, &RawFormat::bpc>},
    {Option::FrameSkipRef, OptionGroup::Input, OptionKind::Count, "N",
     "Skip the first N reference frames", "int", "0", nullptr, set_count<Option::FrameSkipRef, &ScoreRequest::frame_skip_ref>},
    {Option::FrameSkipDist, OptionGroup::Input, OptionKind::Count, "N",
     "Skip the first N distorted frames", "int", "0", nullptr, set_count<Option::FrameSkipDist, &ScoreRequest::frame_skip_dist>},
    {Option::Align, OptionGroup::Input, OptionKind::Text, "{none,auto,pts}",
     "Line the inputs up before scoring: auto finds the offset between them in their first "
     "frames (an encode with leading frames of its own, a dropped first frame) and refuses "
     "where it cannot tell; pts from the presentation times of their first frames "
     "(containers); none (the default) scores them as given. The offset and the frames left "
     "out are reported",
     "_Align", "'none'", nullptr, set_align},
    {Option::Offset, OptionGroup::Input, OptionKind::Count, "N",
     "Score the distorted's frame i + N against the reference's frame i (negative: the "
     "reference starts later), the frames the two share; reported as --align's",
     "int | None", "None", nullptr, set_offset},
    {Option::AlignWindow, OptionGroup::Input, OptionKind::Count, "N",
     "The offsets --align auto tries: -N to N frames", "int", "30", nullptr, set_align_window},
    {Option::Scale, OptionGroup::Input, OptionKind::Text, "FLAGS",
     "Scale the distorted to the reference's size where they differ, with ffmpeg's scaler: "
     "bicubic (alone: the default), lanczos, bilinear, spline, ... (ffmpeg's -sws_flags)",
     "str | None", "None", "bicubic", set_scale},
    {Option::BitdepthConvert, OptionGroup::Input, OptionKind::Count, "DEPTH",
     "Convert both inputs to this bit depth before scoring (10: VMAF v1's 10-bit scoring of "
     "8-bit video), as ffmpeg -pix_fmt yuv420p10le does",
     "int | None", "None", nullptr, set_bitdepth_convert},
    {Option::Subsample, OptionGroup::Scoring, OptionKind::Count, "N",
     "Score every Nth frame (0 and 1: every frame)", "int", "1", nullptr,
     set_count<Option::Subsample, &ScoreRequest::subsample>},
    {Option::FrameCnt, OptionGroup::Scoring, OptionKind::Count, "N",
     "Score at most N frames (0: every frame)", "int", "0", nullptr,
     set_count<Option::FrameCnt, &ScoreRequest::frame_cnt>},
    {Option::Pool, OptionGroup::Report, OptionKind::Texts, "METHODS",
     "Pool each metric in the report in more ways than min, max, mean and harmonic_mean: "
     "median, pN (the N-th percentile: p5, p99.9), below:T (seconds scored below T); "
     "comma-separated or repeated. Without it reports are the reference's, byte for byte",
     "_Strings | None", "None", nullptr, add_pools},
    {Option::Fps, OptionGroup::Report, OptionKind::Number, "FPS",
     "Frames per second for pooling below:T, where the reference file states none (raw YUV) "
     "or to override it",
     "float | None", "None", nullptr, set_fps},
    {Option::Hwdec, OptionGroup::Running, OptionKind::Text, "{none,auto,cuda,vaapi}",
     "Decode encoded inputs on the GPU's decoder through libavcodec: auto (the hardware where "
     "it decodes the stream, else the CPU, saying which), cuda, vaapi, or none (the CPU, the "
     "default)",
     "_Hwdec", "'none'", nullptr, set_hwdec},
    {Option::Decoders, OptionGroup::Running, OptionKind::Count, "N",
     "Decoders per encoded input decoded on the CPU, each taking its own run of GOPs from the "
     "container's keyframe index (0: half the cores, at most 16; 1: one decoder)",
     "int", "0", nullptr, set_count<Option::Decoders, &ScoreRequest::decoders>},
    {Option::Fallback, OptionGroup::Running, OptionKind::Text, "{none,cpu}",
     "With the HIP backend, what becomes of a pair whose scoring on the GPU fails (out of the "
     "device's memory, a faulting kernel, the GPU lost; not a bad input): cpu scores it again "
     "on the CPU, with the same scores, saying why; none (the default) reports it failed",
     "_Fallback", "'none'", nullptr, set_fallback},
    {Option::Threads, OptionGroup::Running, OptionKind::Count, "N",
     "Worker threads (0: none, frames scored on the reading thread)", "int", "0", nullptr,
     set_count<Option::Threads, &ScoreRequest::threads>},
};

} // namespace

std::span<const OptionRow> option_table() { return kRows; }

const OptionRow *option_row(std::string_view keyword)
{
    for (const OptionRow &row : kRows)
        if (python_keyword(row.id) == keyword) return &row;
    return nullptr;
}

} // namespace vmaf::session
