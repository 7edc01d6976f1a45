// The options a front end hands the session, as the session's messages name
// them: neutrally, each front end spelling them its own way ("--backend hip"
// on the command line, "backend='hip'" in Python). The lowest floor of the
// session: the inputs' messages name options too.
#pragma once

#include <string>
#include <string_view>

namespace vmaf::session {

enum class Option {
    Reference,
    Distorted,
    Width,
    Height,
    PixelFormat,
    Bitdepth,
    Model,
    AomCtc,
    NflxCtc,
    Output,
    FrameCnt,
    Scale,
    BitdepthConvert,
    Pool,
    Fps,
    Backend,
    Gpu,
    Hwdec,
    Decoders,
    Fallback,
    Subsample,
    FrameSkipRef,
    FrameSkipDist,
    Align,
    Offset,
    AlignWindow,
    Threads,
};

enum class FrontEnd { Cli, Python };

// Which front end the process is (the command line unless the Python module
// says otherwise when it is loaded).
void set_front_end(FrontEnd front_end);

// The option as the front end spells it: "--bitdepth-convert", "bitdepth_convert".
std::string option(Option o);
// The option given `value`: "--backend hip", "backend='hip'".
std::string option(Option o, std::string_view value);
// Each front end's spelling, whichever front end the process is.
std::string cli_flag(Option o);
std::string python_keyword(Option o);
// The command line's spellings as CLI11 takes them: "-w,--width", "--fps".
std::string cli_flags(Option o);
// Raw YUV's four options, as a list: "--width, --height, --pixel_format and
// --bitdepth".
std::string raw_yuv_options();

} // namespace vmaf::session
