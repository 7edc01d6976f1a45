// The offset search of --align auto on thumbnails made here: a shift found
// with the margin the mean squared differences give, ties refused saying why.
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <vector>

#include "libvmaf/picture.h"
#include "session/align/offset_search.h"

namespace {

using vmaf::session::OffsetSearch;
using vmaf::session::search_offset;
using vmaf::session::Thumbnail;

// A 10-bit picture's thumbnail: each sample the mean of its block, in 8-bit
// units; the rows and columns past the last whole block left out.
TEST(OffsetSearch, ThumbnailAveragesBlocksInEightBitUnits)
{
    VmafPicture pic{};
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 7, 5), 0);
    for (unsigned y = 0; y < 5; y++)
        for (unsigned x = 0; x < 7; x++)
            reinterpret_cast<uint16_t *>(static_cast<uint8_t *>(pic.data[0]) +
                                         y * pic.stride[0])[x] =
                static_cast<uint16_t>(4 * (x + 10 * y));
    const Thumbnail t = vmaf::session::make_thumbnail(pic, 2);
    vmaf_picture_unref(&pic);
    ASSERT_EQ(t.w, 3u);
    ASSERT_EQ(t.h, 2u);
    for (unsigned ty = 0; ty < 2; ty++)
        for (unsigned tx = 0; tx < 3; tx++) {
            // The block's 8-bit values x + 10y, x in {2tx, 2tx+1}, y in {2ty, 2ty+1}.
            const double mean = 2 * tx + 0.5 + 10 * (2 * ty + 0.5);
            EXPECT_FLOAT_EQ(t.luma[ty * 3 + tx], static_cast<float>(mean)) << tx << "," << ty;
        }
    EXPECT_EQ(vmaf::session::thumbnail_factor(1920, 1080), 12u);
    EXPECT_EQ(vmaf::session::thumbnail_factor(64, 48), 1u);
}

std::vector<Thumbnail> noise_frames(unsigned n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0, 255);
    std::vector<Thumbnail> out(n);
    for (Thumbnail &t : out) {
        t.w = 8;
        t.h = 4;
        t.luma.resize(32);
        for (float &v : t.luma) v = u(rng);
    }
    return out;
}

TEST(OffsetSearch, FindsAShiftEitherWay)
{
    const auto frames = noise_frames(100, 1);
    for (int shift : {-17, -1, 0, 3, 30}) {
        // dis[i + shift] = ref[i]: the distorted starts `shift` frames later.
        std::vector<Thumbnail> ref, dis;
        for (int i = 0; i < 40; i++) ref.push_back(frames[size_t(i + 30)]);
        for (int i = 0; i < 40; i++) dis.push_back(frames[size_t(i + 30 - shift)]);
        const auto found = search_offset(ref, dis, OffsetSearch{});
        EXPECT_TRUE(found.found) << shift << ": " << found.why;
        EXPECT_EQ(found.offset, shift);
        EXPECT_EQ(found.margin, 1.0); // exact frames: no difference at all
        EXPECT_EQ(found.pairs, 40u - static_cast<unsigned>(std::abs(shift)));
    }
}

TEST(OffsetSearch, RefusesTiesSayingWhy)
{
    // A loop of five frames: offsets five apart match exactly alike.
    const auto five = noise_frames(5, 2);
    std::vector<Thumbnail> loop;
    for (int i = 0; i < 50; i++) loop.push_back(five[size_t(i % 5)]);
    auto found = search_offset(loop, loop, OffsetSearch{});
    EXPECT_FALSE(found.found);
    EXPECT_NE(found.why.find("repeats itself"), std::string::npos) << found.why;
    // A still picture.
    const std::vector<Thumbnail> still(50, five[0]);
    found = search_offset(still, still, OffsetSearch{});
    EXPECT_FALSE(found.found);
    EXPECT_NE(found.why.find("hardly changes"), std::string::npos) << found.why;
    // Too few frames for two offsets of four pairs.
    found = search_offset(std::vector<Thumbnail>(five.begin(), five.begin() + 4),
                          std::vector<Thumbnail>(five.begin(), five.begin() + 4), OffsetSearch{});
    EXPECT_FALSE(found.found);
    EXPECT_NE(found.why.find("too few frames"), std::string::npos) << found.why;
}

// The margin against the second best: 1 - best / second, refused below the
// threshold.
TEST(OffsetSearch, MarginIsTheRatioToTheRunnerUp)
{
    auto ref = noise_frames(40, 3);
    auto dis = ref;
    // Every frame off by 1 at the true offset (0): best MSE 1.
    for (Thumbnail &t : dis)
        for (float &v : t.luma) v += 1;
    const auto found = search_offset(ref, dis, OffsetSearch{});
    ASSERT_TRUE(found.found) << found.why;
    EXPECT_EQ(found.offset, 0);
    EXPECT_NEAR(found.best_mse, 1.0, 1e-6); // floats' rounding of v + 1
    EXPECT_DOUBLE_EQ(found.margin, 1.0 - found.best_mse / found.runner_up_mse);
    OffsetSearch strict;
    strict.min_margin = 1.0;
    EXPECT_FALSE(search_offset(ref, dis, strict).found);
}

} // namespace
