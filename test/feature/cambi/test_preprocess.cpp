// CAMBI's conversion to 10 bits, a loop per depth, against its definition
// (to_10bit_sample, which the HIP twin's kernel calls per sample) at every
// depth from 8 to 16 bits, the top of each range included (16-bit 65535
// rounds to 1024), at the picture's size and resampled.
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

#include "feature/cambi/preprocess.h"
#include "support/feature_scoring.h"

namespace {

using vmaf::cambi::to_10bit_sample;

// A luma sample sweeping the depth's range, its largest value at (0, 0).
unsigned sweep(unsigned bpc, unsigned w, unsigned x, unsigned y)
{
    const unsigned top = (1u << bpc) - 1, i = y * w + x;
    return i == 0 ? top : (i * 2654435761u) % (top + 1);
}

// A 4:2:0 picture of `bpc` bits whose luma sweeps the range (allocated by
// the library: its rows are padded past their width).
VmafPicture swept_picture(unsigned bpc, unsigned w, unsigned h)
{
    return vmaf::test::make_picture(VMAF_PIX_FMT_YUV420P, bpc, w, h,
                                    [=](unsigned p, unsigned x, unsigned y) {
                                        return p ? 0u : sweep(bpc, w, x, y);
                                    });
}

TEST(CambiPreprocess, ToTenBitsIsEachSamplesDefinitionAtEveryDepth)
{
    // The largest sample: 255 << 2, 511 << 1, 1023, then rounded up to 1024.
    const unsigned top[] = {1020, 1022, 1023, 1024, 1024, 1024, 1024, 1024, 1024};
    for (unsigned bpc = 8; bpc <= 16; bpc++) {
        VmafPicture pic = swept_picture(bpc, 37, 5);
        vmaf::Plane<uint16_t> out;
        vmaf::cambi::to_10bit(pic, 37, 5, out);
        for (unsigned y = 0; y < 5; y++)
            for (unsigned x = 0; x < 37; x++)
                ASSERT_EQ(out.row(static_cast<int>(y))[x],
                          to_10bit_sample(sweep(bpc, 37, x, y), static_cast<int>(bpc)))
                    << bpc << " bits at " << x << "," << y;
        EXPECT_EQ(out.row(0)[0], top[bpc - 8]) << bpc << " bits: the largest sample";
        vmaf_picture_unref(&pic);
    }
}

TEST(CambiPreprocess, ResampledToTenBitsTakesTheNearestSamples)
{
    for (unsigned bpc : {8u, 10u, 12u}) {
        VmafPicture pic = swept_picture(bpc, 40, 6);
        vmaf::Plane<uint16_t> out;
        vmaf::cambi::to_10bit(pic, 20, 3, out);
        const std::vector<unsigned> xs = vmaf::cambi::nearest_positions(40, 20);
        const std::vector<unsigned> ys = vmaf::cambi::nearest_positions(6, 3);
        for (unsigned y = 0; y < 3; y++)
            for (unsigned x = 0; x < 20; x++)
                ASSERT_EQ(out.row(static_cast<int>(y))[x],
                          to_10bit_sample(sweep(bpc, 40, xs[x], ys[y]), static_cast<int>(bpc)))
                    << bpc << " bits at " << x << "," << y;
        vmaf_picture_unref(&pic);
    }
}

} // namespace
