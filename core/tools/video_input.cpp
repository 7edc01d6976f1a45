#include "video_input.h"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <sys/stat.h>

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

bool VideoInput::read_planes(VmafPicture &pic)
{
    const unsigned bytes = format_.bpc > 8 ? 2 : 1;
    const unsigned max_value = (1u << format_.bpc) - 1;
    for (int p = 0; p < 3; p++) {
        const size_t row = size_t{pic.w[p]} * bytes;
        auto *dst = static_cast<uint8_t *>(pic.data[p]);
        for (unsigned y = 0; y < pic.h[p]; y++, dst += pic.stride[p]) {
            const size_t got = std::fread(dst, 1, row, file_);
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
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
        return nullptr;
    }
    if (S_ISDIR(st.st_mode)) {
        error = fmt::format("{}: is a folder, not a video file", path);
        return nullptr;
    }
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file) {
        error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
        return nullptr;
    }
    std::setvbuf(file, nullptr, _IOFBF, 1 << 20);
    char magic[9] = {};
    const size_t n = std::fread(magic, 1, sizeof(magic), file);
    std::rewind(file);
    if (n == 0 && std::feof(file)) {
        std::fclose(file);
        error = fmt::format("{}: file is empty", path);
        return nullptr;
    }
    if (n == sizeof(magic) && std::memcmp(magic, "YUV4MPEG2", sizeof(magic)) == 0)
        return Y4mInput::open(file, path, error);
    return YuvInput::open(file, path, raw, error);
}

} // namespace vmaf::tools
