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
    // Luma sample (x, y) = value(x, y).
    template <typename Value> void fill(Value value)
    {
        for (unsigned y = 0; y < pic.h[0]; y++) {
            uint8_t *row = static_cast<uint8_t *>(pic.data[0]) + y * pic.stride[0];
            for (unsigned x = 0; x < pic.w[0]; x++)
                if (pic.bpc > 8)
                    reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(value(x, y));
                else
                    row[x] = static_cast<uint8_t>(value(x, y));
        }
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
    struct Case {
        unsigned w, h, block, tw, th;
    };
    // 481x271: blocks of 3, the last lines and columns left out; 64x48:
    // under 180 lines, kept whole.
    for (const Case &c : {Case{1920, 1080, 12, 160, 90}, Case{3840, 2160, 24, 160, 90},
                          Case{481, 271, 3, 160, 90}, Case{64, 48, 1, 64, 48}}) {
        const auto s = thumbnail_shape(c.w, c.h, 8);
        EXPECT_EQ(s.block, c.block) << c.w << "x" << c.h;
        EXPECT_EQ(s.w, c.tw) << c.w << "x" << c.h;
        EXPECT_EQ(s.h, c.th) << c.w << "x" << c.h;
    }
    EXPECT_EQ(thumbnail_shape(3840, 2160, 10).scale, 1.0f / (24 * 24 * 4));
}

// A 10-bit 201x191 frame in blocks of 2: each thumbnail sample the mean of
// its block in 8-bit units, the odd last rows and columns left out.
TEST(Thumbnails, EachSampleIsItsBlocksMeanInEightBitUnits)
{
    const unsigned w = 201, h = 191;
    Picture frame(10, w, h), black(10, w, h);
    frame.fill([](unsigned x, unsigned y) { return (x * 7 + y * 13) % 1024; });
    black.fill([](unsigned, unsigned) { return 0u; });
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
    a.fill([](unsigned x, unsigned y) { return (x * 31 + y * 17) % 250; });
    b.fill([](unsigned x, unsigned y) { return (x * 31 + y * 17) % 250 + 3; });
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
