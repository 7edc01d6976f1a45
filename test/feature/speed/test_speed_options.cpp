// SpEED's options against libvmaf 3.2.0 (every option of both extractors,
// 8 and 10 bits, 4:2:0 and 4:4:4; values and provenance in
// speed_reference_values.h), and the refusals where the reference crashes
// or refuses.
#include <cerrno>
#include <gtest/gtest.h>
#include <string>

#include "extractor/registry.h"
#include "speed_reference_values.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

// The reference's values are printed with six decimals.
constexpr double kPrintRounding = 5e-7;

class SpeedReference : public ::testing::TestWithParam<SpeedReferenceCase> {};

TEST_P(SpeedReference, MatchesReference)
{
    const SpeedReferenceCase &c = GetParam();
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature_text(ctx.get(), c.extractor, c.options), 0);
    ASSERT_EQ(score_clip(ctx.get(), c.clip, 3), 0);
    for (const auto &[key, values] : c.expected)
        for (unsigned i = 0; i < values.size(); i++)
            EXPECT_NEAR(score_of(ctx.get(), key.c_str(), i), values[i], kPrintRounding)
                << c.clip << " " << c.extractor << "=" << c.options << " " << key << " frame " << i;
}

INSTANTIATE_TEST_SUITE_P(EveryOption, SpeedReference, ::testing::ValuesIn(kSpeedReferenceCases),
                         [](const auto &info) { return "case" + std::to_string(info.index); });

// Whether "a=1:b=2" sets `key`.
bool sets(const std::string &options, const std::string &key)
{
    std::string text(":");
    text.append(options).append(":");
    std::string wanted(":");
    wanted.append(key).append("=");
    return text.find(wanted) != std::string::npos;
}

// Every option of both extractors is in some case.
TEST(SpeedReference, CoversEveryOption)
{
    for (const char *extractor : {"speed_chroma", "speed_temporal"}) {
        const VmafExtractor *e = vmaf::find_extractor(extractor);
        ASSERT_NE(e, nullptr);
        for (const VmafOption *o = e->options; o->name; o++) {
            bool covered = false;
            for (const auto &c : kSpeedReferenceCases)
                covered |= c.extractor == std::string(extractor) &&
                           (sets(c.options, o->name) || sets(c.options, o->alias));
            EXPECT_TRUE(covered) << extractor << " " << o->name;
        }
    }
}

// Where the reference crashes (a kernel scale outside its list, an unknown
// method) or its option parser refuses (out of range), a clear refusal.
TEST(SpeedOptions, RefusesWhatTheReferenceCannotScore)
{
    const std::pair<const char *, const char *> bad[] = {
        {"speed_chroma", "speed_kernelscale=0.7"},      {"speed_temporal", "speed_kernelscale=0.7"},
        {"speed_chroma", "speed_prescale_method=foo"},  {"speed_temporal", "speed_prescale_method=area"},
        {"speed_chroma", "speed_weight_var_mode=7"},    {"speed_chroma", "speed_sigma_nn=0.05"},
        {"speed_temporal", "speed_prescale=4.5"},       {"speed_chroma", "speed_max_val=-1"},
        {"speed_temporal", "speed_weight_var_mode=1"},
    };
    for (const auto &[extractor, options] : bad) {
        auto ctx = make_context(0);
        const int err = use_feature_text(ctx.get(), extractor, options);
        EXPECT_EQ(err ? err : score_clip(ctx.get(), "box_352x288_444p8", 1), -EINVAL) << extractor << "=" << options;
    }
}

// A grey picture has no chroma at all: speed_chroma refuses it at the start.
TEST(SpeedOptions, RefusesPicturesWithoutChroma)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature_text(ctx.get(), "speed_chroma", ""), 0);
    auto grey = [](unsigned, unsigned x, unsigned y) { return (x * 7 + y * 3) % 256; };
    const int err = score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV400P, 8, 320, 320, grey),
                               make_picture(VMAF_PIX_FMT_YUV400P, 8, 320, 320, grey));
    EXPECT_EQ(err, -EINVAL);
}

} // namespace
