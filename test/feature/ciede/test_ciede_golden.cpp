// ciede against the reference's output on every clip, and against the closed
// form of a grey picture whose luma differs by a constant.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>

#include "support/feature_scoring.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

class CiedeGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(CiedeGolden, MatchesReference)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "main");
    ASSERT_TRUE(g.has_value());
    auto ctx = make_context(2);
    ASSERT_EQ(use_feature(ctx.get(), "ciede"), 0);
    ASSERT_EQ(score_clip(ctx.get(), clip), 0);
    expect_keys_match(ctx.get(), *g, clip, {"ciede2000"}, 1e-5);
}

// On an odd size, chroma repeated onto the luma grid reads past the planes:
// the reference then reads memory after its picture (ADR 0025), so such a
// clip's golden ciede2000 is not one a faithful implementation can repeat.
std::vector<std::string> clips_of_even_size()
{
    std::vector<std::string> out;
    for (const auto &clip : clip_names()) {
        unsigned w = 0, h = 0;
        const auto at = clip.find('_');
        if (std::sscanf(clip.c_str() + at + 1, "%ux%u", &w, &h) == 2 && w % 2 == 0 && h % 2 == 0)
            out.push_back(clip);
    }
    return out;
}

INSTANTIATE_TEST_SUITE_P(AllClips, CiedeGolden, ::testing::ValuesIn(clips_of_even_size()),
                         [](const auto &info) { return info.param; });

// CIE L* of limited-range BT.709 grey luma y (8-bit code values): R = G = B,
// so the luminance is the linearised value itself.
double lightness(double y)
{
    const double c = (y - 16) / 219;
    const double lin = c > 10. / 255. ? std::pow((c + 0.055) / 1.055, 2.4) : c / 12.92;
    const double f = lin > 216. / 24389. ? std::cbrt(lin) : (24389. / 27. * lin + 16) / 116;
    return 116 * f - 16;
}

// Two greys differ in lightness only: dE00 = |dL| / (kL * S_L) with the
// reference's kL = 0.65 and S_L at the mean lightness.
double grey_score(double y1, double y2)
{
    const double l1 = lightness(y1), l2 = lightness(y2), mean = (l1 + l2) / 2;
    const double sl = 1 + 0.015 * std::pow(mean - 50, 2) / std::sqrt(20 + std::pow(mean - 50, 2));
    return 45 - 20 * std::log10(std::fabs(l2 - l1) / (0.65 * sl));
}

TEST(Ciede, GreyLumaOffsetHasClosedForm)
{
    for (auto fmt : {VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P, VMAF_PIX_FMT_YUV444P}) {
        for (unsigned bpc : {8u, 10u, 16u}) {
            const unsigned shift = bpc - 8;
            auto ctx = make_context(0);
            ASSERT_EQ(use_feature(ctx.get(), "ciede"), 0);
            auto ref = [shift](unsigned p, unsigned, unsigned) { return (p ? 128u : 100u) << shift; };
            auto dis = [shift](unsigned p, unsigned, unsigned) { return (p ? 128u : 130u) << shift; };
            ASSERT_EQ(score_pair(ctx.get(), make_picture(fmt, bpc, 34, 18, ref),
                                 make_picture(fmt, bpc, 34, 18, dis)),
                      0);
            // The XYZ matrix maps grey to a* and b* of about 1e-4, not 0.
            EXPECT_NEAR(score_of(ctx.get(), "ciede2000"), grey_score(100, 130), 1e-4)
                << "format " << fmt << " bpc " << bpc;
        }
    }
}

TEST(Ciede, IdenticalPicturesAreInfinite)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "ciede"), 0);
    auto fill = [](unsigned p, unsigned x, unsigned y) { return 16 + (x * 3 + y * 5 + p * 40) % 220; };
    ASSERT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV420P, 8, 31, 9, fill),
                         make_picture(VMAF_PIX_FMT_YUV420P, 8, 31, 9, fill)),
              0);
    EXPECT_EQ(score_of(ctx.get(), "ciede2000"), INFINITY);
}

TEST(Ciede, LumaOnlyInputIsAClearError)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_feature(ctx.get(), "ciede"), 0);
    auto fill = [](unsigned, unsigned x, unsigned) { return x; };
    EXPECT_EQ(score_pair(ctx.get(), make_picture(VMAF_PIX_FMT_YUV400P, 8, 16, 16, fill),
                         make_picture(VMAF_PIX_FMT_YUV400P, 8, 16, 16, fill)),
              -EINVAL);
}

} // namespace
