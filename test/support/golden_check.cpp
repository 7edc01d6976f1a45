#include "support/golden_check.h"

#include <cmath>
#include <gtest/gtest.h>

namespace vmaf::test {

size_t expect_golden_frames(VmafContext *ctx, const nlohmann::json &g, const std::string &label,
                            const std::function<bool(const std::string &)> &wanted,
                            double tolerance)
{
    size_t compared = 0;
    for (const auto &frame : g.at("frames")) {
        const unsigned i = frame.at("frameNum").get<unsigned>();
        for (const auto &[key, value] : frame.at("metrics").items()) {
            if (!wanted(key)) continue;
            double got = NAN;
            const int err = vmaf_feature_score_at_index(ctx, key.c_str(), &got, i);
            EXPECT_EQ(err, 0) << label << " has no " << key << " at frame " << i;
            if (err) continue;
            if (value.is_null())
                EXPECT_FALSE(std::isfinite(got)) << label << " " << key << " frame " << i;
            else
                EXPECT_NEAR(got, value.get<double>(), tolerance)
                    << label << " " << key << " frame " << i;
            compared++;
        }
    }
    return compared;
}

size_t expect_golden(const std::string &clip, const std::string &variant,
                     const std::vector<FeatureUse> &features,
                     const std::function<bool(const std::string &)> &wanted, double tolerance,
                     unsigned threads, unsigned subsample)
{
    const auto g = golden(clip, variant);
    if (!g) {
        ADD_FAILURE() << clip << " has no golden " << variant;
        return 0;
    }
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_threads = threads;
    cfg.n_subsample = subsample;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), 0);
    for (const auto &f : features) {
        VmafFeatureDictionary *d = nullptr;
        for (const auto &[k, v] : f.options) vmaf_feature_dictionary_set(&d, k.c_str(), v.c_str());
        EXPECT_EQ(vmaf_use_feature(ctx, f.name.c_str(), d), 0) << f.name;
        vmaf_feature_dictionary_free(&d);
    }
    EXPECT_EQ(score_clip(ctx, clip), 0) << clip;
    const size_t compared = expect_golden_frames(ctx, *g, clip + " " + variant, wanted, tolerance);
    vmaf_close(ctx);
    return compared;
}

} // namespace vmaf::test
