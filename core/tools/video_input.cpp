#include "video_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "y4m_input.h"
#include "yuv_input.h"

namespace vmaf::tools {

VideoInput::~VideoInput()
{
    if (file_) std::fclose(file_);
}

ReadStatus VideoInput::fail(std::string message)
{
    error_ = fmt::format("{}: {}", path_, message);
    return ReadStatus::Error;
}

size_t VideoInput::read_bytes(void *dst, size_t n)
{
    const size_t from_pending = std::min(n, pending_.size());
    std::memcpy(dst, pending_.data(), from_pending);
    pending_.erase(0, from_pending);
    return from_pending +
           std::fread(static_cast<char *>(dst) + from_pending, 1, n - from_pending, file_);
}

bool VideoInput::at_end()
{
    if (!pending_.empty()) return false;
    const int c = std::fgetc(file_);
    if (c == EOF) return true;
    std::ungetc(c, file_);
    return false;
}

std::optional<unsigned long long> VideoInput::bytes_left() const
{
    struct stat st {};
    if (::fstat(fileno(file_), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    const off_t pos = ::ftello(file_);
    if (pos < 0) return std::nullopt;
    const auto size = static_cast<unsigned long long>(st.st_size);
    const auto at = static_cast<unsigned long long>(pos);
    return (size > at ? size - at : 0) + pending_.size();
}

bool VideoInput::read_planes(VmafPicture &pic)
{
    const unsigned bytes = format_.bpc > 8 ? 2 : 1;
    const unsigned max_value = (1u << format_.bpc) - 1;
    for (int p = 0; p < 3; p++) {
        const size_t row = size_t{pic.w[p]} * bytes;
        auto *dst = static_cast<uint8_t *>(pic.data[p]);
        for (unsigned y = 0; y < pic.h[p]; y++, dst += pic.stride[p]) {
            const size_t got = read_bytes(dst, row);
            if (got != row) {
                fail(fmt::format("frame {} is truncated (file ends inside plane {}, row {})",
                                 frames_, p, y));
                return false;
            }
            if (bytes == 2) {
                // Little-endian samples, as Y4M and raw YUV store them.
                auto *s = reinterpret_cast<uint16_t *>(dst);
                for (unsigned x = 0; x < pic.w[p]; x++) {
                    const uint16_t v = static_cast<uint16_t>(dst[2 * x] | dst[2 * x + 1] << 8);
                    if (v > max_value) {
                        fail(fmt::format("frame {} has sample value {} in plane {}, more than "
                                         "{} bits allow",
                                         frames_, v, p, format_.bpc));
                        return false;
                    }
                    s[x] = v;
                }
            }
        }
    }
    frames_++;
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
    std::FILE *file = nullptr;
    if (path == "-") {
        // A FILE of our own on standard input, so that closing it is ours.
        const int fd = ::dup(STDIN_FILENO);
        file = fd < 0 ? nullptr : ::fdopen(fd, "rb");
        if (!file) {
            if (fd >= 0) ::close(fd);
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
        file = std::fopen(path.c_str(), "rb");
        if (!file) {
            error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
            return nullptr;
        }
    }
    std::setvbuf(file, nullptr, _IOFBF, 1 << 20);
    // The signature is read once and handed on, never re-read: pipes and
    // FIFOs cannot seek back.
    char magic[9] = {};
    const size_t n = std::fread(magic, 1, sizeof(magic), file);
    if (n == 0 && std::feof(file)) {
        std::fclose(file);
        error = fmt::format("{}: file is empty", path);
        return nullptr;
    }
    std::string sniffed(magic, n);
    if (sniffed == "YUV4MPEG2") return Y4mInput::open(file, path, std::move(sniffed), error);
    return YuvInput::open(file, path, std::move(sniffed), raw, error);
}

} // namespace vmaf::tools
