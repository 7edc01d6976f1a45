#include "session/options/option_names.h"

#include <atomic>
#include <fmt/format.h>

namespace vmaf::session {

namespace {

struct Spelling {
    const char *cli, *python;
    // The command line's one-letter alias, where Netflix's vmaf has one.
    const char *cli_short = nullptr;
};

// By Option, in its order.
constexpr Spelling kSpellings[] = {
    {"--reference", "reference"},
    {"--distorted", "distorted"},
    {"--width", "width", "-w"},
    {"--height", "height", "-h"},
    {"--pixel_format", "pixel_format", "-p"},
    {"--bitdepth", "bitdepth", "-b"},
    {"--model", "model"},
    {"--aom_ctc", "aom_ctc"},
    {"--nflx_ctc", "nflx_ctc"},
    {"--output", "output"},
    {"--frame_cnt", "frame_cnt"},
    {"--scale", "scale"},
    {"--bitdepth-convert", "bitdepth_convert"},
    {"--pool", "pool"},
    {"--fps", "fps"},
    {"--backend", "backend"},
    {"--gpu", "gpu"},
    {"--hwdec", "hwdec"},
    {"--decoders", "decoders"},
    {"--fallback", "fallback"},
    {"--subsample", "subsample"},
    {"--frame_skip_ref", "frame_skip_ref"},
    {"--frame_skip_dist", "frame_skip_dist"},
    {"--align", "align"},
    {"--offset", "offset"},
    {"--align-window", "align_window"},
    {"--threads", "threads"},
};
static_assert(std::size(kSpellings) == static_cast<size_t>(Option::Threads) + 1,
              "a spelling for every option");

std::atomic<FrontEnd> front_end{FrontEnd::Cli};

} // namespace

void set_front_end(FrontEnd f) { front_end = f; }

std::string cli_flag(Option o) { return kSpellings[static_cast<size_t>(o)].cli; }

std::string python_keyword(Option o) { return kSpellings[static_cast<size_t>(o)].python; }

std::string cli_flags(Option o)
{
    const Spelling &s = kSpellings[static_cast<size_t>(o)];
    return s.cli_short ? fmt::format("{},{}", s.cli_short, s.cli) : s.cli;
}

std::string option(Option o)
{
    return front_end == FrontEnd::Python ? python_keyword(o) : cli_flag(o);
}

std::string option(Option o, std::string_view value)
{
    if (front_end == FrontEnd::Python) return fmt::format("{}='{}'", option(o), value);
    return fmt::format("{} {}", option(o), value);
}

std::string raw_yuv_options()
{
    return fmt::format("{}, {}, {} and {}", option(Option::Width), option(Option::Height),
                       option(Option::PixelFormat), option(Option::Bitdepth));
}

} // namespace vmaf::session
