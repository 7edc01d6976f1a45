// The pictures a report page shows of a frame (ADR 0064): the reference and
// the distorted frame in RGB, their luma difference, and cambi's c-values
// over the distorted luma; each shrunk by a whole factor to fit a
// 1920x1080 box and encoded as a JPEG data: URI, so that the page stays one
// file, within a budget of bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "libvmaf/picture.h"
#include "session/input/video_format.h"

namespace vmaf::session {

// The largest picture a page holds: a 1080p frame's size.
inline constexpr unsigned kPictureMaxWidth = 1920, kPictureMaxHeight = 1080;
// JPEG qualities tried, best first: at 90 the encode's artefacts stay
// visible, not the picture's; a picture over its share of the page's
// budget is encoded again lower.
inline constexpr int kPictureQualities[] = {90, 80, 70, 60, 50, 40};
// The difference picture's gain: |ref - dis| in 8-bit luma steps, times this.
inline constexpr int kDifferenceGain = 4;

struct RgbImage {
    unsigned w = 0, h = 0;
    std::vector<uint8_t> rgb; // w * h * 3, rows top to bottom
};

// The whole factor a w x h frame is shrunk by to fit the box (1: as is).
unsigned shrink_factor(unsigned w, unsigned h);

// `pic` in RGB: the matrix and range the file states (`tags`), else BT.709
// limited range for pictures 720 rows high or more and BT.601 below, as
// players assume; chroma taken from the co-sited sample; shrunk by
// shrink_factor (box average).
RgbImage rgb_image(const VmafPicture &pic, const ColourTags &tags);

// Grey: |ref - dis| of the luma samples in 8-bit steps times
// kDifferenceGain, at most 255, then shrunk as rgb_image does.
RgbImage difference_image(const VmafPicture &ref, const VmafPicture &dis);

// A luma plane in 8 bits (the high bits of deeper samples).
struct GreyPlane {
    unsigned w = 0, h = 0;
    std::vector<uint8_t> v;
};
GreyPlane grey_plane(const VmafPicture &pic);

// cambi's c-values (`c`, cw x ch, 16-bit as its heatmaps_path writes them)
// as heat over `luma` darkened where their sizes agree, else over black:
// none at 0, through red to yellow at the frame's largest.
RgbImage heat_image(const std::vector<uint16_t> &c, unsigned cw, unsigned ch,
                    const GreyPlane &luma);

// `image` as "data:image/jpeg;base64,...", at the best of
// kPictureQualities that fits `max_bytes` (else the lowest); empty where it
// cannot be encoded.
std::string jpeg_data_uri(const RgbImage &image, size_t max_bytes);

} // namespace vmaf::session
