// speed_chroma and speed_temporal against the reference's output on every
// clip it scored (the speed and speed_opts variants), and its refusals of
// the clips whose planes have no whole block at 1/16 of their size.
#include <cerrno>
#include <fstream>
#include <gtest/gtest.h>

#include "libvmaf/libvmaf_ext.h"
#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

// SpEED is float arithmetic; the bound is 1e-5, and the values here
// are the reference's to its print rounding (5e-7).
constexpr double kTolerance = 5e-7;

struct Variant {
    const char *name;
    const char *chroma_options;
    const char *temporal_options;
};

const Variant kVariants[] = {
    {"speed", "", ""},
    {"speed_opts", "speed_prescale=0.5:speed_prescale_method=bicubic:speed_weight_var_mode=3",
     "speed_kernelscale=2.0:speed_use_ref_diff=true:speed_sigma_nn=0.5"},
};

void PrintTo(const Variant &v, std::ostream *os) { *os << v.name; }

std::vector<std::tuple<std::string, Variant>> cases()
{
    std::vector<std::tuple<std::string, Variant>> out;
    for (const auto &clip : clip_names())
        for (const Variant &v : kVariants)
            if (golden(clip, v.name)) out.emplace_back(clip, v);
    return out;
}

class SpeedGolden : public ::testing::TestWithParam<std::tuple<std::string, Variant>> {};

TEST_P(SpeedGolden, MatchesReference)
{
    const auto &[clip, variant] = GetParam();
    const auto g = golden(clip, variant.name);
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature_text(ctx.get(), "speed_chroma", variant.chroma_options), 0);
    ASSERT_EQ(use_feature_text(ctx.get(), "speed_temporal", variant.temporal_options), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    std::vector<std::string> keys;
    for (const auto &[key, value] : g->at("frames").at(0).at("metrics").items()) keys.push_back(key);
    ASSERT_EQ(keys.size(), 4u);
    expect_keys_match(ctx.get(), *g, clip, keys, kTolerance);
}

INSTANTIATE_TEST_SUITE_P(AllClips, SpeedGolden, ::testing::ValuesIn(cases()),
                         [](const auto &info) {
                             return std::get<0>(info.param) + "_" + std::get<1>(info.param).name;
                         });

// What SOURCE.json says of a variant of a clip.
std::string source_of(const std::string &clip, const std::string &variant)
{
    std::ifstream in(shared_dir() + "/golden/" + clip + "/SOURCE.json");
    const auto doc = nlohmann::json::parse(in, nullptr, false);
    return doc.is_object() && doc.contains(variant) ? doc.at(variant).get<std::string>() : "";
}

std::string &captured()
{
    static std::string text;
    return text;
}

int capture(void *, VmafLogLevel, const char *message)
{
    captured() += message;
    return 1;
}

// Every clip and variant the reference refused for SpEED's size: refused
// here too, with its words.
TEST(SpeedGolden, RefusesWhatTheReferenceRefused)
{
    const std::string refusal = "SpEED: image too small, operating width or height is 0";
    size_t refused = 0;
    for (const auto &clip : clip_names()) {
        for (const Variant &v : kVariants) {
            if (source_of(clip, v.name).find(refusal) == std::string::npos) continue;
            refused++;
            captured().clear();
            vmaf_set_log_callback(capture, nullptr);
            auto ctx = make_context(0);
            const int used = use_feature_text(ctx.get(), "speed_chroma", v.chroma_options) ||
                             use_feature_text(ctx.get(), "speed_temporal", v.temporal_options);
            const int err = used ? used : score_clip(ctx.get(), clip);
            vmaf_set_log_callback(nullptr, nullptr);
            EXPECT_EQ(err, -EINVAL) << clip << " " << v.name;
            EXPECT_NE(captured().find(refusal), std::string::npos) << clip << " " << v.name << ": " << captured();
        }
    }
    // flat_64x64 (both variants) and cup_320x240 (speed_opts' halved chroma).
    EXPECT_EQ(refused, 3u);
}

} // namespace
