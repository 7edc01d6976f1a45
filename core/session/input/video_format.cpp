#include "session/input/video_format.h"

#include <utility>

#include <fmt/format.h>

namespace vmaf::session {

std::string pix_fmt_text(VmafPixelFormat pix_fmt)
{
    switch (pix_fmt) {
    case VMAF_PIX_FMT_YUV420P: return "4:2:0";
    case VMAF_PIX_FMT_YUV422P: return "4:2:2";
    case VMAF_PIX_FMT_YUV444P: return "4:4:4";
    case VMAF_PIX_FMT_YUV400P: return "4:0:0 (mono)";
    default: return "unknown";
    }
}

std::string format_text(const VideoFormat &format)
{
    return fmt::format("{}x{} {} {}-bit", format.w, format.h, pix_fmt_text(format.pix_fmt), format.bpc);
}

std::string frame_rate_text(const FrameRate &rate)
{
    if (rate.den == 1) return fmt::format("{}", rate.num);
    return fmt::format("{:.6g} ({}/{})", static_cast<double>(rate.num) / static_cast<double>(rate.den),
                       rate.num, rate.den);
}

unsigned long long frame_bytes(const VideoFormat &format)
{
    const unsigned long long w = format.w, h = format.h;
    const unsigned long long cw = (w + 1) / 2, ch = (h + 1) / 2;
    unsigned long long samples = w * h;
    switch (format.pix_fmt) {
    case VMAF_PIX_FMT_YUV420P: samples += 2 * cw * ch; break;
    case VMAF_PIX_FMT_YUV422P: samples += 2 * cw * h; break;
    case VMAF_PIX_FMT_YUV444P: samples += 2 * w * h; break;
    default: break;
    }
    return samples * (format.bpc > 8 ? 2 : 1);
}

VmafPixelFormat parse_pix_fmt(const std::string &text)
{
    if (text == "420" || text == "yuv420p") return VMAF_PIX_FMT_YUV420P;
    if (text == "422" || text == "yuv422p") return VMAF_PIX_FMT_YUV422P;
    if (text == "444" || text == "yuv444p") return VMAF_PIX_FMT_YUV444P;
    if (text == "400" || text == "yuv400p" || text == "gray") return VMAF_PIX_FMT_YUV400P;
    return VMAF_PIX_FMT_UNKNOWN;
}

namespace {
constexpr std::pair<HwDecode, const char *> kHwDecodeNames[] = {
    {HwDecode::None, "none"}, {HwDecode::Auto, "auto"}, {HwDecode::Cuda, "cuda"},
    {HwDecode::Vaapi, "vaapi"}};
} // namespace

std::optional<HwDecode> hw_decode_named(const std::string &name)
{
    for (const auto &[hw, text] : kHwDecodeNames)
        if (name == text) return hw;
    return std::nullopt;
}

const char *hw_decode_name(HwDecode hw)
{
    for (const auto &[h, text] : kHwDecodeNames)
        if (h == hw) return text;
    return "none";
}

} // namespace vmaf::session
