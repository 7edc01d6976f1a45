// The offset search of --align auto on frames made here, their thumbnails
// and distances libvmaf's (vmaf_thumbnails_*, on the CPU): a shift found
// with the margin the mean squared differences give, ties refused saying
// why.
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <optional>
#include <random>
#include <vector>

#include "libvmaf/libvmaf_ext.h"
#include "session/align/offset_search.h"

namespace {

using vmaf::session::OffsetFound;
using vmaf::session::OffsetSearch;

// 8x4 8-bit frames: too small to shrink, so each thumbnail is its frame.
using Frame = std::vector<uint8_t>;
constexpr unsigned kW = 8, kH = 4;

std::vector<Frame> noise_frames(unsigned n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> u(0, 254);
    std::vector<Frame> out(n, Frame(kW * kH));
    for (Frame &f : out)
        for (uint8_t &v : f) v = static_cast<uint8_t>(u(rng));
    return out;
}

// The search over libvmaf's thumbnails of `ref` and `dis`.
OffsetFound search(const std::vector<Frame> &ref, const std::vector<Frame> &dis,
                   const OffsetSearch &how = {})
{
    VmafThumbnails *t = nullptr;
    EXPECT_EQ(vmaf_thumbnails_init(&t, kW, kH, 8, unsigned(ref.size() + dis.size())), 0);
    std::vector<unsigned> ids[2];
    for (int side = 0; side < 2; side++)
        for (const Frame &f : side ? dis : ref) {
            VmafPicture pic{};
            EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, kW, kH), 0);
            for (unsigned y = 0; y < kH; y++)
                for (unsigned x = 0; x < kW; x++)
                    static_cast<uint8_t *>(pic.data[0])[y * pic.stride[0] + x] = f[y * kW + x];
            unsigned index = 0;
            EXPECT_EQ(vmaf_thumbnails_add(t, &pic, &index), 0);
            ids[side].push_back(index);
            vmaf_picture_unref(&pic);
        }
    const std::optional<OffsetFound> found = vmaf::session::search_offset(
        ids[0], ids[1], how,
        [&](const std::vector<unsigned> &a, const std::vector<unsigned> &b,
            std::vector<double> &mse) {
            return vmaf_thumbnails_mse(t, a.data(), b.data(), a.size(), mse.data()) == 0;
        });
    vmaf_thumbnails_free(t);
    EXPECT_TRUE(found.has_value());
    return found.value_or(OffsetFound{});
}

TEST(OffsetSearch, FindsAShiftEitherWay)
{
    const auto frames = noise_frames(100, 1);
    for (int shift : {-17, -1, 0, 3, 30}) {
        // dis[i + shift] = ref[i]: the distorted starts `shift` frames later.
        std::vector<Frame> ref, dis;
        for (int i = 0; i < 40; i++) ref.push_back(frames[size_t(i + 30)]);
        for (int i = 0; i < 40; i++) dis.push_back(frames[size_t(i + 30 - shift)]);
        const auto found = search(ref, dis);
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
    std::vector<Frame> loop;
    for (int i = 0; i < 50; i++) loop.push_back(five[size_t(i % 5)]);
    auto found = search(loop, loop);
    EXPECT_FALSE(found.found);
    EXPECT_NE(found.why.find("repeats itself"), std::string::npos) << found.why;
    // A still picture.
    const std::vector<Frame> still(50, five[0]);
    found = search(still, still);
    EXPECT_FALSE(found.found);
    EXPECT_NE(found.why.find("hardly changes"), std::string::npos) << found.why;
    // Too few frames for two offsets of four pairs.
    found = search(std::vector<Frame>(five.begin(), five.begin() + 4),
                   std::vector<Frame>(five.begin(), five.begin() + 4));
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
    for (Frame &f : dis)
        for (uint8_t &v : f) v += 1;
    const auto found = search(ref, dis);
    ASSERT_TRUE(found.found) << found.why;
    EXPECT_EQ(found.offset, 0);
    EXPECT_EQ(found.best_mse, 1.0);
    EXPECT_DOUBLE_EQ(found.margin, 1.0 - found.best_mse / found.runner_up_mse);
    OffsetSearch strict;
    strict.min_margin = 1.0;
    EXPECT_FALSE(search(ref, dis, strict).found);
}

// Distances that cannot be had: no search result, not a refusal.
TEST(OffsetSearch, NothingWhereTheDistancesFail)
{
    const std::vector<unsigned> ref{0, 1, 2, 3, 4, 5}, dis{6, 7, 8, 9, 10, 11};
    const auto found = vmaf::session::search_offset(
        ref, dis, OffsetSearch{},
        [](const std::vector<unsigned> &, const std::vector<unsigned> &, std::vector<double> &) {
            return false;
        });
    EXPECT_FALSE(found.has_value());
}

} // namespace
