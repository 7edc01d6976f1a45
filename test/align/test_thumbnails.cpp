// The thumbnails of --align auto through the C API (vmaf_thumbnails_*), on
// the CPU: their shape, each sample a block's mean in 8-bit units (seen
// through the mean squared difference with a black frame, computed here
// in double), the distance of two frames, and every argument refused.
#include <cerrno>
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

#include "align/thumbnail_math.h"
#include "libvmaf/libvmaf_ext.h"

namespace {

using vmaf::align::thumbnail_shape;

struct Picture {
    VmafPicture pic{};
    Picture(unsigned bpc, unsigned w, unsigned h)
    {
        EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    }
    ~Picture() { vmaf_picture_unref(&pic); }
    Picture(const Picture &) = delete;
    Picture &operator=(const Picture &) = delete;
    void set(unsigned x, unsigned y, unsigned v)
    {
        uint8_t *row = static_cast<uint8_t *>(pic.data[0]) + y * pic.stride[0];
        if (pic.bpc > 8)
            reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(v);
        else
            row[x] = static_cast<uint8_t>(v);
    }
};

struct Thumbnails {
    VmafThumbnails *t = nullptr;
    Thumbnails(unsigned w, unsigned h, unsigned bpc, unsigned capacity)
    {
        EXPECT_EQ(vmaf_thumbnails_init(&t, w, h, bpc, capacity), 0);
    }
    ~Thumbnails() { vmaf_thumbnails_free(t); }
    Thumbnails(const Thumbnails &) = delete;
    Thumbnails &operator=(const Thumbnails &) = delete;
    unsigned add(const Picture &p)
    {
        unsigned index = ~0u;
        EXPECT_EQ(vmaf_thumbnails_add(t, &p.pic, &index), 0);
        return index;
    }
    double mse(unsigned a, unsigned b)
    {
        double out = -1;
        EXPECT_EQ(vmaf_thumbnails_mse(t, &a, &b, 1, &out), 0);
        return out;
    }
};

TEST(Thumbnails, AboutNinetyLinesOfWholeBlocks)
{
    const auto hd = thumbnail_shape(1920, 1080, 8);
    EXPECT_EQ(hd.block, 12u);
    EXPECT_EQ(hd.w, 160u);
    EXPECT_EQ(hd.h, 90u);
    const auto uhd = thumbnail_shape(3840, 2160, 10);
    EXPECT_EQ(uhd.block, 24u);
    EXPECT_EQ(uhd.w, 160u);
    EXPECT_EQ(uhd.h, 90u);
    EXPECT_EQ(uhd.scale, 1.0f / (24 * 24 * 4));
    const auto odd = thumbnail_shape(481, 271, 8); // 3 x 3 blocks; the last lines left out
    EXPECT_EQ(odd.block, 3u);
    EXPECT_EQ(odd.w, 160u);
    EXPECT_EQ(odd.h, 90u);
    const auto small = thumbnail_shape(64, 48, 8);
    EXPECT_EQ(small.block, 1u);
    EXPECT_EQ(small.w, 64u);
    EXPECT_EQ(small.h, 48u);
}

// A 10-bit 200x190 frame in blocks of 2: each thumbnail sample the mean of
// its block in 8-bit units, the odd last rows and columns left out.
TEST(Thumbnails, EachSampleIsItsBlocksMeanInEightBitUnits)
{
    const unsigned w = 201, h = 191;
    Picture frame(10, w, h), black(10, w, h);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            frame.set(x, y, (x * 7 + y * 13) % 1024);
            black.set(x, y, 0);
        }
    double expected = 0;
    for (unsigned ty = 0; ty < 95; ty++)
        for (unsigned tx = 0; tx < 100; tx++) {
            double sum = 0;
            for (unsigned y = 2 * ty; y < 2 * ty + 2; y++)
                for (unsigned x = 2 * tx; x < 2 * tx + 2; x++) sum += (x * 7 + y * 13) % 1024;
            const double mean = sum / 4 / 4;
            expected += mean * mean;
        }
    expected /= 100 * 95;
    Thumbnails t(w, h, 10, 2);
    const unsigned a = t.add(frame), b = t.add(black);
    EXPECT_NEAR(t.mse(a, b), expected, expected * 1e-6);
    EXPECT_EQ(t.mse(b, a), t.mse(a, b));
    EXPECT_EQ(t.mse(a, a), 0.0);
}

// Frames 3 apart in every sample: the mean squared difference is 9 exactly.
TEST(Thumbnails, DistanceOfFramesOffByAConstant)
{
    const unsigned w = 37, h = 11;
    Picture a(8, w, h), b(8, w, h);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            a.set(x, y, (x * 31 + y * 17) % 250);
            b.set(x, y, (x * 31 + y * 17) % 250 + 3);
        }
    Thumbnails t(w, h, 8, 4);
    const unsigned ia = t.add(a), ib = t.add(b);
    EXPECT_EQ(t.mse(ia, ib), 9.0);
    // Several pairs in one call, each as alone.
    const unsigned first[3] = {ia, ib, ia}, second[3] = {ib, ia, ia};
    double mse[3] = {};
    ASSERT_EQ(vmaf_thumbnails_mse(t.t, first, second, 3, mse), 0);
    EXPECT_EQ(mse[0], 9.0);
    EXPECT_EQ(mse[1], 9.0);
    EXPECT_EQ(mse[2], 0.0);
}

TEST(Thumbnails, RefusesWhatItCannotMake)
{
    VmafThumbnails *t = nullptr;
    EXPECT_EQ(vmaf_thumbnails_init(&t, 64, 48, 7, 4), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_init(&t, 64, 48, 17, 4), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_init(&t, 0, 48, 8, 4), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_init(&t, 64, 48, 8, 0), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_init(nullptr, 64, 48, 8, 4), -EINVAL);
    EXPECT_EQ(t, nullptr);

    Thumbnails two(64, 48, 8, 2);
    Picture other_size(8, 64, 50), other_depth(10, 64, 48), right(8, 64, 48);
    unsigned index = 0;
    EXPECT_EQ(vmaf_thumbnails_add(two.t, &other_size.pic, &index), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_add(two.t, &other_depth.pic, &index), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_add(two.t, nullptr, &index), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_add(two.t, &right.pic, nullptr), -EINVAL);
    EXPECT_EQ(two.add(right), 0u);
    // Not made yet: index 1.
    const unsigned zero = 0, one = 1;
    double mse = 0;
    EXPECT_EQ(vmaf_thumbnails_mse(two.t, &zero, &one, 1, &mse), -EINVAL);
    EXPECT_EQ(two.add(right), 1u);
    EXPECT_EQ(vmaf_thumbnails_add(two.t, &right.pic, &index), -ENOSPC);
    EXPECT_EQ(vmaf_thumbnails_mse(two.t, &zero, &one, 1, &mse), 0);
    EXPECT_EQ(vmaf_thumbnails_mse(two.t, &zero, nullptr, 1, &mse), -EINVAL);
    EXPECT_EQ(vmaf_thumbnails_mse(two.t, nullptr, nullptr, 0, nullptr), 0);
    EXPECT_EQ(vmaf_thumbnails_free(nullptr), -EINVAL);
}

} // namespace
