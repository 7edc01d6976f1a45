// vmaf_set_input_properties: options that default to the input's frame
// rate, matrix and range (xpsnr's fps, ssimulacra2's matrix and range) take
// them where the caller sets none, and only there.
#include <cerrno>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "engine/input_properties.h"
#include "libvmaf/libvmaf_ext.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

const VmafOption kOpts[] = {
    {"fps", nullptr, "", VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0, 1000, VMAF_OPT_FLAG_INPUT_FPS},
    {"matrix", "m", "", VMAF_OPT_TYPE_STRING, {false, 0, 0, "bt709"}, 0, 0, VMAF_OPT_FLAG_INPUT_MATRIX},
    {"range", nullptr, "", VMAF_OPT_TYPE_STRING, {false, 0, 0, "limited"}, 0, 0, VMAF_OPT_FLAG_INPUT_RANGE},
    {"label", nullptr, "", VMAF_OPT_TYPE_STRING, {false, 0, 0, "x"}, 0, 0, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};

TEST(InputDefaults, FillOnlyTheFlaggedOptionsTheSettingsLeaveOut)
{
    const vmaf::InputProperties input{29.97002997002997, "bt601", "full"};
    const vmaf::OptionStrings out = vmaf::with_input_defaults(kOpts, {{"m", "bt2020"}}, input);
    // The alias names the matrix: the input's is not added.
    const vmaf::OptionStrings want = {{"m", "bt2020"}, {"fps", "29.97002997002997"}, {"range", "full"}};
    EXPECT_EQ(out, want);
    // The fps text reads back as the same double.
    EXPECT_EQ(std::stod(out[1].second), 29.97002997002997);
    // Nothing stated, nothing added.
    EXPECT_EQ(vmaf::with_input_defaults(kOpts, {{"label", "y"}}, {}), (vmaf::OptionStrings{{"label", "y"}}));
}

// Three frames of a 4:2:0 pair (texture against the texture moved) scored
// with `name` and its options, after `properties` when given.
double pooled(const char *name, const std::string &options, const VmafInputProperties *properties,
              const char *key)
{
    Context ctx = make_context(0);
    if (properties) {
        EXPECT_EQ(vmaf_set_input_properties(ctx.get(), properties), 0);
    }
    EXPECT_EQ(use_feature_text(ctx.get(), name, options), 0);
    for (unsigned i = 0; i < 3; i++) {
        VmafPicture ref = textured_picture(8, 128, 120, i), dis = textured_picture(8, 128, 120, i + 1);
        EXPECT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, i), 0);
    }
    EXPECT_EQ(vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0), 0);
    double mean = 0;
    EXPECT_EQ(vmaf_feature_score_pooled(ctx.get(), key, VMAF_POOL_METHOD_MEAN, &mean, 0, 2), 0);
    return mean;
}

TEST(InputProperties, Ssimulacra2TakesTheInputsMatrixAndRange)
{
    const VmafInputProperties full601{0, "bt601", "full"};
    const double by_default = pooled("ssimulacra2", "", nullptr, "ssimulacra2");
    const double from_input = pooled("ssimulacra2", "", &full601, "ssimulacra2");
    EXPECT_EQ(from_input, pooled("ssimulacra2", "matrix=bt601:range=full", nullptr, "ssimulacra2"));
    EXPECT_NE(from_input, by_default);
    // The caller's options win over the input's.
    EXPECT_EQ(pooled("ssimulacra2", "matrix=bt709:range=limited", &full601, "ssimulacra2"), by_default);
    // An input that says nothing leaves the defaults.
    const VmafInputProperties silent{0, nullptr, ""};
    EXPECT_EQ(pooled("ssimulacra2", "", &silent, "ssimulacra2"), by_default);
}

TEST(InputProperties, XpsnrTakesTheInputsFrameRate)
{
    // From 32 frames/s on, FFmpeg's xpsnr takes the last two frames'
    // temporal difference: moving frames score differently.
    const VmafInputProperties fast{50, nullptr, nullptr};
    const double slow = pooled("xpsnr", "", nullptr, "xpsnr_y");
    const double from_input = pooled("xpsnr", "", &fast, "xpsnr_y");
    EXPECT_EQ(from_input, pooled("xpsnr", "fps=50", nullptr, "xpsnr_y"));
    EXPECT_NE(from_input, slow);
    EXPECT_EQ(pooled("xpsnr", "fps=25", &fast, "xpsnr_y"), slow);
}

TEST(InputProperties, RefusesWhatIsNotAFrameRate)
{
    Context ctx = make_context(0);
    for (double fps : {-1.0, std::numeric_limits<double>::infinity(), std::nan("")}) {
        const VmafInputProperties p{fps, nullptr, nullptr};
        EXPECT_EQ(vmaf_set_input_properties(ctx.get(), &p), -EINVAL) << fps;
    }
    EXPECT_EQ(vmaf_set_input_properties(ctx.get(), nullptr), -EINVAL);
    const VmafInputProperties p{25, nullptr, nullptr};
    EXPECT_EQ(vmaf_set_input_properties(nullptr, &p), -EINVAL);
}

} // namespace
