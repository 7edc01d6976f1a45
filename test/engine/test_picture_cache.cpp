// PictureCache: what contexts holding one picture derive from it is made
// once and taken by each; a ladder's renditions share their reference's ADM
// bands this way.
#include <atomic>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "base/picture_cache.h"
#include "base/picture_memory.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::PictureCache;

constexpr char kKind = 0, kOtherKind = 0;

TEST(PictureCache, ConcurrentTakersShareOneMaking)
{
    PictureCache cache(8);
    std::atomic<int> made{0};
    std::vector<const int *> seen(8);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; t++)
        threads.emplace_back([&, t] {
            const auto value = cache.take<int>({&kKind, {7, 0}}, [&] {
                made++;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                return 42;
            });
            EXPECT_EQ(*value, 42);
            seen[t] = value.get();
        });
    for (auto &t : threads) t.join();
    EXPECT_EQ(made.load(), 1);
    for (const int *p : seen) EXPECT_EQ(p, seen[0]);
}

TEST(PictureCache, KeysAreApartByKindAndParams)
{
    PictureCache cache(1);
    EXPECT_EQ(*cache.take<int>({&kKind, {1, 0}}, [] { return 1; }), 1);
    EXPECT_EQ(*cache.take<int>({&kKind, {2, 0}}, [] { return 2; }), 2);
    EXPECT_EQ(*cache.take<int>({&kOtherKind, {1, 0}}, [] { return 3; }), 3);
    EXPECT_EQ(*cache.take<int>({&kKind, {1, 1}}, [] { return 4; }), 4);
}

TEST(PictureCache, LetsAResultGoOnceEveryHolderTookIt)
{
    PictureCache cache(2);
    const auto first = cache.take<int>({&kKind, {0, 0}}, [] { return 5; });
    EXPECT_EQ(cache.size(), 1u);
    const auto second = cache.take<int>({&kKind, {0, 0}}, [] { return 6; });
    EXPECT_EQ(*second, 5);
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_EQ(*first, 5); // the takers keep theirs
}

TEST(PictureCache, AFailedMakingLeavesNothingBehind)
{
    PictureCache cache(2);
    EXPECT_THROW(cache.take<int>({&kKind, {0, 0}}, []() -> int { throw std::runtime_error("x"); }),
                 std::runtime_error);
    EXPECT_EQ(*cache.take<int>({&kKind, {0, 0}}, [] { return 9; }), 9);
}

TEST(PictureCache, OnlySharedPicturesHaveOne)
{
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    EXPECT_EQ(vmaf::picture_cache(pic), nullptr);
    vmaf::picture_share(&pic, 2);
    EXPECT_NE(vmaf::picture_cache(pic), nullptr);
    EXPECT_EQ(vmaf_picture_unref(&pic), 0);
}

// Two contexts take the same shared reference pictures. The second's copies
// are overwritten after the first scored them: scores equal to the first's
// show that the second took ADM's reference bands instead of computing them
// from the samples it holds; without sharing they differ (the test can
// fail).
void fill_luma(VmafPicture &pic, std::mt19937 &rng)
{
    for (unsigned y = 0; y < pic.h[0]; y++) {
        auto *row = static_cast<uint8_t *>(pic.data[0]) + y * pic.stride[0];
        for (unsigned x = 0; x < pic.w[0]; x++) row[x] = static_cast<uint8_t>(rng() & 0xff);
    }
}

struct Scored {
    std::vector<double> adm2;
};

Scored score_with_copies(bool share, unsigned w, unsigned h)
{
    constexpr unsigned kFrames = 4;
    std::mt19937 rng(5);
    VmafContext *ctx[2] = {};
    for (auto &c : ctx) {
        VmafConfiguration cfg{};
        cfg.log_level = VMAF_LOG_LEVEL_ERROR;
        EXPECT_EQ(vmaf_init(&c, cfg), 0);
        EXPECT_EQ(vmaf_use_feature(c, "adm", nullptr), 0);
    }
    std::vector<VmafPicture> kept_ref(kFrames), kept_dis(kFrames);
    for (unsigned i = 0; i < kFrames; i++) {
        VmafPicture ref, dis;
        EXPECT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV400P, 8, w, h), 0);
        EXPECT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV400P, 8, w, h), 0);
        fill_luma(ref, rng);
        fill_luma(dis, rng);
        if (share) vmaf::picture_share(&ref, 2);
        vmaf::picture_ref(&kept_ref[i], &ref);
        vmaf::picture_ref(&kept_dis[i], &dis);
        EXPECT_EQ(vmaf_read_pictures(ctx[0], &ref, &dis, i), 0);
    }
    EXPECT_EQ(vmaf_read_pictures(ctx[0], nullptr, nullptr, 0), 0);
    for (unsigned i = 0; i < kFrames; i++) {
        fill_luma(kept_ref[i], rng);
        EXPECT_EQ(vmaf_read_pictures(ctx[1], &kept_ref[i], &kept_dis[i], i), 0);
    }
    EXPECT_EQ(vmaf_read_pictures(ctx[1], nullptr, nullptr, 0), 0);
    Scored differ{};
    for (unsigned i = 0; i < kFrames; i++) {
        double a[2];
        for (int c = 0; c < 2; c++)
            EXPECT_EQ(vmaf_feature_score_at_index(ctx[c], "VMAF_integer_feature_adm2_score",
                                                  &a[c], i),
                      0);
        differ.adm2.push_back(a[1] - a[0]);
    }
    for (auto &c : ctx) vmaf_close(c);
    return differ;
}

TEST(SharedReference, SecondContextTakesTheFirstsResults)
{
    // 64 wide: every scale's bands are the reference's alone.
    const Scored shared = score_with_copies(true, 64, 36);
    const Scored apart = score_with_copies(false, 64, 36);
    for (unsigned i = 0; i < shared.adm2.size(); i++) {
        EXPECT_EQ(shared.adm2[i], 0.0) << "frame " << i;
        EXPECT_NE(apart.adm2[i], 0.0) << "frame " << i;
    }
}

TEST(SharedReference, BandsThatReadTheDistortedAreNotShared)
{
    // 36 wide: scale 1 has 9 outputs, whose last reads the distorted
    // picture's row buffer (last_output_unreflected), so each context
    // computes its own bands.
    const Scored shared = score_with_copies(true, 36, 36);
    for (unsigned i = 0; i < shared.adm2.size(); i++) EXPECT_NE(shared.adm2[i], 0.0) << "frame " << i;
}

} // namespace
