// CAMBI's conversion to 10 bits, a loop per depth, against its definition
// (to_10bit_sample, which the HIP twin's kernel calls per sample) at every
// depth from 8 to 16 bits, the top of each range included (16-bit 65535
// rounds to 1024), at the picture's size and resampled.
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <vector>

#include "feature/cambi/preprocess.h"

namespace {

using vmaf::cambi::to_10bit_sample;

// A w x h luma plane of `bpc` bits whose samples sweep the depth's range,
// its largest value included, with a row stride wider than a row.
struct Luma {
    std::vector<uint8_t> bytes;
    VmafPicture pic{};

    Luma(unsigned bpc, unsigned w, unsigned h)
    {
        const unsigned size = bpc > 8 ? 2 : 1, stride = (w + 5) * size;
        const unsigned top = (1u << bpc) - 1;
        bytes.assign(static_cast<size_t>(stride) * h, 0);
        for (unsigned y = 0; y < h; y++) {
            for (unsigned x = 0; x < w; x++) {
                const unsigned i = y * w + x;
                const unsigned v = i == 0 ? top : (i * 2654435761u) % (top + 1);
                uint8_t *at = bytes.data() + static_cast<size_t>(y) * stride + x * size;
                if (size == 2) {
                    const uint16_t s = static_cast<uint16_t>(v);
                    std::memcpy(at, &s, 2);
                } else {
                    *at = static_cast<uint8_t>(v);
                }
            }
        }
        pic.pix_fmt = VMAF_PIX_FMT_YUV400P;
        pic.bpc = bpc;
        pic.w[0] = w;
        pic.h[0] = h;
        pic.stride[0] = stride;
        pic.data[0] = bytes.data();
    }

    unsigned sample(unsigned x, unsigned y) const
    {
        const uint8_t *at = bytes.data() + static_cast<size_t>(y) * pic.stride[0];
        if (pic.bpc == 8) return at[x];
        uint16_t s;
        std::memcpy(&s, at + 2 * x, 2);
        return s;
    }
};

TEST(CambiPreprocess, ToTenBitsIsEachSamplesDefinitionAtEveryDepth)
{
    for (unsigned bpc = 8; bpc <= 16; bpc++) {
        const Luma luma(bpc, 37, 5);
        vmaf::Plane<uint16_t> out;
        vmaf::cambi::to_10bit(luma.pic, 37, 5, out);
        for (unsigned y = 0; y < 5; y++)
            for (unsigned x = 0; x < 37; x++)
                ASSERT_EQ(out.row(static_cast<int>(y))[x],
                          to_10bit_sample(luma.sample(x, y), static_cast<int>(bpc)))
                    << bpc << " bits at " << x << "," << y;
        // The largest sample: 255 << 2, 511 << 1, 1023, then rounded up to 1024.
        const unsigned top[] = {1020, 1022, 1023, 1024, 1024, 1024, 1024, 1024, 1024};
        EXPECT_EQ(out.row(0)[0], top[bpc - 8]) << bpc << " bits: the largest sample";
    }
}

TEST(CambiPreprocess, ResampledToTenBitsTakesTheNearestSamples)
{
    for (unsigned bpc : {8u, 10u, 12u}) {
        const Luma luma(bpc, 40, 6);
        vmaf::Plane<uint16_t> out;
        vmaf::cambi::to_10bit(luma.pic, 20, 3, out);
        const std::vector<unsigned> xs = vmaf::cambi::nearest_positions(40, 20);
        const std::vector<unsigned> ys = vmaf::cambi::nearest_positions(6, 3);
        for (unsigned y = 0; y < 3; y++)
            for (unsigned x = 0; x < 20; x++)
                ASSERT_EQ(out.row(static_cast<int>(y))[x],
                          to_10bit_sample(luma.sample(xs[x], ys[y]), static_cast<int>(bpc)))
                    << bpc << " bits at " << x << "," << y;
    }
}

} // namespace
