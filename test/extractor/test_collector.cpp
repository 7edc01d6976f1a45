// The feature collector and pooling through the API.
#include <cmath>
#include <gtest/gtest.h>

#include "extractor/collector.h"
#include "libvmaf/libvmaf.h"

namespace {

TEST(Collector, KeepsScoresByKeyAndIndex)
{
    vmaf::FeatureCollector c;
    c.declare("b");
    EXPECT_EQ(c.append("a", 1.5, 2), 0);
    EXPECT_EQ(c.append("b", 7.0, 0), 0);
    EXPECT_EQ(c.append("a", 2.0, 2), -EINVAL); // written twice
    EXPECT_EQ(*c.score("a", 2), 1.5);
    EXPECT_FALSE(c.score("a", 1).has_value());
    EXPECT_FALSE(c.score("a", 9).has_value());
    EXPECT_FALSE(c.score("zzz", 0).has_value());
    EXPECT_EQ(c.frame_count(), 3u);
    // Declared keys keep their place ahead of later ones.
    EXPECT_EQ(c.keys(), (std::vector<std::string>{"b", "a"}));
    c.set_aggregate("agg", 3.0);
    c.set_aggregate("agg", 4.0);
    ASSERT_EQ(c.aggregates().size(), 1u);
    EXPECT_EQ(c.aggregates()[0].second, 4.0);
}

// The reference's order: keys by the frame being extracted when their first
// value came, then by extractor and key within it (declaration order).
TEST(Collector, KeysFollowTheStepOfTheirFirstValue)
{
    vmaf::FeatureCollector c;
    for (const char *key : {"adm", "motion2", "vif"}) c.declare(key);
    // A worker may deliver frame 1 before frame 0; motion2 of frame 0 comes
    // only while frame 1 is extracted.
    vmaf::StepSink frame1(c, 1);
    EXPECT_EQ(frame1.append("vif", 0.5, 1), 0);
    EXPECT_EQ(frame1.append("motion2", 0.1, 0), 0);
    EXPECT_EQ(frame1.append("adm", 0.9, 1), 0);
    vmaf::StepSink frame0(c, 0);
    EXPECT_EQ(frame0.append("vif", 0.4, 0), 0);
    EXPECT_EQ(frame0.append("adm", 0.8, 0), 0);
    // A model score, appended after the run.
    EXPECT_EQ(c.append("vmaf", 90.0, 0), 0);
    EXPECT_EQ(c.keys(), (std::vector<std::string>{"adm", "vif", "motion2", "vmaf"}));
}

TEST(Collector, FlushedKeysFollowEveryFrameAndPrecedeLaterOnes)
{
    vmaf::FeatureCollector c;
    c.declare("motion2");
    c.declare("psnr_y");
    EXPECT_EQ(c.append("vmaf", 90.0, 0), 0);
    vmaf::StepSink flush(c, vmaf::FeatureCollector::kFlushStep);
    EXPECT_EQ(flush.append("motion2", 0.0, 0), 0);
    vmaf::StepSink frame0(c, 0);
    EXPECT_EQ(frame0.append("psnr_y", 30.0, 0), 0);
    // A value refused (written twice) does not move its key.
    EXPECT_EQ(frame0.append("motion2", 0.0, 0), -EINVAL);
    EXPECT_EQ(c.keys(), (std::vector<std::string>{"psnr_y", "motion2", "vmaf"}));
}

// An asynchronous extractor (a HIP twin) reports frame 0's values while a
// later frame is extracted, or at the flush: stamped with frame 0 through
// vmaf_sink_append_at, its keys keep the place the CPU's would have, even
// where another extractor's frame-1 key and a flushed key came first.
TEST(Collector, LateValuesKeepTheirFramesPlace)
{
    vmaf::FeatureCollector c;
    for (const char *key : {"adm", "motion_sad", "vif", "motion2"}) c.declare(key);
    vmaf::StepSink frame1(c, 1);
    EXPECT_EQ(vmaf_sink_append(&frame1, "motion2", 0.1, 0), 0);
    EXPECT_EQ(vmaf_sink_append_at(&frame1, "motion_sad", 2.0, 0, 0), 0);
    vmaf::StepSink flush(c, vmaf::FeatureCollector::kFlushStep);
    EXPECT_EQ(vmaf_sink_append_at(&flush, "vif", 0.5, 0, 0), 0);
    EXPECT_EQ(vmaf_sink_append_at(&flush, "adm", 0.9, 0, 0), 0);
    EXPECT_EQ(c.keys(), (std::vector<std::string>{"adm", "motion_sad", "vif", "motion2"}));
    // A stamp never moves a value later than the call it came in.
    vmaf::FeatureCollector d;
    d.declare("a");
    d.declare("b");
    vmaf::StepSink frame0(d, 0);
    EXPECT_EQ(vmaf_sink_append_at(&frame0, "b", 1.0, 0, 5), 0);
    vmaf::StepSink frame3(d, 3);
    EXPECT_EQ(frame3.append("a", 1.0, 3), 0);
    EXPECT_EQ(d.keys(), (std::vector<std::string>{"b", "a"}));
    EXPECT_EQ(vmaf_sink_append_at(nullptr, "a", 1.0, 0, 0), -EINVAL);
}

class Pooling : public ::testing::Test {
protected:
    void SetUp() override
    {
        VmafConfiguration cfg{};
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        for (unsigned i = 0; i < values.size(); i++)
            ASSERT_EQ(vmaf_import_feature_score(ctx, "f", values[i], i), 0);
    }
    void TearDown() override { vmaf_close(ctx); }
    double pool(VmafPoolingMethod m, unsigned lo, unsigned hi)
    {
        double v = NAN;
        EXPECT_EQ(vmaf_feature_score_pooled(ctx, "f", m, &v, lo, hi), 0);
        return v;
    }
    VmafContext *ctx = nullptr;
    std::vector<double> values{1.0, 3.0, 0.0, 8.0};
};

TEST_F(Pooling, MinMaxMeanHarmonic)
{
    EXPECT_EQ(pool(VMAF_POOL_METHOD_MIN, 0, 3), 0.0);
    EXPECT_EQ(pool(VMAF_POOL_METHOD_MAX, 0, 3), 8.0);
    EXPECT_DOUBLE_EQ(pool(VMAF_POOL_METHOD_MEAN, 0, 3), 3.0);
    // The reference's harmonic mean: n / sum(1 / (x + 1)) - 1.
    const double h = 4.0 / (1.0 / 2 + 1.0 / 4 + 1.0 / 1 + 1.0 / 9) - 1.0;
    EXPECT_DOUBLE_EQ(pool(VMAF_POOL_METHOD_HARMONIC_MEAN, 0, 3), h);
    EXPECT_DOUBLE_EQ(pool(VMAF_POOL_METHOD_MEAN, 1, 2), 1.5);
}

TEST_F(Pooling, RejectsBadRequests)
{
    double v;
    EXPECT_EQ(vmaf_feature_score_pooled(ctx, "f", VMAF_POOL_METHOD_MEAN, &v, 3, 1), -EINVAL);
    EXPECT_EQ(vmaf_feature_score_pooled(ctx, "f", VMAF_POOL_METHOD_UNKNOWN, &v, 0, 3), -EINVAL);
    EXPECT_EQ(vmaf_feature_score_pooled(ctx, "f", VMAF_POOL_METHOD_MEAN, &v, 0, 4), -EINVAL);
    EXPECT_EQ(vmaf_feature_score_pooled(ctx, "g", VMAF_POOL_METHOD_MEAN, &v, 0, 3), -EINVAL);
    EXPECT_EQ(vmaf_feature_score_at_index(ctx, "f", &v, 7), -EINVAL);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx, "f", &v, 3), 0);
    EXPECT_EQ(v, 8.0);
}

TEST(PoolingSubsample, SkipsFramesOutsideTheSubsample)
{
    VmafConfiguration cfg{};
    cfg.n_subsample = 2;
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "f", 2.0, 0), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "f", 4.0, 2), 0);
    double v;
    ASSERT_EQ(vmaf_feature_score_pooled(ctx, "f", VMAF_POOL_METHOD_MEAN, &v, 0, 3), 0);
    EXPECT_EQ(v, 3.0);
    vmaf_close(ctx);
}

} // namespace
