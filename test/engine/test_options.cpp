// Option parsing, feature keys, and the CLI's feature strings.
#include <gtest/gtest.h>

#include "extractor/feature_name.h"
#include "engine/extractor_instance.h"
#include "base/option.h"
#include "session/request.h"

namespace {

const VmafOption kOpts[] = {
    {"flag", nullptr, "", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"count", "n", "", VMAF_OPT_TYPE_INT, {false, 3, 0, nullptr}, 1, 10, VMAF_OPT_FLAG_FEATURE_PARAM},
    {"gain", "egl", "", VMAF_OPT_TYPE_DOUBLE, {false, 0, 100.0, nullptr}, 1.0, 100.0,
     VMAF_OPT_FLAG_FEATURE_PARAM},
    {"label", nullptr, "", VMAF_OPT_TYPE_STRING, {false, 0, 0, "x"}, 0, 0, 0},
    {"offset", nullptr, "", VMAF_OPT_TYPE_INT, {false, 0, 0, nullptr}, -10, 10,
     VMAF_OPT_FLAG_FEATURE_PARAM},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};

struct Parsed {
    bool ok;
    std::vector<VmafOptionValue> values;
    std::vector<std::string> storage;
    std::string error;
};

Parsed parse(vmaf::OptionStrings settings)
{
    Parsed p;
    vmaf::OptionError e;
    p.ok = vmaf::parse_options("test", kOpts, settings, p.values, p.storage, e);
    p.error = e.message;
    return p;
}

TEST(Options, DefaultsWhenNothingIsSet)
{
    const auto p = parse({});
    ASSERT_TRUE(p.ok);
    EXPECT_FALSE(p.values[0].b);
    EXPECT_EQ(p.values[1].i, 3);
    EXPECT_EQ(p.values[2].d, 100.0);
    EXPECT_STREQ(p.values[3].s, "x");
}

TEST(Options, ParsesEveryTypeAndAcceptsAliases)
{
    const auto p = parse({{"flag", "true"}, {"n", "7"}, {"egl", "1.5"}, {"label", "abc"}});
    ASSERT_TRUE(p.ok) << p.error;
    EXPECT_TRUE(p.values[0].b);
    EXPECT_EQ(p.values[1].i, 7);
    EXPECT_EQ(p.values[2].d, 1.5);
    EXPECT_STREQ(p.values[3].s, "abc");
}

TEST(Options, ErrorsNameTheProblem)
{
    auto p = parse({{"nope", "1"}});
    EXPECT_FALSE(p.ok);
    EXPECT_NE(p.error.find("unknown option 'nope'"), std::string::npos) << p.error;
    p = parse({{"count", "11"}});
    EXPECT_FALSE(p.ok);
    EXPECT_NE(p.error.find("'11'"), std::string::npos) << p.error;
    EXPECT_NE(p.error.find("count"), std::string::npos);
    p = parse({{"count", "2x"}});
    EXPECT_FALSE(p.ok);
    p = parse({{"gain", "abc"}});
    EXPECT_FALSE(p.ok);
    p = parse({{"gain", "nan"}});
    EXPECT_FALSE(p.ok);
    p = parse({{"flag", "yes"}});
    EXPECT_FALSE(p.ok);
    EXPECT_NE(p.error.find("true or false"), std::string::npos);
}

// Numbers are plain decimal: no hex, no spaces, no locale, an optional sign.
TEST(Options, NumbersArePlainDecimal)
{
    for (const char *good : {"5", "+5", "05"}) {
        const auto p = parse({{"count", good}});
        ASSERT_TRUE(p.ok) << good << ": " << p.error;
        EXPECT_EQ(p.values[1].i, 5) << good;
    }
    for (const char *good : {"2.5", "+2.5", "25e-1", "0.25E1"}) {
        const auto p = parse({{"gain", good}});
        ASSERT_TRUE(p.ok) << good << ": " << p.error;
        EXPECT_EQ(p.values[2].d, 2.5) << good;
    }
    for (const char *bad : {"0x5", " 5", "5 ", "\t5", "++5", "+-5", "5.", ""}) {
        EXPECT_FALSE(parse({{"count", bad}}).ok) << "'" << bad << "'";
    }
    for (const char *bad : {"0x1p1", " 2.5", "2.5 ", "2,5", "inf", "1e999", "+"}) {
        EXPECT_FALSE(parse({{"gain", bad}}).ok) << "'" << bad << "'";
    }
    // Where negative values are in range, one sign and only one.
    auto p = parse({{"offset", "-5"}});
    ASSERT_TRUE(p.ok) << p.error;
    EXPECT_EQ(p.values[4].i, -5);
    for (const char *bad : {"+-5", "-+5", "--5", "++5"}) {
        EXPECT_FALSE(parse({{"offset", bad}}).ok) << "'" << bad << "'";
    }
}

// A message quotes at most the first 64 characters of what it was given.
TEST(Options, MessagesQuoteABoundedExcerpt)
{
    const std::string huge(120 * 1024, '7');
    auto p = parse({{"count", huge}});
    ASSERT_FALSE(p.ok);
    EXPECT_LT(p.error.size(), 300u) << p.error.substr(0, 300);
    EXPECT_NE(p.error.find("(122880 bytes)"), std::string::npos) << p.error.substr(0, 300);
    p = parse({{huge + "\n", "1"}});
    ASSERT_FALSE(p.ok);
    EXPECT_LT(p.error.size(), 300u);
    vmaf::session::FeatureRequest request;
    std::string error;
    EXPECT_FALSE(vmaf::session::parse_feature_request("psnr=" + huge, request, error));
    EXPECT_LT(error.size(), 300u);
}

TEST(FeatureKey, SuffixesFollowTheReferenceNaming)
{
    auto p = parse({});
    EXPECT_EQ(vmaf::feature_key("VMAF_integer_feature_adm2_score", kOpts, p.values.data()),
              "VMAF_integer_feature_adm2_score");
    p = parse({{"gain", "1.0"}});
    EXPECT_EQ(vmaf::feature_key("VMAF_integer_feature_adm2_score", kOpts, p.values.data()),
              "integer_adm2_egl_1");
    // Alphabetical by option name: count < flag < gain.
    p = parse({{"gain", "2.5"}, {"flag", "true"}, {"count", "4"}});
    EXPECT_EQ(vmaf::feature_key("psnr_y", kOpts, p.values.data()), "psnr_y_n_4_flag_egl_2.5");
    // Options without the feature-param flag never rename.
    p = parse({{"label", "other"}});
    EXPECT_EQ(vmaf::feature_key("psnr_y", kOpts, p.values.data()), "psnr_y");
}

TEST(FeatureAlias, ShortensReferenceNames)
{
    EXPECT_EQ(vmaf::feature_alias("VMAF_integer_feature_vif_scale2_score"), "integer_vif_scale2");
    EXPECT_EQ(vmaf::feature_alias("Cambi_feature_cambi_score"), "cambi");
    EXPECT_EQ(vmaf::feature_alias("psnr_y"), "psnr_y");
}

TEST(FeatureRequest, ParsesTheCliSyntax)
{
    vmaf::session::FeatureRequest r;
    std::string error;
    ASSERT_TRUE(vmaf::session::parse_feature_request("psnr", r, error));
    EXPECT_EQ(r.name, "psnr");
    EXPECT_TRUE(r.options.empty());
    ASSERT_TRUE(vmaf::session::parse_feature_request("psnr=enable_mse=true:enable_apsnr=false", r, error));
    EXPECT_EQ(r.name, "psnr");
    ASSERT_EQ(r.options.size(), 2u);
    EXPECT_EQ(r.options[0], (std::pair<std::string, std::string>{"enable_mse", "true"}));
    EXPECT_EQ(r.options[1], (std::pair<std::string, std::string>{"enable_apsnr", "false"}));
    EXPECT_FALSE(vmaf::session::parse_feature_request("psnr=enable_mse", r, error));
    EXPECT_FALSE(vmaf::session::parse_feature_request("=x=1", r, error));
    EXPECT_FALSE(vmaf::session::parse_feature_request("psnr:=1", r, error));
}

TEST(UseFeature, RejectsUnknownNamesAndBadOptions)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    EXPECT_EQ(vmaf_use_feature(ctx, "no_such_feature", nullptr), -EINVAL);
    VmafFeatureDictionary *d = nullptr;
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "min_sse", "-1"), 0);
    EXPECT_EQ(vmaf_use_feature(ctx, "psnr", d), -EINVAL);
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "min_sse", "0.5"), 0);
    EXPECT_EQ(vmaf_use_feature(ctx, "psnr", d), 0);
    // A provided feature name finds its extractor too.
    EXPECT_EQ(vmaf_use_feature(ctx, "psnr_cb", nullptr), 0);
    vmaf_feature_dictionary_free(&d);
    EXPECT_EQ(d, nullptr);
    vmaf_close(ctx);
}

} // namespace
