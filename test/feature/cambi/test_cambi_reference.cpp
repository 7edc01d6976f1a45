// cambi against libvmaf 3.2.0 on synthetic pictures: every option, depths 8
// to 16, 4:2:0, 4:2:2 and 4:4:4, full_ref, downscaled and upscaled sizes and
// the high-resolution speed-up (values and their provenance in
// cambi_reference_values.h).
#include <cstdio>
#include <cstdlib>
#include <gtest/gtest.h>
#include <string>

#include "banded_pictures.h"
#include "cambi_reference_values.h"

namespace {

using namespace vmaf::test;

// "a=1:b=2" as dictionary pairs.
std::vector<std::pair<std::string, std::string>> split_options(const std::string &text)
{
    std::vector<std::pair<std::string, std::string>> out;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(':', at);
        if (end == std::string::npos) end = text.size();
        const std::string item = text.substr(at, end - at);
        const size_t eq = item.find('=');
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
        at = end + 1;
    }
    return out;
}

// With VMAF_CAMBI_WRITE_CLIPS set, the case's pictures as raw YUV for the
// reference CLI (see cambi_reference_values.h).
void write_clips(const CambiReferenceCase &c)
{
    const char *dir = std::getenv("VMAF_CAMBI_WRITE_CLIPS");
    if (!dir) return;
    for (bool source : {true, false}) {
        const std::string path = std::string(dir) + "/" + c.name + (source ? "_ref" : "_dis") + ".yuv";
        std::FILE *f = std::fopen(path.c_str(), "wb");
        ASSERT_NE(f, nullptr) << path;
        for (unsigned i = 0; i < c.frames; i++) {
            VmafPicture pic = banded_picture(c.fmt, c.bpc, c.w, c.h, i, source);
            append_yuv(pic, f);
            vmaf_picture_unref(&pic);
        }
        std::fclose(f);
    }
}

class CambiReference : public ::testing::TestWithParam<CambiReferenceCase> {};

TEST_P(CambiReference, MatchesReference)
{
    const CambiReferenceCase &c = GetParam();
    write_clips(c);
    ASSERT_FALSE(c.expected.empty()) << c.name << " has no reference values";
    for (unsigned threads : {0u, 2u}) {
        auto ctx = make_context(threads);
        VmafFeatureDictionary *d = nullptr;
        for (const auto &[k, v] : split_options(c.options))
            ASSERT_EQ(vmaf_feature_dictionary_set(&d, k.c_str(), v.c_str()), 0);
        ASSERT_EQ(vmaf_use_feature(ctx.get(), "cambi", d), 0) << c.options;
        vmaf_feature_dictionary_free(&d);
        for (unsigned i = 0; i < c.frames; i++) {
            VmafPicture ref = banded_picture(c.fmt, c.bpc, c.w, c.h, i, true);
            VmafPicture dis = banded_picture(c.fmt, c.bpc, c.w, c.h, i, false);
            ASSERT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, i), 0) << c.name;
        }
        ASSERT_EQ(vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0), 0);
        for (const auto &[key, values] : c.expected) {
            ASSERT_EQ(values.size(), c.frames) << c.name << " " << key;
            for (unsigned i = 0; i < c.frames; i++)
                EXPECT_NEAR(score_of(ctx.get(), key.c_str(), i), values[i], 2e-6)
                    << c.name << " " << key << " frame " << i << " threads " << threads;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Options, CambiReference, ::testing::ValuesIn(kCambiReferenceCases),
                         [](const auto &info) { return std::string(info.param.name); });

} // namespace
