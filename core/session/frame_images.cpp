#include "session/frame_images.h"

#include <algorithm>
#include <cmath>

// stb_image_write (public domain or MIT, Debian's libstb-dev): a baseline
// JPEG encoder in one header, built into this file alone (ADR 0064).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#define STBI_WRITE_NO_STDIO
#include <stb_image_write.h>

namespace vmaf::session {

namespace {

unsigned sample(const VmafPicture &pic, int plane, unsigned x, unsigned y)
{
    const auto *row = static_cast<const uint8_t *>(pic.data[plane]) + size_t(y) * pic.stride[plane];
    return pic.bpc > 8 ? reinterpret_cast<const uint16_t *>(row)[x] : row[x];
}

// The chroma sample that covers luma (x, y).
unsigned chroma(const VmafPicture &pic, int plane, unsigned x, unsigned y)
{
    const unsigned cx = std::min(pic.w[plane] - 1, x * pic.w[plane] / pic.w[0]);
    const unsigned cy = std::min(pic.h[plane] - 1, y * pic.h[plane] / pic.h[0]);
    return sample(pic, plane, cx, cy);
}

uint8_t clamp8(double v) { return static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L)); }

// A full-size RGB image shrunk by `factor` (box average).
RgbImage shrunk(const RgbImage &full, unsigned factor)
{
    if (factor == 1) return full;
    RgbImage out;
    out.w = full.w / factor;
    out.h = full.h / factor;
    out.rgb.resize(size_t(out.w) * out.h * 3);
    const unsigned area = factor * factor;
    for (unsigned y = 0; y < out.h; y++)
        for (unsigned x = 0; x < out.w; x++)
            for (unsigned c = 0; c < 3; c++) {
                unsigned sum = 0;
                for (unsigned dy = 0; dy < factor; dy++)
                    for (unsigned dx = 0; dx < factor; dx++)
                        sum += full.rgb[((size_t(y) * factor + dy) * full.w + x * factor + dx) * 3 + c];
                out.rgb[(size_t(y) * out.w + x) * 3 + c] = static_cast<uint8_t>((sum + area / 2) / area);
            }
    return out;
}

RgbImage blank(unsigned w, unsigned h)
{
    RgbImage image;
    image.w = w;
    image.h = h;
    image.rgb.assign(size_t(w) * h * 3, 0);
    return image;
}

struct Matrix {
    double kr, kb;
};

Matrix matrix_of(const ColourTags &tags, unsigned height)
{
    if (tags.matrix == "bt709") return {0.2126, 0.0722};
    if (tags.matrix == "bt601") return {0.299, 0.114};
    if (tags.matrix == "bt2020") return {0.2627, 0.0593};
    return height >= 720 ? Matrix{0.2126, 0.0722} : Matrix{0.299, 0.114};
}

} // namespace

unsigned shrink_factor(unsigned w, unsigned h)
{
    const unsigned fw = (w + kPictureMaxWidth - 1) / kPictureMaxWidth;
    const unsigned fh = (h + kPictureMaxHeight - 1) / kPictureMaxHeight;
    return std::max({1u, fw, fh});
}

RgbImage rgb_image(const VmafPicture &pic, const ColourTags &tags)
{
    const Matrix m = matrix_of(tags, pic.h[0]);
    const double kg = 1.0 - m.kr - m.kb;
    const double scale = double(1u << (pic.bpc - 8));
    const bool full = tags.range == "full";
    const double y_off = full ? 0.0 : 16.0 * scale, y_span = (full ? 255.0 : 219.0) * scale;
    const double c_span = (full ? 255.0 : 224.0) * scale, c_mid = 128.0 * scale;
    const bool grey = pic.pix_fmt == VMAF_PIX_FMT_YUV400P;
    RgbImage image = blank(pic.w[0], pic.h[0]);
    for (unsigned y = 0; y < pic.h[0]; y++)
        for (unsigned x = 0; x < pic.w[0]; x++) {
            const double luma = (sample(pic, 0, x, y) - y_off) / y_span;
            const double cb = grey ? 0.0 : (chroma(pic, 1, x, y) - c_mid) / c_span;
            const double cr = grey ? 0.0 : (chroma(pic, 2, x, y) - c_mid) / c_span;
            uint8_t *px = &image.rgb[(size_t(y) * image.w + x) * 3];
            px[0] = clamp8(255.0 * (luma + 2.0 * (1.0 - m.kr) * cr));
            px[1] = clamp8(255.0 * (luma - (2.0 * m.kb * (1.0 - m.kb) * cb +
                                            2.0 * m.kr * (1.0 - m.kr) * cr) / kg));
            px[2] = clamp8(255.0 * (luma + 2.0 * (1.0 - m.kb) * cb));
        }
    return shrunk(image, shrink_factor(image.w, image.h));
}

RgbImage difference_image(const VmafPicture &ref, const VmafPicture &dis)
{
    const unsigned w = std::min(ref.w[0], dis.w[0]), h = std::min(ref.h[0], dis.h[0]);
    const unsigned down = ref.bpc - 8;
    RgbImage image = blank(w, h);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            const int a = int(sample(ref, 0, x, y)), b = int(sample(dis, 0, x, y));
            const unsigned steps = unsigned(std::abs(a - b)) >> down;
            const uint8_t v = static_cast<uint8_t>(std::min(255u, steps * kDifferenceGain));
            uint8_t *px = &image.rgb[(size_t(y) * w + x) * 3];
            px[0] = px[1] = px[2] = v;
        }
    return shrunk(image, shrink_factor(w, h));
}

GreyPlane grey_plane(const VmafPicture &pic)
{
    GreyPlane out{pic.w[0], pic.h[0], {}};
    out.v.resize(size_t(out.w) * out.h);
    for (unsigned y = 0; y < out.h; y++)
        for (unsigned x = 0; x < out.w; x++)
            out.v[size_t(y) * out.w + x] = static_cast<uint8_t>(sample(pic, 0, x, y) >> (pic.bpc - 8));
    return out;
}

RgbImage heat_image(const std::vector<uint16_t> &c, unsigned cw, unsigned ch,
                    const GreyPlane &luma)
{
    const bool over_luma = cw == luma.w && ch == luma.h;
    const unsigned largest = std::max<unsigned>(1, c.empty() ? 1 : *std::max_element(c.begin(), c.end()));
    RgbImage image = blank(cw, ch);
    for (unsigned y = 0; y < ch; y++)
        for (unsigned x = 0; x < cw; x++) {
            const size_t at = size_t(y) * cw + x;
            const double t = double(c[at]) / largest;
            const double grey = over_luma ? luma.v[at] * 0.6 : 0.0;
            // Red from 0 to half the largest, then to yellow.
            const double a = std::min(1.0, t * 2.0), g = t > 0.5 ? 255.0 * (t - 0.5) * 2.0 : 0.0;
            uint8_t *px = &image.rgb[at * 3];
            px[0] = clamp8(grey * (1.0 - a) + 255.0 * a);
            px[1] = clamp8(grey * (1.0 - a) + g * a);
            px[2] = clamp8(grey * (1.0 - a));
        }
    return shrunk(image, shrink_factor(cw, ch));
}

std::string jpeg_data_uri(const RgbImage &image, size_t max_bytes)
{
    if (image.w == 0 || image.h == 0) return {};
    static const std::string kPrefix = "data:image/jpeg;base64,";
    std::string jpeg;
    const auto append = [](void *context, void *data, int size) {
        static_cast<std::string *>(context)->append(static_cast<const char *>(data), size_t(size));
    };
    for (int quality : kPictureQualities) {
        jpeg.clear();
        if (!stbi_write_jpg_to_func(append, &jpeg, int(image.w), int(image.h), 3, image.rgb.data(),
                                    quality))
            return {};
        if (kPrefix.size() + (jpeg.size() + 2) / 3 * 4 <= max_bytes) break;
    }
    static constexpr char kDigits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out = kPrefix;
    out.reserve(out.size() + (jpeg.size() + 2) / 3 * 4);
    for (size_t i = 0; i < jpeg.size(); i += 3) {
        const size_t n = std::min<size_t>(3, jpeg.size() - i);
        uint32_t v = uint32_t(uint8_t(jpeg[i])) << 16;
        if (n > 1) v |= uint32_t(uint8_t(jpeg[i + 1])) << 8;
        if (n > 2) v |= uint8_t(jpeg[i + 2]);
        out += kDigits[(v >> 18) & 63];
        out += kDigits[(v >> 12) & 63];
        out += n > 1 ? kDigits[(v >> 6) & 63] : '=';
        out += n > 2 ? kDigits[v & 63] : '=';
    }
    return out;
}

} // namespace vmaf::session
