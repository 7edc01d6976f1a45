// What a video's frames are (size, pixel format, depth, rate) and how
// messages name them. Front ends see these through session.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "libvmaf/picture.h"

namespace vmaf::session {

struct VideoFormat {
    unsigned w = 0, h = 0, bpc = 0;
    VmafPixelFormat pix_fmt = VMAF_PIX_FMT_UNKNOWN;
};

// What -w -h -p -b said; used only for raw YUV.
struct RawFormat {
    std::optional<long long> w, h, bpc;
    std::optional<std::string> pix_fmt;

    bool given() const { return w || h || bpc || pix_fmt; }
    bool operator==(const RawFormat &) const = default;
};

// How encoded inputs are decoded (--hwdec): on the CPU, or through
// libavcodec's hardware acceleration; Auto takes the hardware where it
// decodes the stream, else the CPU.
enum class HwDecode { None, Auto, Cuda, Vaapi };

// "none", "auto", "cuda", "vaapi"; nothing for another word.
std::optional<HwDecode> hw_decode_named(const std::string &name);
const char *hw_decode_name(HwDecode hw);

// How an input's frames are decoded: `gpu` is the CUDA device that decodes
// with Cuda (and Auto); `decoders` decode its GOPs at once on the CPU (0: as
// many as the cores allow, gop_chunks.h), holding up to `budget` bytes of
// decoded frames ahead of the reader (0: what the machine's memory allows
// beside the decoders' own frames, GopDecoding::default_budget()).
struct Decoding {
    HwDecode hw = HwDecode::None;
    unsigned gpu = 0;
    unsigned decoders = 0;
    size_t budget = 0;
};

// Frames per second as the file states it: num / den.
struct FrameRate {
    long long num = 0, den = 1;
};

// What a file says of its samples' colour, in the words of ssimulacra2's
// options: matrix "bt709", "bt601" or "bt2020", range "limited" or "full";
// nothing where the file does not say (Y4M states a range at most).
struct ColourTags {
    std::optional<std::string> matrix, range;
    bool operator==(const ColourTags &) const = default;
};

// The largest width or height any input may have.
inline constexpr long long kMaxDimension = 1 << 16;

std::string pix_fmt_text(VmafPixelFormat pix_fmt);

// "16x16 4:2:0 8-bit", as messages name a frame's geometry.
std::string format_text(const VideoFormat &format);

// "24", "23.976": a rate as messages name it.
std::string frame_rate_text(const FrameRate &rate);

// The bytes of one frame's samples (chroma planes rounded up), as Y4M and
// raw YUV store them.
unsigned long long frame_bytes(const VideoFormat &format);

// "420" / "yuv420p" and friends; UNKNOWN for anything else.
VmafPixelFormat parse_pix_fmt(const std::string &text);

// Whether --scale's flags are libswscale's words naming one algorithm;
// false with `error` set, also where scaling was not built in (defined
// beside scale_video, in video_input.cpp, which holds the one build switch).
bool check_scale_flags(const std::string &flags, std::string &error);

} // namespace vmaf::session
