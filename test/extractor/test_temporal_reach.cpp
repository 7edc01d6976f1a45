// VmafExtractor::reach against what each extractor does: one pair scored in
// chunks reads each chunk's frames with `before` frames ahead of them and
// `after` behind, and must score them as one run over the whole video. For
// every extractor of the table with a reach (its default options, and the
// option sets listed below), a window of the video that reaches exactly that
// far must give every frame inside it the one run's scores; a window one
// frame shorter on a side with a reach must not, for some option set.
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "extractor/registry.h"
#include "libvmaf/libvmaf_ext.h"
#include "support/feature_scoring.h"

namespace {

using vmaf::test::Context;

// speed_temporal scores every frame 0 at 96 x 96 (too few of its blocks):
// nothing would show a frame scored against the wrong neighbour.
constexpr unsigned kSize = 192, kFrames = 16;
// The frames each window reports: far from both ends of the video.
constexpr unsigned kFirst = 7, kLast = 9;

struct Case {
    std::string extractor;
    std::vector<std::pair<std::string, std::string>> options;
};

// Option sets that move an extractor's reach, beside its defaults.
const std::vector<Case> kOptionSets = {
    {"motion", {{"motion_five_frame_window", "true"}}},
    {"motion", {{"motion_moving_average", "true"}}},
    {"motion", {{"motion_five_frame_window", "true"}, {"motion_moving_average", "true"}}},
    {"speed_temporal", {{"speed_use_ref_diff", "true"}}},
    // The second-order temporal difference: two frames back.
    {"xpsnr", {{"fps", "60"}}},
};

bool has_reach(const VmafExtractor &e) { return e.reach.before || e.reach.after; }

// Every extractor of the table with a reach, with its default options, then
// kOptionSets.
std::vector<Case> cases()
{
    std::vector<Case> out;
    for (const VmafExtractor *e : vmaf::extractor_table())
        if (has_reach(*e)) out.push_back({e->name, {}});
    out.insert(out.end(), kOptionSets.begin(), kOptionSets.end());
    return out;
}

unsigned noise(unsigned a, unsigned b, unsigned c)
{
    uint32_t h = a * 0x9e3779b1u ^ b * 0x85ebca77u ^ c * 0xc2b2ae3du;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 13;
    return h;
}

// Frame f: a noisy texture brightened by g(g + 1)/2, g = f (rising) or
// kFrames - 1 - f, so that the motion between frames grows (or shrinks)
// from frame to frame and no two frames' scores tie: a score taken from a
// frame that is not the one run's shows. The smaller of two neighbouring
// scores (motion2) comes from the earlier frame in one video, from the
// later one in the other.
VmafPicture frame(unsigned f, bool rising, bool distorted)
{
    const unsigned g = rising ? f : kFrames - 1 - f;
    return vmaf::test::make_picture(
        VMAF_PIX_FMT_YUV420P, 8, kSize, kSize, [=](unsigned p, unsigned x, unsigned y) -> unsigned {
            if (p > 0) return 128;
            return 16 + (x * 5 + y * 3) % 64 + noise(1, x, y) % 16 + g * (g + 1) / 2 +
                   noise(f + 50, x, y) % 8 + (distorted ? noise(f + 100, x, y) % 8 : 0);
        });
}

// Every key's scores of frames [first, last) of the video, read as frames
// 0, 1, ... of a context of their own.
std::map<std::string, std::vector<double>> window(const Case &c, bool rising, unsigned first,
                                                  unsigned last)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *raw = nullptr;
    EXPECT_EQ(vmaf_init(&raw, cfg), 0);
    Context ctx(raw);
    VmafFeatureDictionary *dict = nullptr;
    for (const auto &[k, v] : c.options) vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
    EXPECT_EQ(vmaf_use_feature(raw, c.extractor.c_str(), dict), 0);
    vmaf_feature_dictionary_free(&dict);
    for (unsigned f = first; f < last; f++) {
        VmafPicture ref = frame(f, rising, false), dis = frame(f, rising, true);
        EXPECT_EQ(vmaf_read_pictures(raw, &ref, &dis, f - first), 0);
    }
    EXPECT_EQ(vmaf_read_pictures(raw, nullptr, nullptr, 0), 0);
    std::map<std::string, std::vector<double>> out;
    unsigned keys = 0, frames = 0;
    EXPECT_EQ(vmaf_score_table_size(raw, &keys, &frames), 0);
    for (unsigned k = 0; k < keys; k++) {
        char name[256];
        EXPECT_EQ(vmaf_score_key_name(raw, k, name, sizeof name), 0);
        for (unsigned i = 0; i < frames; i++) {
            double v = NAN;
            vmaf_score_key_value(raw, k, i, &v);
            out[name].push_back(v);
        }
    }
    return out;
}

// Whether the window's frames kFirst..kLast score as in the whole video,
// in both videos.
bool window_matches(const Case &c, unsigned first, unsigned last)
{
    for (bool rising : {true, false}) {
        const auto whole = window(c, rising, 0, kFrames), part = window(c, rising, first, last);
        for (const auto &[key, values] : whole)
            for (unsigned f = kFirst; f <= kLast; f++)
                if (part.at(key).at(f - first) != values.at(f)) return false;
    }
    return true;
}

VmafTemporalReach reach_of(const std::string &extractor)
{
    const VmafExtractor *e = vmaf::find_extractor(extractor.c_str());
    EXPECT_NE(e, nullptr) << extractor;
    return e ? e->reach : VmafTemporalReach{};
}

TEST(TemporalReach, OptionSetsAreOfExtractorsWithOne)
{
    for (const Case &c : kOptionSets) {
        const VmafExtractor *e = vmaf::find_extractor(c.extractor.c_str());
        EXPECT_TRUE(e && has_reach(*e)) << c.extractor;
    }
    // An extractor that reads earlier pictures looks back.
    for (const VmafExtractor *e : vmaf::extractor_table()) {
        if (e->flags & VMAF_EXTRACTOR_PREV_REF) {
            EXPECT_GT(e->reach.before, 0u) << e->name;
        }
    }
}

TEST(TemporalReach, IsEnoughForEveryOption)
{
    for (const Case &c : cases()) {
        const VmafTemporalReach r = reach_of(c.extractor);
        EXPECT_TRUE(window_matches(c, kFirst - r.before, kLast + 1 + r.after))
            << c.extractor << " with " << c.options.size() << " options";
    }
}

// The declared reach is no wider than the widest option set needs.
TEST(TemporalReach, IsNeededBySomeOption)
{
    const std::vector<Case> all = cases();
    for (const VmafExtractor *e : vmaf::extractor_table()) {
        if (!has_reach(*e)) continue;
        const VmafTemporalReach r = e->reach;
        bool before_needed = r.before == 0, after_needed = r.after == 0;
        for (const Case &c : all) {
            if (c.extractor != e->name) continue;
            if (r.before) before_needed |= !window_matches(c, kFirst - r.before + 1, kLast + 1 + r.after);
            if (r.after) after_needed |= !window_matches(c, kFirst - r.before, kLast + r.after);
        }
        EXPECT_TRUE(before_needed) << e->name << ": a reach of " << r.before - 1 << " back would do";
        EXPECT_TRUE(after_needed) << e->name << ": a reach of " << r.after - 1 << " ahead would do";
    }
}

TEST(TemporalReach, OfAContextIsItsWidestExtractors)
{
    auto reach = [](std::initializer_list<const char *> features) {
        Context ctx = vmaf::test::make_context(0);
        for (const char *f : features) EXPECT_EQ(vmaf::test::use_feature(ctx.get(), f), 0);
        std::pair<unsigned, unsigned> r{99, 99};
        EXPECT_EQ(vmaf_temporal_reach(ctx.get(), &r.first, &r.second), 0);
        return r;
    };
    EXPECT_EQ(reach({}), std::make_pair(0u, 0u));
    EXPECT_EQ(reach({"psnr", "vif"}), std::make_pair(0u, 0u));
    EXPECT_EQ(reach({"float_motion", "psnr"}), std::make_pair(1u, 1u));
    EXPECT_EQ(reach({"float_motion", "motion"}), std::make_pair(4u, 1u));
}

} // namespace
