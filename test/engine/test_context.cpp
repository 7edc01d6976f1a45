// The scoring context: frame validation, threading, subsampling, ownership.
#include <cerrno>
#include <climits>
#include <cmath>
#include <gtest/gtest.h>

#include "engine/c_callers.h"
#include "libvmaf/libvmaf_ext.h"
#include "engine/thread_pool.h"
#include "support/golden.h"

namespace {

struct Ctx {
    VmafContext *p = nullptr;
    explicit Ctx(unsigned threads, unsigned subsample = 0)
    {
        VmafConfiguration cfg{};
        cfg.n_threads = threads;
        cfg.n_subsample = subsample;
        EXPECT_EQ(vmaf_init(&p, cfg), 0);
    }
    ~Ctx() { vmaf_close(p); }
};

VmafPicture filled(VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h, unsigned luma,
                   unsigned chroma = 64)
{
    VmafPicture pic;
    EXPECT_EQ(vmaf_picture_alloc(&pic, fmt, bpc, w, h), 0);
    for (int p = 0; p < 3; p++)
        for (unsigned y = 0; y < pic.h[p]; y++)
            for (unsigned x = 0; x < pic.w[p]; x++) {
                auto *row = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
                const unsigned value = p ? chroma : luma;
                if (bpc > 8) reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(value);
                else row[x] = static_cast<uint8_t>(value);
            }
    return pic;
}

TEST(Context, PsnrOfAConstantOffsetIsClosedForm)
{
    // Every luma sample off by 3 at 10 bits: mse 9, psnr = 10 log10(1023^2 / 9).
    Ctx ctx(0);
    ASSERT_EQ(vmaf_use_feature(ctx.p, "psnr", nullptr), 0);
    VmafPicture ref = filled(VMAF_PIX_FMT_YUV420P, 10, 17, 9, 500);
    VmafPicture dis = filled(VMAF_PIX_FMT_YUV420P, 10, 17, 9, 503);
    ASSERT_EQ(vmaf_read_pictures(ctx.p, &ref, &dis, 0), 0);
    EXPECT_EQ(ref.ref, nullptr); // taken over
    ASSERT_EQ(vmaf_read_pictures(ctx.p, nullptr, nullptr, 0), 0);
    double v;
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.p, "psnr_y", &v, 0), 0);
    EXPECT_DOUBLE_EQ(v, 10.0 * std::log10(1023.0 * 1023.0 / 9.0));
    // Identical frames hit the cap: 6 dB per bit + 12.
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.p, "psnr_cb", &v, 0), 0);
    EXPECT_EQ(v, 72.0);
}

TEST(Context, MismatchedPicturesAreRejected)
{
    Ctx ctx(0);
    ASSERT_EQ(vmaf_use_feature(ctx.p, "psnr", nullptr), 0);
    VmafPicture a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    VmafPicture b = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 18, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &b, 0), -EINVAL);
    a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    b = filled(VMAF_PIX_FMT_YUV444P, 8, 16, 16, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &b, 0), -EINVAL);
    a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    b = filled(VMAF_PIX_FMT_YUV420P, 10, 16, 16, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &b, 0), -EINVAL);
    a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, nullptr, 0), -EINVAL);
    vmaf_picture_unref(&a);
}

// Each worker holds pictures in flight: a thread count far beyond the
// machine is refused with a message, never an abort or gigabytes of pictures.
TEST(Context, RefusesMoreThreadsThanTheMachineTakes)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    cfg.n_threads = vmaf::ThreadPool::max_threads() + 1;
    VmafContext *ctx = nullptr;
    EXPECT_EQ(vmaf_init(&ctx, cfg), -EINVAL);
    EXPECT_EQ(ctx, nullptr);
    cfg.n_threads = vmaf::ThreadPool::max_threads();
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    vmaf_close(ctx);
}

TEST(Context, NothingAfterTheFlush)
{
    Ctx ctx(0);
    ASSERT_EQ(vmaf_use_feature(ctx.p, "psnr", nullptr), 0);
    ASSERT_EQ(vmaf_read_pictures(ctx.p, nullptr, nullptr, 0), 0);
    VmafPicture a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    VmafPicture b = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &b, 0), -EINVAL);
    EXPECT_EQ(a.ref, nullptr); // taken over and released all the same
    EXPECT_EQ(vmaf_read_pictures(ctx.p, nullptr, nullptr, 0), -EINVAL); // flushed twice
}

TEST(Context, SamePictureOnBothSidesIsRefused)
{
    Ctx ctx(0);
    ASSERT_EQ(vmaf_use_feature(ctx.p, "psnr", nullptr), 0);
    VmafPicture pic = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    VmafPicture copy = pic;
    // One reference, given twice: it is taken over once, never freed twice.
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &pic, &copy, 0), -EINVAL);
    EXPECT_EQ(pic.ref, nullptr);
    EXPECT_EQ(copy.ref, nullptr);
    VmafPicture a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &a, 0), -EINVAL);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, nullptr, nullptr, 0), 0);
}

TEST(Context, FrameIndexBeyondTheLastOneTakenIsRefused)
{
    Ctx ctx(1);
    ASSERT_EQ(vmaf_use_feature(ctx.p, "psnr", nullptr), 0);
    for (unsigned index : {UINT_MAX, (1u << 24)}) {
        VmafPicture a = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1);
        VmafPicture b = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 2);
        EXPECT_EQ(vmaf_read_pictures(ctx.p, &a, &b, index), -EINVAL) << index;
        EXPECT_EQ(vmaf_import_feature_score(ctx.p, "imported", 1.0, index), -EINVAL) << index;
    }
    EXPECT_EQ(vmaf_import_feature_score(ctx.p, "imported", 1.0, (1u << 24) - 1), 0);
    double v = 0;
    EXPECT_EQ(vmaf_feature_score_at_index(ctx.p, "imported", &v, (1u << 24) - 1), 0);
    EXPECT_EQ(v, 1.0);
    EXPECT_EQ(vmaf_read_pictures(ctx.p, nullptr, nullptr, 0), 0);
}

// C callers can pass any int as an enum: each is checked before use
// (under UBSan, a load of an out-of-range enum would be reported).
TEST(Context, OutOfRangeEnumsFromCAreRefused)
{
    EXPECT_EQ(c_init_with_log_level(99), -EINVAL);
    EXPECT_EQ(c_init_with_log_level(-1), -EINVAL);
    EXPECT_EQ(c_picture_alloc_with_format(99), -EINVAL);
    EXPECT_EQ(c_picture_alloc_with_format(0), -EINVAL);
    Ctx ctx(0);
    ASSERT_EQ(vmaf_import_feature_score(ctx.p, "imported", 1.0, 0), 0);
    EXPECT_EQ(c_write_output_with_format(ctx.p, 99), -EINVAL);
    EXPECT_EQ(c_write_output_with_format(ctx.p, -5), -EINVAL);
    EXPECT_EQ(c_score_pooled_with_method(ctx.p, 99), -EINVAL);
    EXPECT_EQ(c_score_pooled_with_method(ctx.p, 3), 0);
    EXPECT_EQ(c_preallocate_with_format(ctx.p, 42), -EINVAL);
    EXPECT_EQ(c_model_score_pooled_with_method(77), -EINVAL);
}

// Scores of a clip as a flat list, for comparing runs: vif and float_ssim,
// which are not temporal, so with threads they run on the pool. Every key
// must be there.
std::vector<double> pool_scores(unsigned threads)
{
    Ctx ctx(threads);
    EXPECT_EQ(vmaf_use_feature(ctx.p, "vif", nullptr), 0);
    EXPECT_EQ(vmaf_use_feature(ctx.p, "float_ssim", nullptr), 0);
    EXPECT_EQ(vmaf::test::score_clip(ctx.p, "vtest_576x324_420p8"), 0);
    std::vector<double> out;
    for (unsigned i = 0; i < 24; i++) {
        for (const char *k : {"VMAF_integer_feature_vif_scale0_score",
                              "VMAF_integer_feature_vif_scale3_score", "float_ssim"}) {
            double v = NAN;
            EXPECT_EQ(vmaf_feature_score_at_index(ctx.p, k, &v, i), 0)
                << threads << " threads: no " << k << " at frame " << i;
            out.push_back(v);
        }
    }
    return out;
}

// The planes the features read: luma only for the default model, all three
// once an extractor reads chroma; an error before any feature.
TEST(Context, PlanesReadFollowTheFeatures)
{
    Ctx ctx(0);
    unsigned planes = 0;
    EXPECT_EQ(vmaf_planes_read(ctx.p, &planes), -EINVAL);
    EXPECT_EQ(vmaf_planes_read(ctx.p, nullptr), -EINVAL);
    EXPECT_EQ(vmaf_planes_read(nullptr, &planes), -EINVAL);

    VmafModel *model = nullptr;
    VmafModelConfig cfg{};
    ASSERT_EQ(vmaf_model_load(&model, &cfg, "vmaf_v0.6.1"), 0);
    ASSERT_EQ(vmaf_use_features_from_model(ctx.p, model), 0);
    vmaf_model_destroy(model);
    ASSERT_EQ(c_planes_read(ctx.p, &planes), 0);
    EXPECT_EQ(planes, 1u);
    for (const char *luma : {"float_ssim", "float_psnr", "float_vif", "float_adm"})
        ASSERT_EQ(vmaf_use_feature(ctx.p, luma, nullptr), 0) << luma;
    ASSERT_EQ(vmaf_planes_read(ctx.p, &planes), 0);
    EXPECT_EQ(planes, 1u);
    // float_motion reads chroma with motion_add_uv: its entry counts.
    ASSERT_EQ(vmaf_use_feature(ctx.p, "float_motion", nullptr), 0);
    ASSERT_EQ(vmaf_planes_read(ctx.p, &planes), 0);
    EXPECT_EQ(planes, 3u);

    for (const char *chroma : {"psnr", "ciede", "psnr_hvs"}) {
        Ctx other(0);
        ASSERT_EQ(vmaf_use_feature(other.p, "adm", nullptr), 0);
        ASSERT_EQ(vmaf_planes_read(other.p, &planes), 0);
        EXPECT_EQ(planes, 1u);
        ASSERT_EQ(vmaf_use_feature(other.p, chroma, nullptr), 0) << chroma;
        ASSERT_EQ(vmaf_planes_read(other.p, &planes), 0);
        EXPECT_EQ(planes, 3u) << chroma;
    }
}

TEST(Context, ThreadCountDoesNotChangeScores)
{
    const auto one = pool_scores(0);
    ASSERT_EQ(one.size(), 72u);
    for (const double v : one) ASSERT_TRUE(std::isfinite(v) && v > 0.0) << v;
    EXPECT_EQ(pool_scores(1), one);
    EXPECT_EQ(pool_scores(2), one);
    EXPECT_EQ(pool_scores(8), one);
}

// A ladder's renditions: the borrower's motion scores are the lender's,
// not computed from its own pictures (here other ones, so that they would
// differ), while its other features are its own.
TEST(Context, BorrowedReferenceScoresAreTheLenders)
{
    Ctx lender(0), borrower(0);
    for (VmafContext *c : {lender.p, borrower.p}) {
        ASSERT_EQ(vmaf_use_feature(c, "motion", nullptr), 0);
        ASSERT_EQ(vmaf_use_feature(c, "psnr", nullptr), 0);
    }
    ASSERT_EQ(vmaf_borrow_reference_scores(borrower.p, lender.p), 0);
    constexpr unsigned kFrames = 4;
    for (unsigned i = 0; i < kFrames; i++) {
        VmafPicture ref = filled(VMAF_PIX_FMT_YUV420P, 8, 32, 24, 20 + 30 * i);
        VmafPicture dis = filled(VMAF_PIX_FMT_YUV420P, 8, 32, 24, 25 + 30 * i);
        ASSERT_EQ(vmaf_read_pictures(lender.p, &ref, &dis, i), 0);
        VmafPicture other_ref = filled(VMAF_PIX_FMT_YUV420P, 8, 32, 24, 40 + 3 * i);
        VmafPicture other_dis = filled(VMAF_PIX_FMT_YUV420P, 8, 32, 24, 50 + 3 * i);
        ASSERT_EQ(vmaf_read_pictures(borrower.p, &other_ref, &other_dis, i), 0);
    }
    ASSERT_EQ(vmaf_read_pictures(lender.p, nullptr, nullptr, 0), 0);
    ASSERT_EQ(vmaf_read_pictures(borrower.p, nullptr, nullptr, 0), 0);
    for (unsigned i = 0; i < kFrames; i++) {
        double lent, got, own;
        ASSERT_EQ(vmaf_feature_score_at_index(lender.p, "VMAF_integer_feature_motion2_score",
                                              &lent, i), 0);
        ASSERT_EQ(vmaf_feature_score_at_index(borrower.p, "VMAF_integer_feature_motion2_score",
                                              &got, i), 0);
        EXPECT_EQ(got, lent) << "frame " << i;
        ASSERT_EQ(vmaf_feature_score_at_index(borrower.p, "psnr_y", &own, i), 0);
        // 10 units off at 8 bits: its own pictures' psnr.
        EXPECT_DOUBLE_EQ(own, 10.0 * std::log10(255.0 * 255.0 / 100.0)) << "frame " << i;
    }
    // Constant steps of 30 between frames, blurred: motion 30 from frame 1.
    double lent;
    ASSERT_EQ(vmaf_feature_score_at_index(lender.p, "VMAF_integer_feature_motion2_score", &lent, 1),
              0);
    EXPECT_DOUBLE_EQ(lent, 30.0);
}

TEST(Context, BorrowingReferenceScoresIsRefusedWhereItCannotHold)
{
    {
        // The lender lacks motion.
        Ctx lender(0), borrower(0);
        ASSERT_EQ(vmaf_use_feature(lender.p, "psnr", nullptr), 0);
        ASSERT_EQ(vmaf_use_feature(borrower.p, "motion", nullptr), 0);
        EXPECT_EQ(vmaf_borrow_reference_scores(borrower.p, lender.p), -EINVAL);
        EXPECT_EQ(vmaf_borrow_reference_scores(borrower.p, borrower.p), -EINVAL);
        EXPECT_EQ(vmaf_borrow_reference_scores(borrower.p, nullptr), -EINVAL);
    }
    {
        // Other options: other scores.
        Ctx lender(0), borrower(0);
        VmafFeatureDictionary *d = nullptr;
        ASSERT_EQ(vmaf_feature_dictionary_set(&d, "motion_force_zero", "true"), 0);
        ASSERT_EQ(vmaf_use_feature(lender.p, "motion", d), 0);
        vmaf_feature_dictionary_free(&d);
        ASSERT_EQ(vmaf_use_feature(borrower.p, "motion", nullptr), 0);
        EXPECT_EQ(vmaf_borrow_reference_scores(borrower.p, lender.p), -EINVAL);
    }
    {
        // After a frame; and a borrower flushed before its lender.
        Ctx lender(0), borrower(0), late(0);
        for (VmafContext *c : {lender.p, borrower.p, late.p})
            ASSERT_EQ(vmaf_use_feature(c, "motion", nullptr), 0);
        ASSERT_EQ(vmaf_borrow_reference_scores(borrower.p, lender.p), 0);
        VmafPicture ref = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 9);
        VmafPicture dis = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 9);
        ASSERT_EQ(vmaf_read_pictures(lender.p, &ref, &dis, 0), 0);
        EXPECT_EQ(vmaf_borrow_reference_scores(late.p, lender.p), -EINVAL);
        ref = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 9);
        dis = filled(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 9);
        ASSERT_EQ(vmaf_read_pictures(borrower.p, &ref, &dis, 0), 0);
        EXPECT_EQ(vmaf_read_pictures(borrower.p, nullptr, nullptr, 0), -EINVAL);
    }
}

} // namespace
