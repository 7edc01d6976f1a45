// Model loading: every shipped model by version and by path, the config
// flags, and bad model files (clear error naming the file, never a crash).
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>

#include "support/clips.h"
#include "support/golden.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string models_dir() { return vmaf::test::shared_dir() + "/models"; }

// Every model file of the folder and its sub-folders (the v1 models'), by
// version: its file name without ".json".
std::map<std::string, std::string> model_files()
{
    std::map<std::string, std::string> out;
    for (const auto &e : fs::recursive_directory_iterator(models_dir()))
        if (e.path().extension() == ".json") out[e.path().stem().string()] = e.path().string();
    return out;
}

bool is_collection(const std::string &version) { return version.find("_b_") != std::string::npos; }

std::string read_text(const std::string &path)
{
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A model file in a fresh temporary folder, removed with the object.
struct TempModel {
    fs::path dir, path;
    explicit TempModel(const std::string &text)
    {
        char tmpl[] = "/tmp/vmaf_model_testXXXXXX";
        dir = mkdtemp(tmpl);
        path = dir / "model.json";
        std::ofstream(path) << text;
    }
    ~TempModel() { fs::remove_all(dir); }
};

// Loads `text` from a file; returns the error code and the logged message.
std::pair<int, std::string> load_text(const std::string &text)
{
    TempModel file(text);
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    testing::internal::CaptureStderr();
    const int err = vmaf_model_load_from_path(&model, &cfg, file.path.c_str());
    std::string message = testing::internal::GetCapturedStderr();
    vmaf_model_destroy(model);
    if (err) {
        EXPECT_EQ(model, nullptr);
    }
    EXPECT_NE(message.find(file.path.string()), std::string::npos)
        << "the message should name the file: " << message;
    return {err, message};
}

json default_model() { return json::parse(read_text(models_dir() + "/vmaf_v0.6.1.json")); }

std::string svm_text() { return default_model()["model_dict"]["model"].get<std::string>(); }

// `text` with the first `from` at or after `pos` replaced up to the next `until`.
std::string edited(std::string text, const std::string &from, const std::string &to, size_t pos = 0)
{
    const size_t at = text.find(from, pos);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return text;
    return text.substr(0, at) + to + text.substr(at + from.size());
}

void expect_refused(const std::string &text, const std::string &problem)
{
    const auto [err, message] = load_text(text);
    EXPECT_EQ(err, -EINVAL) << message;
    EXPECT_NE(message.find(problem), std::string::npos) << "expected '" << problem << "' in: " << message;
}

void expect_refused(const json &model, const std::string &problem) { expect_refused(model.dump(), problem); }

// --- shipped models -------------------------------------------------------

TEST(ModelLoad, EveryShippedModelByVersionAndByPath)
{
    const auto files = model_files();
    ASSERT_EQ(files.size(), 17u);
    for (const auto &[v, path] : files) {
        VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
        VmafModel *model = nullptr;
        if (!is_collection(v)) {
            ASSERT_EQ(vmaf_model_load(&model, &cfg, v.c_str()), 0) << v;
            vmaf_model_destroy(model);
            model = nullptr;
            ASSERT_EQ(vmaf_model_load_from_path(&model, &cfg, path.c_str()), 0) << v;
            vmaf_model_destroy(model);
            continue;
        }
        VmafModelCollection *mc = nullptr;
        ASSERT_EQ(vmaf_model_collection_load(&model, &mc, &cfg, v.c_str()), 0) << v;
        vmaf_model_destroy(model);
        vmaf_model_collection_destroy(mc);
        model = nullptr;
        mc = nullptr;
        ASSERT_EQ(vmaf_model_collection_load_from_path(&model, &mc, &cfg, path.c_str()), 0) << v;
        vmaf_model_destroy(model);
        vmaf_model_collection_destroy(mc);
    }
}

// libvmaf 3.2.0's built-in v1 versions, each found by name.
TEST(ModelLoad, EveryV1Version)
{
    for (const char *v : {"vmaf_v1.0.16_3d0h", "vmaf_v1.0.16_5d0h", "vmaf_v1.0.16_1d5h_2160",
                          "vmaf_v1.0.16_3d0h_2160", "vmaf_v1.0.16_hfr_3d0h", "vmaf_v1.0.16_hfr_5d0h",
                          "vmaf_v1.0.16_hfr_1d5h_2160", "vmaf_v1.0.16_hfr_3d0h_2160"}) {
        VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
        VmafModel *model = nullptr;
        EXPECT_EQ(vmaf_model_load(&model, &cfg, v), 0) << v;
        vmaf_model_destroy(model);
    }
}

TEST(ModelLoad, WrongKindIsNotSupported)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    VmafModelCollection *mc = nullptr;
    EXPECT_EQ(vmaf_model_load(&model, &cfg, "vmaf_b_v0.6.3"), -ENOTSUP);
    EXPECT_EQ(model, nullptr);
    EXPECT_EQ(vmaf_model_collection_load(&model, &mc, &cfg, "vmaf_v0.6.1"), -ENOTSUP);
    EXPECT_EQ(mc, nullptr);
}

TEST(ModelLoad, UnknownVersion)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_model_load(&model, &cfg, "vmaf_v9"), -EINVAL);
    const std::string message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("vmaf_v9"), std::string::npos) << message;
    EXPECT_NE(message.find("vmaf_v0.6.1"), std::string::npos) << "should list the built-in ones";
}

TEST(ModelLoad, NullArguments)
{
    VmafModel *model = nullptr;
    EXPECT_EQ(vmaf_model_load(nullptr, nullptr, "vmaf_v0.6.1"), -EINVAL);
    EXPECT_EQ(vmaf_model_load(&model, nullptr, nullptr), -EINVAL);
    // A null config means the defaults, as name "vmaf".
    ASSERT_EQ(vmaf_model_load(&model, nullptr, "vmaf_v0.6.1"), 0);
    vmaf_model_destroy(model);
    vmaf_model_destroy(nullptr);
    vmaf_model_collection_destroy(nullptr);
}

TEST(ModelApi, OverloadAndPoolingArguments)
{
    VmafModel *model = nullptr;
    VmafModelCollection *mc = nullptr;
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    ASSERT_EQ(vmaf_model_load(&model, &cfg, "vmaf_v0.6.1"), 0);
    VmafFeatureDictionary *d = nullptr;
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "adm_enhn_gain_limit", "1.0"), 0);
    EXPECT_EQ(vmaf_model_feature_overload(model, nullptr, d), -EINVAL);
    // Taken over (and freed) by the call.
    EXPECT_EQ(vmaf_model_feature_overload(model, "adm", d), 0);
    vmaf_model_destroy(model);

    ASSERT_EQ(vmaf_model_collection_load(&model, &mc, &cfg, "vmaf_b_v0.6.3"), 0);
    d = nullptr;
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "vif_enhn_gain_limit", "1.0"), 0);
    EXPECT_EQ(vmaf_model_collection_feature_overload(model, &mc, "vif", d), 0);

    VmafConfiguration c{};
    c.log_level = VMAF_LOG_LEVEL_NONE;
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, c), 0);
    double s = 0;
    VmafModelCollectionScore cs{};
    EXPECT_EQ(vmaf_score_pooled(ctx, model, VMAF_POOL_METHOD_MEAN, &s, 3, 1), -EINVAL);
    EXPECT_EQ(vmaf_score_pooled(ctx, model, VMAF_POOL_METHOD_NB, &s, 0, 0), -EINVAL);
    EXPECT_EQ(vmaf_score_pooled_model_collection(ctx, mc, VMAF_POOL_METHOD_UNKNOWN, &cs, 0, 0), -EINVAL);
    // No features imported: a clear error, no score.
    EXPECT_EQ(vmaf_score_at_index(ctx, model, &s, 0), -EINVAL);
    EXPECT_EQ(vmaf_score_at_index_model_collection(ctx, mc, &cs, 0), -EINVAL);
    EXPECT_EQ(vmaf_use_features_from_model(ctx, nullptr), -EINVAL);
    vmaf_close(ctx);
    vmaf_model_destroy(model);
    vmaf_model_collection_destroy(mc);
}

// An overload reaches the features of the extractor it names; one that names
// no extractor of the model would change nothing and is refused (the
// reference ignores it), by the collection's functions too.
TEST(ModelApi, OverloadOfAnExtractorTheModelDoesNotUse)
{
    // The log level is the last context's, as in libvmaf.
    VmafConfiguration c{};
    c.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, c), 0);
    vmaf_close(ctx);

    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    ASSERT_EQ(vmaf_model_load(&model, &cfg, "vmaf_v0.6.1"), 0);
    VmafFeatureDictionary *d = nullptr;
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "enc_width", "1280"), 0);
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_model_feature_overload(model, "cambi", d), -EINVAL);
    std::string message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("no feature of the model comes from extractor 'cambi'"), std::string::npos)
        << message;
    EXPECT_NE(message.find("(the model's extractors: adm, motion, vif)"), std::string::npos) << message;
    vmaf_model_destroy(model);

    VmafModelCollection *mc = nullptr;
    ASSERT_EQ(vmaf_model_collection_load(&model, &mc, &cfg, "vmaf_b_v0.6.3"), 0);
    d = nullptr;
    ASSERT_EQ(vmaf_feature_dictionary_set(&d, "enable_mse", "true"), 0);
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_model_collection_feature_overload(model, &mc, "psnr", d), -EINVAL);
    message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("extractor 'psnr'"), std::string::npos) << message;
    vmaf_model_destroy(model);
    vmaf_model_collection_destroy(mc);
}

// --- config flags -------------------------------------------------------

// Frame scores of the identical clip (raw predictions above 100) under `flags`.
std::vector<double> identical_clip_scores(uint64_t flags)
{
    const auto g = vmaf::test::golden("cup_320x240_420p8_identical", "main");
    VmafConfiguration c{};
    c.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, c), 0);
    std::vector<unsigned> frames;
    for (const auto &f : g->at("frames")) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        frames.push_back(i);
        for (const auto &[k, v] : f.at("metrics").items())
            if (k != "vmaf" && !v.is_null()) vmaf_import_feature_score(ctx, k.c_str(), v.get<double>(), i);
    }
    VmafModelConfig cfg{"vmaf", flags};
    VmafModel *model = nullptr;
    EXPECT_EQ(vmaf_model_load(&model, &cfg, "vmaf_v0.6.1"), 0);
    std::vector<double> out;
    for (unsigned i : frames) {
        double s = 0;
        EXPECT_EQ(vmaf_score_at_index(ctx, model, &s, i), 0);
        out.push_back(s);
    }
    vmaf_model_destroy(model);
    vmaf_close(ctx);
    return out;
}

TEST(ModelFlags, ClipAndTransform)
{
    const auto plain = identical_clip_scores(VMAF_MODEL_FLAGS_DEFAULT);
    const auto raw = identical_clip_scores(VMAF_MODEL_FLAG_DISABLE_CLIP);
    const auto transformed = identical_clip_scores(VMAF_MODEL_FLAG_ENABLE_TRANSFORM);
    const auto transformed_raw =
        identical_clip_scores(VMAF_MODEL_FLAG_ENABLE_TRANSFORM | VMAF_MODEL_FLAG_DISABLE_CLIP);
    const auto st = default_model()["model_dict"]["score_transform"];
    const double p0 = st["p0"], p1 = st["p1"], p2 = st["p2"];
    ASSERT_EQ(st["out_gte_in"], "true");
    bool above_100 = false;
    for (size_t i = 0; i < plain.size(); i++) {
        above_100 |= raw[i] > 100;
        EXPECT_EQ(plain[i], std::clamp(raw[i], 0.0, 100.0));
        const double poly = p0 + p1 * raw[i] + p2 * raw[i] * raw[i];
        EXPECT_NEAR(transformed_raw[i], std::max(poly, raw[i]), 1e-9);
        EXPECT_EQ(transformed[i], std::clamp(transformed_raw[i], 0.0, 100.0));
    }
    EXPECT_TRUE(above_100) << "the identical clip should predict above the clip";
}

// --- bad model files ----------------------------------------------------

TEST(BadModel, UnreadableFile)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_model_load_from_path(&model, &cfg, "/nonexistent/model.json"), -ENOENT);
    std::string message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("/nonexistent/model.json"), std::string::npos) << message;
    EXPECT_NE(message.find("No such file"), std::string::npos) << message;

    TempModel file("{}");
    testing::internal::CaptureStderr();
    EXPECT_EQ(vmaf_model_load_from_path(&model, &cfg, file.dir.c_str()), -EISDIR);
    message = testing::internal::GetCapturedStderr();
    EXPECT_NE(message.find("folder"), std::string::npos) << message;
    EXPECT_EQ(model, nullptr);
}

TEST(BadModel, MalformedJson)
{
    const std::string text = default_model().dump();
    expect_refused(text.substr(0, text.size() / 2), "malformed JSON");
    expect_refused(std::string(""), "malformed JSON");
    expect_refused(std::string("[1, 2]"), "a model must be a JSON object");
    expect_refused(std::string("{\"model\": 1}"), "no 'model_dict'");
    expect_refused(std::string("{\"model_dict\": 5}"), "not an object");
}

TEST(BadModel, MissingKeys)
{
    for (const char *key : {"feature_names", "model", "norm_type", "slopes", "intercepts", "model_type"}) {
        json m = default_model();
        m["model_dict"].erase(key);
        expect_refused(m, key);
    }
}

TEST(BadModel, WrongShapes)
{
    json m = default_model();
    m["model_dict"]["slopes"].erase(m["model_dict"]["slopes"].size() - 1);
    expect_refused(m, "'slopes' and 'intercepts' need");

    m = default_model();
    m["model_dict"]["score_clip"] = json::array({100.0, 0.0});
    expect_refused(m, "score_clip");

    m = default_model();
    m["model_dict"]["norm_type"] = "log";
    expect_refused(m, "unknown norm_type");

    m = default_model();
    m["model_dict"]["model_type"] = "RANDOMFOREST";
    expect_refused(m, "unknown model_type");

    m = default_model();
    m["model_dict"]["score_transform"]["knots"] = json::array({json::array({10, 5}), json::array({5, 10})});
    expect_refused(m, "knot 1");
}

TEST(BadModel, MalformedSvmText)
{
    const std::string svm = svm_text();
    const auto with_svm = [](const std::string &text) {
        json m = default_model();
        m["model_dict"]["model"] = text;
        return m;
    };
    expect_refused(with_svm(""), "SVM");
    expect_refused(with_svm("garbage"), "unknown field 'garbage'");

    expect_refused(with_svm(edited(svm, "\nSV\n", "\n")), "SVM line");

    const size_t first_sv_end = svm.find('\n', svm.find("\nSV\n") + 4);
    expect_refused(with_svm(svm.substr(0, first_sv_end + 1)), "total_sv says");

    expect_refused(with_svm(edited(svm, "1:", "1;")), "index:value");
    expect_refused(with_svm(edited(svm, " 6:", " 9:")), "beyond the model's 6 features");
    expect_refused(with_svm(edited(svm, "nu_svr", "c_svc")), "not a regression");
}

TEST(BadModel, NotFiniteCoefficients)
{
    const std::string svm = svm_text();
    const auto with_svm = [](const std::string &text) {
        json m = default_model();
        m["model_dict"]["model"] = text;
        return m;
    };
    // The first support vector's coefficient, then its first value.
    const size_t sv = svm.find("\nSV\n") + 4;
    const std::string coef = svm.substr(sv, svm.find(' ', sv) - sv);
    expect_refused(with_svm(edited(svm, "\n" + coef + " ", "\nnan ", sv - 1)), "finite");
    const size_t v = svm.find("1:", sv) + 2;
    const std::string value = svm.substr(v, svm.find(' ', v) - v);
    expect_refused(with_svm(edited(svm, "1:" + value, "1:inf", sv)), "finite");
    const size_t r = svm.find("rho ") + 4;
    expect_refused(with_svm(edited(svm, "rho " + svm.substr(r, svm.find('\n', r) - r), "rho 1e999")), "rho");

    // JSON has no NaN; an overflowing literal is how a file says infinity.
    std::string text = default_model().dump();
    const std::string slopes = "\"slopes\":[";
    const size_t s = text.find(slopes) + slopes.size();
    text = edited(text, slopes + text.substr(s, text.find(',', s) - s), slopes + "1e999");
    expect_refused(text, "number overflow");
}

TEST(BadModel, UnknownFeatureOrOption)
{
    json m = default_model();
    m["model_dict"]["feature_names"][0] = "VMAF_feature_sharpness_score";
    expect_refused(m, "unknown feature 'VMAF_feature_sharpness_score'");

    m = default_model();
    m["model_dict"]["feature_opts_dicts"] = json::array({json{{"adm_bogus", 1}}});
    expect_refused(m, "adm_bogus");

    m = default_model();
    m["model_dict"]["feature_opts_dicts"] = json::array({json{{"adm_enhn_gain_limit", 0.5}}});
    expect_refused(m, "adm_enhn_gain_limit");
}

json v1_model()
{
    return json::parse(read_text(models_dir() + "/vmaf_v1.0.16/vmaf_v1.0.16_3d0h.json"));
}

// The reference reads an unset variable without the features the correction
// names, and scores nothing with a parameter of 0: both are refused.
TEST(BadModel, ChromaCorrection)
{
    json m = v1_model();
    auto &d = m["model_dict"];
    ASSERT_EQ(d["feature_names"][1], "Speed_chroma_feature_speed_chroma_uv_score");
    ASSERT_EQ(d["feature_names"][2], "VMAF_integer_feature_adm3_score");
    d["chroma_correction_parameter"] = 0;
    expect_refused(m, "'chroma_correction_parameter' is 0");

    m = v1_model();
    m["model_dict"]["chroma_correction_parameter"] = "120";
    expect_refused(m, "'chroma_correction_parameter' is not a number");

    // adm2 for adm3: no luma feature to correct from.
    m = v1_model();
    m["model_dict"]["feature_names"][2] = "VMAF_integer_feature_adm2_score";
    expect_refused(m, "needs a feature named with \"adm3\", the model has none");

    // adm3 for motion3: two luma features.
    m = v1_model();
    m["model_dict"]["feature_names"][3] = "VMAF_integer_feature_adm3_score";
    m["model_dict"]["feature_opts_dicts"][3] = m["model_dict"]["feature_opts_dicts"][2];
    expect_refused(m, "needs one feature named with \"adm3\", the model has several");

    // adm2 for speed_chroma_uv: no chroma feature.
    m = v1_model();
    m["model_dict"]["feature_names"][1] = "VMAF_integer_feature_adm2_score";
    m["model_dict"]["feature_opts_dicts"][1] = m["model_dict"]["feature_opts_dicts"][2];
    expect_refused(m, "needs a feature named with \"speed_chroma\", the model has none");

    // Without the key, the same model loads.
    m["model_dict"].erase("chroma_correction_parameter");
    TempModel file(m.dump());
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    EXPECT_EQ(vmaf_model_load_from_path(&model, &cfg, file.path.c_str()), 0);
    vmaf_model_destroy(model);
}

std::pair<int, std::string> load_collection_text(const std::string &text)
{
    TempModel file(text);
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    VmafModelCollection *mc = nullptr;
    testing::internal::CaptureStderr();
    const int err = vmaf_model_collection_load_from_path(&model, &mc, &cfg, file.path.c_str());
    std::string message = testing::internal::GetCapturedStderr();
    vmaf_model_destroy(model);
    vmaf_model_collection_destroy(mc);
    EXPECT_NE(message.find(file.path.string()), std::string::npos) << message;
    return {err, message};
}

TEST(BadModel, BadCollection)
{
    json member = default_model();
    member["model_dict"]["model_type"] = "BOOTSTRAP_LIBSVMNUSVR";

    auto [err, message] = load_collection_text(json{{"0", member}}.dump());
    EXPECT_EQ(err, -EINVAL);
    EXPECT_NE(message.find("beside \"0\""), std::string::npos) << message;

    json mixed{{"0", member}, {"1", member}, {"2", default_model()}};
    std::tie(err, message) = load_collection_text(mixed.dump());
    EXPECT_EQ(err, -EINVAL);
    EXPECT_NE(message.find("another model_type"), std::string::npos) << message;

    json broken{{"0", member}, {"1", member}};
    broken["1"]["model_dict"].erase("model");
    std::tie(err, message) = load_collection_text(broken.dump());
    EXPECT_EQ(err, -EINVAL);
    EXPECT_NE(message.find("model \"1\""), std::string::npos) << message;
}

} // namespace
