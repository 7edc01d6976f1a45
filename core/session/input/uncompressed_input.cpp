#include "session/input/uncompressed_input.h"

#include <algorithm>
#include <bit>
#include <fmt/format.h>

#include "base/picture_memory.h"

namespace vmaf::session {

UncompressedInput::UncompressedInput(std::unique_ptr<ByteSource> source, std::string path)
    : VideoInput(std::move(path)), source_(std::move(source))
{}

bool UncompressedInput::read_planes(VmafPicture &pic)
{
    const size_t bytes = format_.bpc > 8 ? 2 : 1;
    // The file stores ceil-sized chroma; the picture's memory holds it, and
    // its planes (floor-sized, as libvmaf's) leave an odd size's last
    // chroma column and row out.
    unsigned coded_w[3], coded_h[3];
    coded_plane_sizes(pic.pix_fmt, pic.w[0], pic.h[0], coded_w, coded_h);
    for (unsigned p = 0; p < 3; p++) {
        const size_t row = size_t{coded_w[p]} * bytes, rows = coded_h[p];
        if (row == 0 || rows == 0) continue;
        // A plane in one read where its rows are contiguous, else scattered
        // into its rows; a plane no feature reads is passed over.
        const bool wanted = p < planes_;
        const std::optional<size_t> got = wanted ? read_plane(pic, p, row, rows, coded_w[p])
                                                 : source_->skip(row * rows);
        if (!got) return false;
        if (*got != row * rows) {
            fail(fmt::format("frame {} is truncated (file ends inside plane {}, row {})", frames_,
                             p, *got / row));
            return false;
        }
    }
    frames_++;
    return true;
}

std::optional<size_t> UncompressedInput::read_plane(VmafPicture &pic, unsigned p, size_t row, size_t rows, unsigned w)
{
    auto *base = static_cast<uint8_t *>(pic.data[p]);
    if (format_.bpc <= 8) return source_->read_rows(base, pic.stride[p], row, rows);
    // Bands below the source's buffer size pass through that buffer and
    // are checked right after their copy, in the core's cache; a whole
    // plane read straight into the picture was checked from memory (a
    // 1080p 10-bit v1 run: check_samples 8% of its time, 2.5% in bands).
    constexpr size_t kBandBytes = ByteSource::kBufferBytes / 2;
    const size_t band = std::max<size_t>(1, kBandBytes / row);
    size_t got = 0;
    for (size_t y = 0; y < rows; y += band) {
        const size_t n = std::min(band, rows - y);
        const size_t part = source_->read_rows(base + y * static_cast<size_t>(pic.stride[p]), pic.stride[p], row, n);
        got += part;
        if (!check_samples(pic, p, w, y, part / row)) return std::nullopt;
        if (part != row * n) break;
    }
    return got;
}

bool UncompressedInput::check_samples(const VmafPicture &pic, unsigned plane, unsigned w,
                                      size_t first, size_t rows)
{
    const unsigned max_value = (1u << format_.bpc) - 1;
    for (size_t y = first; y < first + rows; y++) {
        auto *s = reinterpret_cast<uint16_t *>(static_cast<uint8_t *>(pic.data[plane]) +
                                               y * static_cast<size_t>(pic.stride[plane]));
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

std::optional<unsigned long long> UncompressedInput::frames_left() const
{
    const auto left = source_->bytes_left();
    const unsigned long long frame = frame_header_bytes_ + frame_bytes(format_);
    if (!left || frame == 0 || *left % frame) return std::nullopt;
    return *left / frame;
}

} // namespace vmaf::session
