#include "video_input.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "y4m_input.h"
#include "yuv_input.h"

#ifdef VMAF_HAVE_LIBAV
#include "container_input.h"
#include "scaled_input.h"
#endif

namespace vmaf::tools {

VideoInput::VideoInput(std::string path) : path_(std::move(path)) {}

VideoInput::~VideoInput() = default;

ReadStatus VideoInput::fail(std::string message)
{
    error_ = fmt::format("{}: {}", path_, message);
    return ReadStatus::Error;
}

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

#ifndef VMAF_HAVE_LIBAV
namespace {
constexpr const char *kNoScaling =
    "--scale: scaling was not built in (this vmaf was built without libswscale)";
}
#endif

bool check_scale_flags(const std::string &flags, std::string &error)
{
#ifdef VMAF_HAVE_LIBAV
    int parsed = 0;
    return parse_scale_flags(flags, parsed, error);
#else
    (void)flags;
    error = kNoScaling;
    return false;
#endif
}

std::unique_ptr<VideoInput> scale_video(std::unique_ptr<VideoInput> in, unsigned w, unsigned h,
                                        const std::string &flags, std::string &error)
{
#ifdef VMAF_HAVE_LIBAV
    return ScaledInput::wrap(std::move(in), w, h, flags, error);
#else
    (void)in, (void)w, (void)h, (void)flags;
    error = kNoScaling;
    return nullptr;
#endif
}

VmafPixelFormat parse_pix_fmt(const std::string &text)
{
    if (text == "420" || text == "yuv420p") return VMAF_PIX_FMT_YUV420P;
    if (text == "422" || text == "yuv422p") return VMAF_PIX_FMT_YUV422P;
    if (text == "444" || text == "yuv444p") return VMAF_PIX_FMT_YUV444P;
    if (text == "400" || text == "yuv400p" || text == "gray") return VMAF_PIX_FMT_YUV400P;
    return VMAF_PIX_FMT_UNKNOWN;
}

std::unique_ptr<VideoInput> VideoInput::open(const std::string &path, const RawFormat &raw,
                                             std::string &error)
{
    int fd = -1;
    if (path == "-") {
        // A descriptor of our own on standard input, so that closing it is ours.
        fd = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
        if (fd < 0) {
            error = fmt::format("-: cannot read standard input: {}", std::strerror(errno));
            return nullptr;
        }
    } else {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
            return nullptr;
        }
        if (S_ISDIR(st.st_mode)) {
            error = fmt::format("{}: is a folder, not a video file", path);
            return nullptr;
        }
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
            return nullptr;
        }
    }
    auto source = std::make_unique<ByteSource>(fd);
    // The signature is looked at, not taken: pipes and FIFOs cannot seek
    // back, and its bytes are the header's or the first frame's.
    const std::string_view magic = source->peek(9);
    if (magic.empty()) {
        error = fmt::format("{}: file is empty", path);
        return nullptr;
    }
    if (magic == "YUV4MPEG2") return Y4mInput::open(std::move(source), path, error);
#ifdef VMAF_HAVE_LIBAV
    // Raw YUV has no signature: without its geometry on the command line a
    // file is a container, and with it, one only where its content says so
    // plainly (not by its name, and never a .yuv file).
    if (!raw.given() || ContainerInput::recognised(*source, path))
        return ContainerInput::open(std::move(source), path, error);
#else
    if (!raw.given()) {
        error = fmt::format("{}: not a Y4M file (no YUV4MPEG2 signature); to read it as raw YUV "
                            "give --width, --height, --pixel_format and --bitdepth. Container "
                            "input (MP4, MKV, ...) was not built in: this vmaf was built "
                            "without libavformat",
                            path);
        return nullptr;
    }
#endif
    return YuvInput::open(std::move(source), path, raw, error);
}

} // namespace vmaf::tools
