// Model scores from the reference's own feature values: every frame's model
// outputs and the pooled scores against ../shared/golden.
//
// The golden features are printed with six decimals, so each carries up to
// 5e-7 of rounding, and a model turns that into more: d(vmaf)/d(adm2) is in
// the hundreds. Each expected value therefore gets 2e-6 plus what the
// rounding can move it by, measured by scoring again with every input
// feature nudged by 5e-7 up and down.
//
// The v1 models replace a speed_chroma value of exactly 0 (chroma-from-luma
// correction). A golden 0.000000 there is taken as exact and not nudged: a
// nudge would switch the correction off, and a reference value that was not
// exactly 0 would have scored without it, far from the golden vmaf.
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <vector>

#include "support/feature_scoring.h"
#include "support/clips.h"
#include "support/golden.h"

namespace {

using vmaf::test::clip_names;
using vmaf::test::golden;
using vmaf::test::golden_value;
using vmaf::test::written_output;

constexpr double kTolerance = 2e-6;
constexpr double kInputRounding = 5e-7;

struct ContextDeleter {
    void operator()(VmafContext *c) const { vmaf_close(c); }
};
using Context = std::unique_ptr<VmafContext, ContextDeleter>;
struct ModelDeleter {
    void operator()(VmafModel *m) const { vmaf_model_destroy(m); }
};
using Model = std::unique_ptr<VmafModel, ModelDeleter>;
struct CollectionDeleter {
    void operator()(VmafModelCollection *m) const { vmaf_model_collection_destroy(m); }
};
using Collection = std::unique_ptr<VmafModelCollection, CollectionDeleter>;

bool model_output(const std::string &key) { return key == "vmaf" || key.starts_with("vmaf_"); }

std::vector<unsigned> frame_numbers(const nlohmann::json &g)
{
    std::vector<unsigned> out;
    for (const auto &f : g.at("frames")) out.push_back(f.at("frameNum").get<unsigned>());
    return out;
}

// The feature keys of the golden file: what the models read.
std::vector<std::string> input_keys(const nlohmann::json &g)
{
    std::vector<std::string> out;
    for (const auto &[key, v] : g.at("frames").at(0).at("metrics").items())
        if (!model_output(key)) out.push_back(key);
    return out;
}

// Whether a golden value triggers the v1 models' chroma correction.
bool correction_trigger(const std::string &key, double value)
{
    return key.starts_with("speed_chroma") && value == 0.0;
}

// A context holding every feature value of the golden file, `nudged` moved
// by `delta` (but where it triggers the chroma correction), and none of the
// model outputs.
Context import_features(const nlohmann::json &g, unsigned subsample, const std::string &nudged = {},
                        double delta = 0)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_subsample = subsample;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), 0);
    for (const auto &f : g.at("frames")) {
        const unsigned i = f.at("frameNum").get<unsigned>();
        for (const auto &[key, v] : f.at("metrics").items()) {
            if (model_output(key) || v.is_null()) continue;
            double value = v.get<double>();
            if (key == nudged && !correction_trigger(key, value)) value += delta;
            EXPECT_EQ(vmaf_import_feature_score(ctx, key.c_str(), value, i), 0) << key;
        }
    }
    return Context(ctx);
}

// Scores every golden frame of a context (writing the model keys).
using Scorer = std::function<void(VmafContext *, unsigned frame)>;
using Scores = std::map<std::string, std::vector<double>>; // key -> value per golden frame

Scores run(VmafContext *ctx, const nlohmann::json &g, const Scorer &scorer,
           const std::vector<std::string> &keys)
{
    Scores out;
    for (unsigned i : frame_numbers(g)) {
        scorer(ctx, i);
        for (const auto &key : keys) {
            double v = NAN;
            EXPECT_EQ(vmaf_feature_score_at_index(ctx, key.c_str(), &v, i), 0) << key << " " << i;
            out[key].push_back(v);
        }
    }
    return out;
}

// How far the inputs' rounding can move each output key at each frame.
Scores rounding_bounds(const nlohmann::json &g, unsigned subsample, const Scorer &scorer,
                       const std::vector<std::string> &keys)
{
    Scores bound;
    for (const auto &key : keys) bound[key].assign(frame_numbers(g).size(), 0.0);
    for (const auto &input : input_keys(g)) {
        auto up = import_features(g, subsample, input, kInputRounding);
        auto down = import_features(g, subsample, input, -kInputRounding);
        const Scores a = run(up.get(), g, scorer, keys);
        const Scores b = run(down.get(), g, scorer, keys);
        for (const auto &key : keys)
            for (size_t i = 0; i < bound[key].size(); i++)
                bound[key][i] += std::fabs(a.at(key)[i] - b.at(key)[i]) / 2;
    }
    return bound;
}

struct Checked {
    Context ctx;
    Scores bound;
};

// Scores the golden features and checks `keys` at every frame.
Checked check_frames(const nlohmann::json &g, const std::string &clip, unsigned subsample,
                     const Scorer &scorer, const std::vector<std::string> &keys)
{
    Checked out{import_features(g, subsample), rounding_bounds(g, subsample, scorer, keys)};
    const Scores got = run(out.ctx.get(), g, scorer, keys);
    const auto frames = frame_numbers(g);
    for (const auto &key : keys) {
        for (size_t i = 0; i < frames.size(); i++) {
            const auto want = golden_value(g, frames[i], key);
            EXPECT_TRUE(want.has_value()) << clip << " golden lacks " << key;
            if (!want) continue;
            EXPECT_NEAR(got.at(key)[i], *want, kTolerance + out.bound.at(key)[i])
                << clip << " " << key << " frame " << frames[i];
        }
    }
    return out;
}

double max_of(const std::vector<double> &v) { return *std::max_element(v.begin(), v.end()); }

struct Variant {
    const char *golden;
    const char *version;
    unsigned subsample = 1;
};

// Names the variant in gtest's messages (instead of a dump of its bytes).
void PrintTo(const Variant &v, std::ostream *os) { *os << v.golden << " (" << v.version << ")"; }

class ModelGolden : public ::testing::TestWithParam<std::tuple<std::string, Variant>> {};

TEST_P(ModelGolden, ScoresEveryFrameAndPooled)
{
    const auto &[clip, variant] = GetParam();
    const auto g = golden(clip, variant.golden);
    ASSERT_TRUE(g.has_value());

    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *raw = nullptr;
    ASSERT_EQ(vmaf_model_load(&raw, &cfg, variant.version), 0);
    Model model(raw);
    const Scorer scorer = [&](VmafContext *ctx, unsigned i) {
        double s = 0;
        ASSERT_EQ(vmaf_score_at_index(ctx, model.get(), &s, i), 0) << i;
    };
    auto checked = check_frames(*g, clip, variant.subsample, scorer, {"vmaf"});

    const auto &want = g->at("pooled_metrics").at("vmaf");
    const double tolerance = kTolerance + max_of(checked.bound.at("vmaf"));
    const std::pair<VmafPoolingMethod, const char *> methods[] = {
        {VMAF_POOL_METHOD_MEAN, "mean"},
        {VMAF_POOL_METHOD_HARMONIC_MEAN, "harmonic_mean"},
        {VMAF_POOL_METHOD_MIN, "min"},
        {VMAF_POOL_METHOD_MAX, "max"},
    };
    for (auto [method, name] : methods) {
        double got = 0;
        ASSERT_EQ(vmaf_score_pooled(checked.ctx.get(), model.get(), method, &got, 0,
                                    frame_numbers(*g).back()),
                  0);
        EXPECT_NEAR(got, want.at(name).get<double>(), tolerance) << clip << " pooled " << name;
    }

    // The writers see the model's per-frame and pooled scores under its name.
    const auto written = nlohmann::json::parse(written_output(checked.ctx.get(), VMAF_OUTPUT_FORMAT_JSON));
    ASSERT_EQ(written.at("frames").size(), g->at("frames").size());
    for (size_t i = 0; i < written.at("frames").size(); i++)
        EXPECT_NEAR(written["frames"][i]["metrics"]["vmaf"].get<double>(),
                    g->at("frames")[i]["metrics"]["vmaf"].get<double>(),
                    kTolerance + checked.bound.at("vmaf")[i])
            << clip << " written frame " << i;
    EXPECT_NEAR(written.at("pooled_metrics").at("vmaf").at("mean").get<double>(),
                want.at("mean").get<double>(), tolerance);
}

// Every (clip, variant) for which the reference made an output; where it
// failed (SOURCE.json says why) there is nothing to compare with.
std::vector<std::tuple<std::string, Variant>> golden_cases()
{
    const Variant variants[] = {{"main", "vmaf_v0.6.1"},
                                {"neg", "vmaf_v0.6.1neg"},
                                {"4k", "vmaf_4k_v0.6.1"},
                                {"float", "vmaf_float_v0.6.1"},
                                {"subsample3", "vmaf_v0.6.1", 3},
                                {"v1", "vmaf_v1.0.16_3d0h"},
                                {"v1_phone", "vmaf_v1.0.16_5d0h"},
                                {"v1_4k", "vmaf_v1.0.16_1d5h_2160"},
                                {"v1_4k_3h", "vmaf_v1.0.16_3d0h_2160"},
                                {"v1_hfr", "vmaf_v1.0.16_hfr_3d0h"},
                                {"v1_hfr_phone", "vmaf_v1.0.16_hfr_5d0h"}};
    std::vector<std::tuple<std::string, Variant>> out;
    for (const auto &v : variants)
        for (const auto &clip : vmaf::test::clips_with_variant(v.golden)) out.emplace_back(clip, v);
    return out;
}

INSTANTIATE_TEST_SUITE_P(
    AllClips, ModelGolden, ::testing::ValuesIn(golden_cases()),
    [](const auto &info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param).golden; });

class BootstrapGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(BootstrapGolden, EveryKeyOfTheCollection)
{
    const std::string clip = GetParam();
    const auto g = golden(clip, "bootstrap");
    ASSERT_TRUE(g.has_value());

    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *raw_model = nullptr;
    VmafModelCollection *raw_collection = nullptr;
    ASSERT_EQ(vmaf_model_collection_load(&raw_model, &raw_collection, &cfg, "vmaf_b_v0.6.3"), 0);
    Model model(raw_model);
    Collection collection(raw_collection);

    const Scorer scorer = [&](VmafContext *ctx, unsigned i) {
        double s = 0;
        ASSERT_EQ(vmaf_score_at_index(ctx, model.get(), &s, i), 0) << i;
        VmafModelCollectionScore cs{};
        ASSERT_EQ(vmaf_score_at_index_model_collection(ctx, collection.get(), &cs, i), 0) << i;
        EXPECT_EQ(cs.type, VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP);
        double bagging = 0;
        ASSERT_EQ(vmaf_feature_score_at_index(ctx, "vmaf_bagging", &bagging, i), 0);
        EXPECT_EQ(cs.bootstrap.bagging_score, bagging);
    };
    std::vector<std::string> keys{"vmaf", "vmaf_bagging", "vmaf_stddev", "vmaf_ci_p95_lo",
                                  "vmaf_ci_p95_hi"};
    for (int i = 1; i <= 20; i++) keys.push_back(fmt::format("vmaf_{:04d}", i));
    auto checked = check_frames(*g, clip, 1, scorer, keys);

    VmafModelCollectionScore pooled{};
    ASSERT_EQ(vmaf_score_pooled_model_collection(checked.ctx.get(), collection.get(),
                                                 VMAF_POOL_METHOD_MEAN, &pooled, 0,
                                                 frame_numbers(*g).back()),
              0);
    EXPECT_EQ(pooled.type, VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP);
    const auto &want = g->at("pooled_metrics");
    const std::pair<const char *, double> fields[] = {
        {"vmaf_bagging", pooled.bootstrap.bagging_score},
        {"vmaf_stddev", pooled.bootstrap.stddev},
        {"vmaf_ci_p95_lo", pooled.bootstrap.ci.p95.lo},
        {"vmaf_ci_p95_hi", pooled.bootstrap.ci.p95.hi},
    };
    for (auto [key, got] : fields)
        EXPECT_NEAR(got, want.at(key).at("mean").get<double>(), kTolerance + max_of(checked.bound.at(key)))
            << clip << " pooled " << key;
}

INSTANTIATE_TEST_SUITE_P(AllClips, BootstrapGolden,
                         ::testing::ValuesIn(vmaf::test::clips_with_variant("bootstrap")),
                         [](const auto &info) { return info.param; });

// The slack stays small next to what a wrong model or transform moves a
// score by (whole points), so the comparisons above still tell them apart.
TEST(ModelGoldenBound, RoundingSlackIsSmall)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *raw = nullptr;
    ASSERT_EQ(vmaf_model_load(&raw, &cfg, "vmaf_v0.6.1"), 0);
    Model model(raw);
    const Scorer scorer = [&](VmafContext *ctx, unsigned i) {
        double s = 0;
        ASSERT_EQ(vmaf_score_at_index(ctx, model.get(), &s, i), 0);
    };
    double worst = 0;
    for (const auto &clip : clip_names()) {
        const auto g = golden(clip, "main");
        ASSERT_TRUE(g.has_value()) << clip;
        worst = std::max(worst, max_of(rounding_bounds(*g, 1, scorer, {"vmaf"}).at("vmaf")));
    }
    RecordProperty("worst_rounding_slack", fmt::format("{:.3g}", worst));
    EXPECT_LT(worst, 1e-3);
}

} // namespace
