// A model whose arithmetic overflows gives no number: scoring it is an
// error that names the model and the frame, never a null score.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>

#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

namespace fs = std::filesystem;

// vmaf_v0.6.1 with a negative gamma: every RBF kernel of a support vector
// away from the features is exp(+huge) = inf, and the coefficients of both
// signs add up to inf - inf.
std::string overflowing_model()
{
    std::ifstream in(vmaf::test::shared_dir() + "/models/vmaf_v0.6.1.json");
    nlohmann::json m = nlohmann::json::parse(in);
    std::string svm = m["model_dict"]["model"].get<std::string>();
    const size_t gamma = svm.find("gamma ");
    EXPECT_NE(gamma, std::string::npos);
    svm.replace(gamma, svm.find('\n', gamma) - gamma, "gamma -1e300");
    m["model_dict"]["model"] = svm;
    char tmpl[] = "/tmp/vmaf_nan_modelXXXXXX";
    const fs::path dir = mkdtemp(tmpl);
    const fs::path path = dir / "nan.json";
    std::ofstream(path) << m.dump();
    return path.string();
}

TEST(ModelScore, OverflowingModelIsAnErrorNotANull)
{
    const std::string path = overflowing_model();
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    ASSERT_EQ(vmaf_model_load_from_path(&model, &cfg, path.c_str()), 0);
    auto ctx = vmaf::test::make_context(0);
    ASSERT_EQ(vmaf_use_features_from_model(ctx.get(), model), 0);
    auto fill = [](unsigned, unsigned x, unsigned y) { return (x * 5 + y * 11) & 255; };
    auto other = [&](unsigned p, unsigned x, unsigned y) { return fill(p, x, y) / 2 + 40; };
    ASSERT_EQ(vmaf::test::score_pair(
                  ctx.get(), vmaf::test::make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, fill),
                  vmaf::test::make_picture(VMAF_PIX_FMT_YUV420P, 8, 64, 64, other)),
              0);
    double score = 0;
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_score_at_index(ctx.get(), model, &score, 0), -EINVAL);
    EXPECT_EQ(vmaf_score_pooled(ctx.get(), model, VMAF_POOL_METHOD_MEAN, &score, 0, 0), -EINVAL);
    const std::string message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("gives no number at frame 0"), std::string::npos) << message;
    EXPECT_NE(message.find(path), std::string::npos) << message;
    vmaf_model_destroy(model);
    fs::remove_all(fs::path(path).parent_path());
}

} // namespace
