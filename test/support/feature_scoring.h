// Helpers for feature tests: a context, a feature with options, golden
// comparison, and scoring of synthetic pictures.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <unistd.h>
#include <vector>
#include <gtest/gtest.h>

#include "support/golden.h"
#include "support/golden_check.h"

namespace vmaf::test {

struct ContextDeleter {
    void operator()(VmafContext *c) const { vmaf_close(c); }
};
using Context = std::unique_ptr<VmafContext, ContextDeleter>;

inline Context make_context(unsigned threads, unsigned subsample = 1)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_threads = threads;
    cfg.n_subsample = subsample;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), 0);
    return Context(ctx);
}

inline int use_feature(VmafContext *ctx, const char *name,
                       std::initializer_list<std::pair<const char *, const char *>> opts = {})
{
    VmafFeatureDictionary *d = nullptr;
    for (auto [k, v] : opts) EXPECT_EQ(vmaf_feature_dictionary_set(&d, k, v), 0);
    const int err = vmaf_use_feature(ctx, name, d);
    vmaf_feature_dictionary_free(&d);
    return err;
}

// As use_feature, with the options as the CLI writes them: "a=1:b=2".
inline int use_feature_text(VmafContext *ctx, const char *name, const std::string &options)
{
    VmafFeatureDictionary *d = nullptr;
    size_t at = 0;
    while (at < options.size()) {
        const size_t end = std::min(options.find(':', at), options.size());
        const std::string item = options.substr(at, end - at);
        const size_t eq = item.find('=');
        EXPECT_NE(eq, std::string::npos) << item;
        EXPECT_EQ(vmaf_feature_dictionary_set(&d, item.substr(0, eq).c_str(), item.substr(eq + 1).c_str()), 0);
        at = end + 1;
    }
    const int err = vmaf_use_feature(ctx, name, d);
    vmaf_feature_dictionary_free(&d);
    return err;
}

// Every golden frame's `keys` within `tolerance` (expect_golden_frames), and
// every key present in every golden frame.
inline void expect_keys_match(VmafContext *ctx, const nlohmann::json &g, const std::string &clip,
                              const std::vector<std::string> &keys, double tolerance)
{
    const auto &frames = g.at("frames");
    ASSERT_FALSE(frames.empty());
    const size_t compared = expect_golden_frames(
        ctx, g, clip,
        [&](const std::string &key) {
            return std::find(keys.begin(), keys.end(), key) != keys.end();
        },
        tolerance);
    EXPECT_EQ(compared, frames.size() * keys.size()) << clip << ": golden lacks some of the keys";
}

// A picture whose sample at (plane, x, y) is fill(plane, x, y).
inline VmafPicture make_picture(VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                                const std::function<unsigned(unsigned, unsigned, unsigned)> &fill)
{
    VmafPicture pic{};
    EXPECT_EQ(vmaf_picture_alloc(&pic, fmt, bpc, w, h), 0);
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < pic.h[p]; y++) {
            auto *row = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
            for (unsigned x = 0; x < pic.w[p]; x++) {
                const unsigned v = fill(p, x, y);
                if (bpc > 8)
                    reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(v);
                else
                    row[x] = static_cast<uint8_t>(v);
            }
        }
    }
    return pic;
}

// Scores one frame pair (taking the pictures over); returns the first error.
inline int score_pair(VmafContext *ctx, VmafPicture ref, VmafPicture dis)
{
    const int err = vmaf_read_pictures(ctx, &ref, &dis, 0);
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

inline double score_of(VmafContext *ctx, const char *key, unsigned index = 0)
{
    double v = 0;
    EXPECT_EQ(vmaf_feature_score_at_index(ctx, key, &v, index), 0) << key;
    return v;
}

// What vmaf_write_output() writes in `format`; empty (and a test failure)
// when it fails.
inline std::string written_output(VmafContext *ctx, VmafOutputFormat format)
{
    char path[] = "/tmp/vmaf_written_XXXXXX";
    const int fd = mkstemp(path);
    EXPECT_GE(fd, 0);
    if (fd < 0) return {};
    close(fd);
    std::string text;
    if (vmaf_write_output(ctx, path, format) == 0) {
        std::ifstream in(path);
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } else {
        ADD_FAILURE() << "vmaf_write_output failed";
    }
    std::remove(path);
    return text;
}

// A textured 8-bit-scale pattern, moved `t` samples to the left (frames of
// a moving texture), at `bpc` bits.
inline unsigned moving_texture(unsigned x, unsigned y, unsigned bpc, unsigned t = 0)
{
    x += 3 * t;
    const unsigned v = (x * 7 + y * 13 + ((x * y) % 23) * 5) % 200 + 20;
    return v << (bpc - 8);
}

inline VmafPicture textured_picture(unsigned bpc, unsigned w, unsigned h, unsigned t = 0)
{
    return make_picture(VMAF_PIX_FMT_YUV420P, bpc, w, h,
                        [=](unsigned, unsigned x, unsigned y) { return moving_texture(x, y, bpc, t); });
}

inline VmafPicture flat_picture(unsigned bpc, unsigned w, unsigned h, unsigned value)
{
    return make_picture(VMAF_PIX_FMT_YUV420P, bpc, w, h,
                        [=](unsigned, unsigned, unsigned) { return value; });
}

// Feeds frames made by make(i) for i < n as both reference and distorted
// picture, then flushes; returns the first error.
inline int score_frames(VmafContext *ctx, unsigned n, const std::function<VmafPicture(unsigned)> &make)
{
    int err = 0;
    for (unsigned i = 0; i < n && !err; i++) {
        VmafPicture ref = make(i), dis = make(i);
        err = vmaf_read_pictures(ctx, &ref, &dis, i);
    }
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

// A float extractor's `keys` against the golden file's "float" variant on
// every frame of `clip`: the float extractors give the reference's values to
// the last bit, so what is left is the golden files' rounding to six
// decimals (and never more than the 1e-5 allowed for float features).
inline void expect_float_golden(const std::string &clip, const char *feature,
                                const std::vector<std::string> &keys)
{
    constexpr double kFloatTolerance = 1e-5, kPrintRounding = 5.000001e-7;
    const auto g = golden(clip, "float");
    ASSERT_TRUE(g.has_value()) << clip;
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), feature), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, keys, kFloatTolerance);

    double worst = 0.0;
    size_t compared = 0;
    for (const auto &f : g->at("frames")) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &key : keys) {
            const auto want = golden_value(*g, i, key);
            ASSERT_TRUE(want.has_value()) << clip << " " << key;
            worst = std::max(worst, std::fabs(score_of(ctx.get(), key.c_str(), i) - *want));
            compared++;
        }
    }
    EXPECT_GT(compared, 0u);
    EXPECT_LE(worst, kPrintRounding) << clip;
    std::printf("%s %s: %zu values, largest |difference| to golden %.3g\n", feature, clip.c_str(),
                compared, worst);
}

} // namespace vmaf::test
