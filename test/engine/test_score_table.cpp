// The extension API's read-out of a context's scores (vmaf_score_table_size,
// _key_name, _key_value, _key_pooled) against the public per-name calls,
// and vmaf_take_scores' refusals. The merge itself is test_pair_chunks'.
#include <cerrno>
#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "libvmaf/libvmaf_ext.h"
#include "support/clips.h"
#include "support/feature_scoring.h"

namespace {

using vmaf::test::Context;
using vmaf::test::make_context;

const std::string kClip = "vtest_576x324_420p8";

Context scored(const char *feature, unsigned subsample, unsigned frames)
{
    Context c = make_context(0, subsample);
    EXPECT_EQ(vmaf::test::use_feature(c.get(), feature), 0);
    EXPECT_EQ(vmaf::test::score_clip(c.get(), kClip, frames), 0);
    return c;
}

TEST(ScoreTable, ListsEveryKeyAsThePerNameCallsGiveIt)
{
    Context c = scored("psnr", 1, 6);
    unsigned keys = 0, frames = 0;
    ASSERT_EQ(vmaf_score_table_size(c.get(), &keys, &frames), 0);
    EXPECT_EQ(keys, 3u);
    EXPECT_EQ(frames, 6u);
    const std::vector<std::string> want = {"psnr_y", "psnr_cb", "psnr_cr"};
    for (unsigned k = 0; k < keys; k++) {
        char name[64];
        ASSERT_EQ(vmaf_score_key_name(c.get(), k, name, sizeof(name)), 0);
        EXPECT_EQ(name, want[k]);
        for (unsigned i = 0; i < frames; i++) {
            double a = 0, b = 0;
            ASSERT_EQ(vmaf_score_key_value(c.get(), k, i, &a), 0);
            ASSERT_EQ(vmaf_feature_score_at_index(c.get(), name, &b, i), 0);
            EXPECT_EQ(a, b) << name << " frame " << i;
        }
        for (auto m : {VMAF_POOL_METHOD_MIN, VMAF_POOL_METHOD_MAX, VMAF_POOL_METHOD_MEAN,
                       VMAF_POOL_METHOD_HARMONIC_MEAN}) {
            double a = 0, b = 0;
            ASSERT_EQ(vmaf_score_key_pooled(c.get(), k, m, &a), 0);
            ASSERT_EQ(vmaf_feature_score_pooled(c.get(), name, m, &b, 0, frames - 1), 0);
            EXPECT_EQ(a, b) << name;
        }
    }
    char tiny[6];
    EXPECT_EQ(vmaf_score_key_name(c.get(), 0, tiny, sizeof(tiny)), -ERANGE); // "psnr_y" + NUL
    double v = 0;
    EXPECT_EQ(vmaf_score_key_value(c.get(), keys, 0, &v), -EINVAL);
    EXPECT_EQ(vmaf_score_key_value(c.get(), 0, frames, &v), -ENOENT);
    EXPECT_EQ(vmaf_score_table_size(nullptr, &keys, &frames), -EINVAL);
}

TEST(ScoreTable, SubsampledFramesHaveNoValue)
{
    // float_psnr, not psnr: psnr is temporal (its aggregate sees every
    // frame), so it scores subsampled frames too.
    Context c = scored("float_psnr", 3, 7);
    double v = 0;
    EXPECT_EQ(vmaf_score_key_value(c.get(), 0, 0, &v), 0);
    EXPECT_EQ(vmaf_score_key_value(c.get(), 0, 1, &v), -ENOENT);
    EXPECT_EQ(vmaf_score_key_value(c.get(), 0, 3, &v), 0);
}

TEST(TakeScores, RefusesWhatCannotBeOneRun)
{
    Context src = scored("psnr", 1, 4);
    Context dst = make_context(0);
    ASSERT_EQ(vmaf::test::use_feature(dst.get(), "psnr"), 0);
    // Not flushed: a context still reading.
    Context reading = make_context(0);
    ASSERT_EQ(vmaf::test::use_feature(reading.get(), "psnr"), 0);
    EXPECT_EQ(vmaf_take_scores(dst.get(), reading.get(), 0, 0, 0), -EINVAL);
    EXPECT_EQ(vmaf_take_scores(dst.get(), dst.get(), 0, 0, 0), -EINVAL);
    EXPECT_EQ(vmaf_take_scores(dst.get(), src.get(), 2, 1, 0), -EINVAL);
    ASSERT_EQ(vmaf_take_scores(dst.get(), src.get(), 0, 1, 0), 0);
    // A frame taken twice.
    EXPECT_EQ(vmaf_take_scores(dst.get(), src.get(), 1, 1, 1), -EINVAL);
    ASSERT_EQ(vmaf_take_scores(dst.get(), src.get(), 2, 3, 2), 0);
    // A context that took scores reads no pictures.
    VmafPicture ref{}, dis{};
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 576, 324), 0);
    ASSERT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, 576, 324), 0);
    EXPECT_EQ(vmaf_read_pictures(dst.get(), &ref, &dis, 4), -EINVAL);
    ASSERT_EQ(vmaf_read_pictures(dst.get(), nullptr, nullptr, 0), 0);
    for (unsigned i = 0; i < 4; i++) {
        double a = 0, b = 0;
        ASSERT_EQ(vmaf_feature_score_at_index(dst.get(), "psnr_y", &a, i), 0);
        ASSERT_EQ(vmaf_feature_score_at_index(src.get(), "psnr_y", &b, i), 0);
        EXPECT_EQ(a, b);
    }
    // Taken after the flush.
    EXPECT_EQ(vmaf_take_scores(dst.get(), src.get(), 0, 0, 5), -EINVAL);

    // Subsampled contexts: frames must fall alike.
    Context sub = make_context(0, 2);
    EXPECT_EQ(vmaf_take_scores(sub.get(), src.get(), 0, 1, 1), -EINVAL);
    EXPECT_EQ(vmaf_take_scores(sub.get(), src.get(), 0, 1, 2), 0);
}

} // namespace
