#include "video_input.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "y4m_input.h"
#include "yuv_input.h"

namespace vmaf::tools {

VideoInput::~VideoInput() = default;

ReadStatus VideoInput::fail(std::string message)
{
    error_ = fmt::format("{}: {}", path_, message);
    return ReadStatus::Error;
}

bool VideoInput::read_planes(VmafPicture &pic)
{
    const size_t bytes = format_.bpc > 8 ? 2 : 1;
    for (unsigned p = 0; p < 3; p++) {
        const size_t row = size_t{pic.w[p]} * bytes, rows = pic.h[p];
        if (row == 0 || rows == 0) continue;
        // A plane in one read where its rows are contiguous, else scattered
        // into its rows; a plane no feature reads is passed over.
        const bool wanted = p < planes_;
        const size_t got = wanted ? source_->read_rows(static_cast<uint8_t *>(pic.data[p]),
                                                       pic.stride[p], row, rows)
                                  : source_->skip(row * rows);
        if (wanted && bytes == 2 && !check_samples(pic, p, got / row)) return false;
        if (got != row * rows) {
            fail(fmt::format("frame {} is truncated (file ends inside plane {}, row {})", frames_,
                             p, got / row));
            return false;
        }
    }
    frames_++;
    return true;
}

bool VideoInput::check_samples(const VmafPicture &pic, unsigned plane, size_t rows)
{
    const unsigned max_value = (1u << format_.bpc) - 1;
    for (size_t y = 0; y < rows; y++) {
        auto *s = reinterpret_cast<uint16_t *>(static_cast<uint8_t *>(pic.data[plane]) +
                                               y * static_cast<size_t>(pic.stride[plane]));
        const unsigned w = pic.w[plane];
        // Y4M and raw YUV store samples little-endian.
        if constexpr (std::endian::native == std::endian::big)
            for (unsigned x = 0; x < w; x++) s[x] = static_cast<uint16_t>(s[x] >> 8 | s[x] << 8);
        if (format_.bpc == 16) continue;
        uint16_t largest = 0;
        for (unsigned x = 0; x < w; x++) largest = std::max(largest, s[x]);
        if (largest <= max_value) continue;
        const uint16_t v = *std::find_if(s, s + w, [&](uint16_t v) { return v > max_value; });
        fail(fmt::format("frame {} has sample value {} in plane {}, more than {} bits allow",
                         frames_, v, plane, format_.bpc));
        return false;
    }
    return true;
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

std::optional<unsigned long long> VideoInput::frames_left() const
{
    const auto left = source_->bytes_left();
    const unsigned long long frame = frame_header_bytes_ + frame_bytes(format_);
    if (!left || frame == 0 || *left % frame) return std::nullopt;
    return *left / frame;
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
    return YuvInput::open(std::move(source), path, raw, error);
}

} // namespace vmaf::tools
