#include "session/input/y4m_input.h"

#include <cstdlib>
#include <fmt/format.h>
#include <sstream>
#include <string_view>

namespace vmaf::session {

namespace {

constexpr size_t kMaxHeader = 4096;
constexpr std::string_view kFrameMarker = "FRAME\n"; // the shortest FRAME line

struct ChromaTag {
    const char *tag;
    VmafPixelFormat pix_fmt;
    unsigned bpc;
};

// 4:2:0 siting variants differ only in where chroma samples sit, which
// full-reference metrics on planar data do not depend on.
constexpr ChromaTag kChromaTags[] = {
    {"420jpeg", VMAF_PIX_FMT_YUV420P, 8}, {"420paldv", VMAF_PIX_FMT_YUV420P, 8},
    {"420mpeg2", VMAF_PIX_FMT_YUV420P, 8}, {"420", VMAF_PIX_FMT_YUV420P, 8},
    {"422", VMAF_PIX_FMT_YUV422P, 8},     {"444", VMAF_PIX_FMT_YUV444P, 8},
    {"mono", VMAF_PIX_FMT_YUV400P, 8},
};

bool parse_chroma(const std::string &value, VideoFormat &format)
{
    for (const auto &t : kChromaTags) {
        if (value == t.tag) {
            format.pix_fmt = t.pix_fmt;
            format.bpc = t.bpc;
            return true;
        }
    }
    // Deeper formats: 420p10, 422p12, 444p16, mono10, mono16 ...
    const struct {
        const char *prefix;
        VmafPixelFormat pix_fmt;
    } deep[] = {{"420p", VMAF_PIX_FMT_YUV420P},
                {"422p", VMAF_PIX_FMT_YUV422P},
                {"444p", VMAF_PIX_FMT_YUV444P},
                {"mono", VMAF_PIX_FMT_YUV400P}};
    for (const auto &d : deep) {
        const std::string prefix = d.prefix;
        if (value.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string bits = value.substr(prefix.size());
        if (bits.empty() || bits.size() > 2 || bits.find_first_not_of("0123456789") != std::string::npos)
            return false;
        const int bpc = std::atoi(bits.c_str());
        if (bpc < 9 || bpc > 16) return false;
        format.pix_fmt = d.pix_fmt;
        format.bpc = static_cast<unsigned>(bpc);
        return true;
    }
    return false;
}

bool parse_dimension(const std::string &text, long long &out)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        return false;
    out = std::atoll(text.c_str());
    return true;
}

// "30000:1001"; nothing where it is not a positive ratio (the rate is
// only compared with the other input's, never needed).
std::optional<FrameRate> parse_rate(const std::string &text)
{
    const size_t colon = text.find(':');
    if (colon == std::string::npos) return std::nullopt;
    long long num = 0, den = 0;
    if (!parse_dimension(text.substr(0, colon), num) || !parse_dimension(text.substr(colon + 1), den) ||
        num == 0 || den == 0)
        return std::nullopt;
    return FrameRate{num, den};
}

} // namespace

bool parse_y4m_header(const std::string &line, VideoFormat &format, std::string &error,
                      std::optional<FrameRate> *rate, ColourTags *colour)
{
    std::istringstream tokens(line);
    std::string magic;
    tokens >> magic;
    if (magic != "YUV4MPEG2") {
        error = "not a Y4M header (no YUV4MPEG2 signature)";
        return false;
    }
    long long w = -1, h = -1;
    format.pix_fmt = VMAF_PIX_FMT_YUV420P; // the format's default when C is absent
    format.bpc = 8;
    std::string token;
    while (tokens >> token) {
        const char key = token[0];
        const std::string value = token.substr(1);
        switch (key) {
        case 'W':
            if (!parse_dimension(value, w)) {
                error = fmt::format("bad width '{}' in Y4M header", value);
                return false;
            }
            break;
        case 'H':
            if (!parse_dimension(value, h)) {
                error = fmt::format("bad height '{}' in Y4M header", value);
                return false;
            }
            break;
        case 'C':
            if (!parse_chroma(value, format)) {
                error = fmt::format("unsupported Y4M colour space 'C{}' (supported: 420jpeg, "
                                    "420paldv, 420mpeg2, 420, 422, 444, mono, and their "
                                    "p9..p16 deep variants)",
                                    value);
                return false;
            }
            break;
        case 'I':
            // Interlaced frames are scored as whole pictures, as the reference does.
            if (value != "p" && value != "?" && value != "t" && value != "b" && value != "m") {
                error = fmt::format("bad interlace field 'I{}' in Y4M header", value);
                return false;
            }
            break;
        case 'F':
            if (rate) *rate = parse_rate(value);
            break;
        case 'X':
            // Other X fields are the writer's own.
            if (colour && (value == "COLORRANGE=FULL" || value == "COLORRANGE=LIMITED"))
                colour->range = value == "COLORRANGE=FULL" ? "full" : "limited";
            break;
        case 'A':
            break;
        default:
            error = fmt::format("unknown Y4M header field '{}'", token);
            return false;
        }
    }
    if (w < 0 || h < 0) {
        error = "Y4M header lacks W (width) or H (height)";
        return false;
    }
    if (w == 0 || h == 0 || w > kMaxDimension || h > kMaxDimension) {
        error = fmt::format("Y4M size {}x{} is out of range (1 to {})", w, h, kMaxDimension);
        return false;
    }
    format.w = static_cast<unsigned>(w);
    format.h = static_cast<unsigned>(h);
    return true;
}

std::unique_ptr<VideoInput> Y4mInput::open(std::unique_ptr<ByteSource> source,
                                           const std::string &path, std::string &error)
{
    std::string line;
    int c;
    while ((c = source->get()) >= 0 && c != '\n') {
        if (line.size() >= kMaxHeader) break;
        line.push_back(static_cast<char>(c));
    }
    if (c != '\n') {
        error = fmt::format("{}: Y4M header is not terminated by a newline", path);
        return nullptr;
    }
    std::unique_ptr<Y4mInput> input(new Y4mInput(std::move(source), path));
    input->frame_header_bytes_ = static_cast<unsigned>(kFrameMarker.size());
    if (!parse_y4m_header(line, input->format_, error, &input->frame_rate_, &input->colour_)) {
        error = fmt::format("{}: {}", path, error);
        return nullptr;
    }
    // The caller allocates a picture of the header's size to read the first
    // frame into: a 40-byte file claiming 65536x65536 would cost 6 GiB.
    if (const auto left = input->source_->bytes_left()) {
        const unsigned long long need = kFrameMarker.size() + frame_bytes(input->format_);
        if (*left < need) {
            error = fmt::format("{}: {} bytes follow the Y4M header, fewer than one {} frame needs "
                                "({} bytes with its FRAME line)",
                                path, *left, format_text(input->format_), need);
            return nullptr;
        }
    }
    return input;
}

ReadStatus Y4mInput::read_frame(VmafPicture &pic)
{
    char marker[5];
    const size_t n = source_->read(marker, sizeof(marker));
    if (n == 0) return ReadStatus::End;
    if (n != sizeof(marker) || std::string(marker, sizeof(marker)) != "FRAME")
        return fail(fmt::format("frame {}: expected a FRAME marker", frames_));
    // Frame parameters, if any, run to the end of the line.
    int c;
    size_t skipped = 0;
    while ((c = source_->get()) >= 0 && c != '\n') {
        if (++skipped > kMaxHeader) return fail(fmt::format("frame {}: FRAME line too long", frames_));
    }
    if (c < 0) return fail(fmt::format("frame {} is truncated (no data after FRAME)", frames_));
    return read_planes(pic) ? ReadStatus::Frame : ReadStatus::Error;
}

} // namespace vmaf::session
