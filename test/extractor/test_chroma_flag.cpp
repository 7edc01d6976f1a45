// VMAF_EXTRACTOR_CHROMA against what each extractor does: the CLI reads
// only the luma plane when no extractor in use has the flag, so an extractor
// whose scores depend on chroma without it would score pictures whose
// chroma was never read.
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/context.h"
#include "extractor/registry.h"
#include "support/feature_scoring.h"

namespace {

constexpr unsigned kSize = 256, kFrames = 3;

using Options = std::vector<std::pair<std::string, std::string>>;
// Every key's score at every frame (NaN where there is none).
using Scores = std::map<std::string, std::vector<double>>;

unsigned hash(unsigned a, unsigned b, unsigned c, unsigned d)
{
    uint32_t h = a * 0x9e3779b1u ^ b * 0x85ebca77u ^ c * 0xc2b2ae3du ^ d * 0x27d4eb2fu;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return h;
}

// A textured luma moving by a sample a frame, the distorted one noisier;
// chroma noise that depends on `chroma_seed` only.
VmafPicture picture(unsigned frame, bool distorted, unsigned chroma_seed, unsigned size)
{
    return vmaf::test::make_picture(
        VMAF_PIX_FMT_YUV420P, 8, size, size, [=](unsigned p, unsigned x, unsigned y) -> unsigned {
            if (p > 0) return 16 + hash(chroma_seed, p + 4 * distorted, x, y + 1000 * frame) % 224;
            const unsigned base = 64 + ((x + frame) * 3 + y * 2) % 96 + hash(7, 0, x + frame, y) % 32;
            return base + (distorted ? hash(frame, 1, x, y) % 16 : 0);
        });
}

// The scores of one extractor on kFrames frames; nothing when it refuses
// the options or the frames.
std::optional<Scores> scores(const char *name, const Options &options, unsigned chroma_seed)
{
    // SpEED models 5 x 5 blocks of the chroma planes at 1/16 of their size:
    // at kSize a plane is a single block, whose covariance is singular
    // whatever the samples.
    const unsigned size = std::string(name).starts_with("speed_") ? 640 : kSize;
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    VmafContext *raw = nullptr;
    if (vmaf_init(&raw, cfg)) return std::nullopt;
    vmaf::test::Context ctx(raw);
    VmafFeatureDictionary *dict = nullptr;
    for (const auto &[k, v] : options) vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
    int err = vmaf_use_feature(raw, name, dict);
    vmaf_feature_dictionary_free(&dict);
    for (unsigned f = 0; f < kFrames && !err; f++) {
        VmafPicture ref = picture(f, false, chroma_seed, size), dis = picture(f, true, chroma_seed, size);
        err = vmaf_read_pictures(raw, &ref, &dis, f);
    }
    if (!err) err = vmaf_read_pictures(raw, nullptr, nullptr, 0);
    if (err) return std::nullopt;
    Scores out;
    for (const auto &key : raw->collector.keys())
        for (unsigned f = 0; f < kFrames; f++) out[key].push_back(raw->scores().score(key, f).value_or(NAN));
    return out;
}

bool same(const Scores &a, const Scores &b)
{
    if (a.size() != b.size()) return false;
    for (const auto &[key, values] : a) {
        const auto it = b.find(key);
        if (it == b.end()) return false;
        for (size_t i = 0; i < values.size(); i++) {
            const double x = values[i], y = it->second[i];
            if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
        }
    }
    return true;
}

// With its defaults or any one boolean option flipped, does some score of
// the extractor move when only the chroma planes change?
TEST(ChromaFlag, IsSetExactlyOnExtractorsWhoseScoresDependOnChroma)
{
    for (const VmafExtractor *e : vmaf::extractor_table()) {
        std::vector<Options> variants{{}};
        for (const VmafOption *o = e->options; o && o->name; o++)
            if (o->type == VMAF_OPT_TYPE_BOOL)
                variants.push_back({{o->name, o->default_val.b ? "false" : "true"}});
        bool reads_chroma = false;
        for (const Options &options : variants) {
            const std::string label = std::string(e->name) +
                                      (options.empty() ? "" : " " + options[0].first + "=" + options[0].second);
            const auto a = scores(e->name, options, 1), b = scores(e->name, options, 2);
            if (options.empty()) {
                ASSERT_TRUE(a && b) << label << " does not run";
                ASSERT_FALSE(a->empty()) << label << " wrote no score";
            }
            if (a && b && !same(*a, *b)) reads_chroma = true;
        }
        EXPECT_EQ(reads_chroma, (e->flags & VMAF_EXTRACTOR_CHROMA) != 0)
            << e->name << (reads_chroma ? " reads chroma but lacks VMAF_EXTRACTOR_CHROMA"
                                        : " has VMAF_EXTRACTOR_CHROMA but reads no chroma");
    }
}

} // namespace
