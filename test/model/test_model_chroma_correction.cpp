// The v1 models' chroma-from-luma correction (model key
// chroma_correction_parameter, libvmaf's predict.c): a speed_chroma feature
// worth exactly 0 goes into the SVM as c * (1 - adm3) instead. Checked
// against a prediction computed here from the model file alone (its libsvm
// text, slopes, transform and clip), on the golden features of a frame.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "libvmaf/libvmaf.h"
#include "support/clips.h"
#include "support/golden.h"

namespace {

using nlohmann::json;

const std::string kModelPath = vmaf::test::shared_dir() + "/models/vmaf_v1.0.16/vmaf_v1.0.16_3d0h.json";

// The model's features (in its order) as the golden v1 output names them.
const char *const kKeys[] = {"cambi_hrs_1080_cmxv_17_vlt_0.06",
                             "speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5",
                             "integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02",
                             "integer_motion3_mmxv_18"};
constexpr size_t kSpeed = 1, kAdm3 = 2;

json model_file()
{
    std::ifstream in(kModelPath);
    return json::parse(in);
}

// The model's prediction for raw feature values, computed the plain way:
// rescale, RBF nu-SVR sum, rescale back, polynomial transform, clip.
double independent_prediction(const json &dict, const std::vector<double> &raw)
{
    const auto slopes = dict.at("slopes").get<std::vector<double>>();
    const auto intercepts = dict.at("intercepts").get<std::vector<double>>();
    std::vector<double> x(raw.size());
    for (size_t i = 0; i < raw.size(); i++) x[i] = slopes[i + 1] * raw[i] + intercepts[i + 1];

    std::istringstream svm(dict.at("model").get<std::string>());
    std::string line;
    double gamma = 0, rho = 0, sum = 0;
    bool vectors = false;
    while (std::getline(svm, line)) {
        std::istringstream words(line);
        if (!vectors) {
            std::string key;
            words >> key;
            if (key == "gamma") words >> gamma;
            if (key == "rho") words >> rho;
            vectors = key == "SV";
            continue;
        }
        double coef = 0;
        if (!(words >> coef)) continue;
        std::vector<double> sv(x.size(), 0.0);
        std::string pair;
        while (words >> pair) sv[std::stoul(pair) - 1] = std::stod(pair.substr(pair.find(':') + 1));
        double d2 = 0;
        for (size_t i = 0; i < x.size(); i++) d2 += (x[i] - sv[i]) * (x[i] - sv[i]);
        sum += coef * std::exp(-gamma * d2);
    }
    const double score = (sum - rho - intercepts[0]) / slopes[0];
    const json &t = dict.at("score_transform");
    const double p0 = t.at("p0"), p1 = t.at("p1"), p2 = t.at("p2");
    const double transformed = p0 + p1 * score + p2 * score * score;
    const auto clip = dict.at("score_clip").get<std::vector<double>>();
    return std::clamp(transformed, clip[0], clip[1]);
}

struct ContextDeleter {
    void operator()(VmafContext *c) const { vmaf_close(c); }
};
using Context = std::unique_ptr<VmafContext, ContextDeleter>;

Context context_with(const std::vector<double> &raw)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), 0);
    for (size_t i = 0; i < raw.size(); i++)
        EXPECT_EQ(vmaf_import_feature_score(ctx, kKeys[i], raw[i], 0), 0) << kKeys[i];
    return Context(ctx);
}

double library_prediction(const std::vector<double> &raw)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    EXPECT_EQ(vmaf_model_load_from_path(&model, &cfg, kModelPath.c_str()), 0);
    auto ctx = context_with(raw);
    double s = NAN;
    EXPECT_EQ(vmaf_score_at_index(ctx.get(), model, &s, 0), 0);
    vmaf_model_destroy(model);
    return s;
}

// Frame 0 of the golden v1 features of a clip with chroma differences, its
// speed_chroma_uv replaced by `speed`.
std::vector<double> golden_frame(double speed)
{
    const auto g = vmaf::test::golden("vtest_576x324_420p8", "v1");
    EXPECT_TRUE(g.has_value());
    std::vector<double> raw;
    for (const char *key : kKeys) raw.push_back(*vmaf::test::golden_value(*g, 0, key));
    EXPECT_NE(raw[kSpeed], 0.0) << "the frame should not be corrected as it stands";
    raw[kSpeed] = speed;
    return raw;
}

TEST(ChromaCorrection, ZeroChromaScoresAsOneMinusAdm3TimesTheParameter)
{
    const json dict = model_file().at("model_dict");
    const double c = dict.at("chroma_correction_parameter");
    auto raw = golden_frame(0.0);
    const double got = library_prediction(raw);

    auto corrected = raw;
    corrected[kSpeed] = c - c * raw[kAdm3];
    const double want = independent_prediction(dict, corrected);
    EXPECT_NEAR(got, want, 1e-9);
    // The correction moves the score: without it, 0 would have gone in.
    EXPECT_GT(std::fabs(independent_prediction(dict, raw) - want), 0.1);
}

TEST(ChromaCorrection, OtherValuesGoInUnchanged)
{
    const json dict = model_file().at("model_dict");
    for (double speed : {1e-3, 0.5, 3.948838}) {
        const auto raw = golden_frame(speed);
        EXPECT_NEAR(library_prediction(raw), independent_prediction(dict, raw), 1e-9) << speed;
    }
}

// As in the reference, the value is tested after the rescale and its inverse:
// a raw value too small to survive them counts as 0.
TEST(ChromaCorrection, AValueLostInTheRescaleCountsAsZero)
{
    const json dict = model_file().at("model_dict");
    const double c = dict.at("chroma_correction_parameter");
    const auto raw = golden_frame(1e-300);
    auto corrected = raw;
    corrected[kSpeed] = c - c * raw[kAdm3];
    EXPECT_NEAR(library_prediction(raw), independent_prediction(dict, corrected), 1e-9);
}

// Bootstrap members predict through the same path: a collection of the v1
// model scores a corrected frame as the single model does.
TEST(ChromaCorrection, CollectionMembersAreCorrectedToo)
{
    json member = model_file();
    member["model_dict"]["model_type"] = "BOOTSTRAP_LIBSVMNUSVR";
    const json collection{{"0", model_file()}, {"1", member}, {"2", member}};
    char dir_template[] = "/tmp/vmaf_chroma_testXXXXXX";
    const std::string dir = mkdtemp(dir_template);
    const std::string path = dir + "/collection.json";
    std::ofstream(path) << collection.dump();

    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    VmafModelCollection *mc = nullptr;
    const int err = vmaf_model_collection_load_from_path(&model, &mc, &cfg, path.c_str());
    std::remove(path.c_str());
    rmdir(dir.c_str());
    ASSERT_EQ(err, 0);

    const auto raw = golden_frame(0.0);
    auto ctx = context_with(raw);
    VmafModelCollectionScore cs{};
    ASSERT_EQ(vmaf_score_at_index_model_collection(ctx.get(), mc, &cs, 0), 0);
    double member_score = NAN;
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "vmaf_0001", &member_score, 0), 0);
    const double single = library_prediction(raw);
    EXPECT_EQ(member_score, single);
    EXPECT_EQ(cs.bootstrap.bagging_score, single);
    vmaf_model_destroy(model);
    vmaf_model_collection_destroy(mc);
}

} // namespace
