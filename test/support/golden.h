// The reference's outputs in ../shared/golden, and picture loading for
// golden tests.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "libvmaf/libvmaf.h"

namespace vmaf::test {

// NAME/VARIANT.json, or nullopt when the reference made no such file.
std::optional<nlohmann::json> golden(const std::string &clip, const std::string &variant);

// Golden value of `key` at frame `frame`; nullopt when absent, NaN for null.
std::optional<double> golden_value(const nlohmann::json &g, unsigned frame, const std::string &key);

// Every frame of a clip pair through a context: reads the Y4M pair, feeds
// each frame, flushes. Returns the first error.
int score_clip(VmafContext *ctx, const std::string &clip, unsigned max_frames = 0);

// One decoded Y4M video in memory.
struct Video {
    unsigned w = 0, h = 0, bpc = 0;
    VmafPixelFormat pix_fmt = VMAF_PIX_FMT_UNKNOWN;
    std::vector<VmafPicture> frames; // owned; call release()
    void release();
};
Video load_y4m(const std::string &path);

} // namespace vmaf::test
