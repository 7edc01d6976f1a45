// unpack_component: a hardware decoder's layouts (NV12, P010, YUV444P16
// holding 10 bits) into VMAF's planar planes, against the samples written.
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

#include "session/input/plane_unpack.h"

namespace
{

using vmaf::session::PackedComponent;
using vmaf::session::unpack_component;

constexpr unsigned kW = 7, kH = 3;

unsigned value(unsigned x, unsigned y, unsigned c, unsigned max)
{
    return (x * 37 + y * 101 + c * 53) % (max + 1);
}

TEST(PlaneUnpack, Nv12ChromaIsDeinterleaved)
{
    // One row of interleaved U, V per chroma row, 4 bytes of padding.
    const ptrdiff_t linesize = 2 * kW + 4;
    std::vector<uint8_t> uv(linesize * kH, 0xee);
    for (unsigned y = 0; y < kH; y++)
        for (unsigned x = 0; x < kW; x++)
            for (unsigned c = 0; c < 2; c++)
                uv[y * linesize + 2 * x + c] = static_cast<uint8_t>(value(x, y, c, 255));
    for (unsigned c = 0; c < 2; c++) {
        std::vector<uint8_t> out(kW * kH, 0);
        unpack_component({uv.data() + c, linesize, {2, 1, 0}}, kW, kH, out.data(), kW, false);
        for (unsigned y = 0; y < kH; y++)
            for (unsigned x = 0; x < kW; x++)
                EXPECT_EQ(out[y * kW + x], value(x, y, c, 255)) << c;
    }
}

TEST(PlaneUnpack, HighBitSamplesComeDownToTheirDepth)
{
    // P010's V: 10 bits in the high bits of interleaved little-endian words;
    // YUV444P16 holding 10-bit video: the same, planar.
    for (const unsigned step : {4u, 2u}) {
        const ptrdiff_t linesize = step * kW + 6;
        std::vector<uint8_t> src(linesize * kH, 0x55);
        const unsigned offset = step == 4 ? 2 : 0;
        for (unsigned y = 0; y < kH; y++)
            for (unsigned x = 0; x < kW; x++) {
                const unsigned stored = value(x, y, 1, 1023) << 6;
                src[y * linesize + step * x + offset] = static_cast<uint8_t>(stored & 0xff);
                src[y * linesize + step * x + offset + 1] = static_cast<uint8_t>(stored >> 8);
            }
        const ptrdiff_t stride = 2 * kW + 8;
        std::vector<uint8_t> out(stride * kH, 0);
        unpack_component({src.data() + offset, linesize, {step, 2, 6}}, kW, kH, out.data(), stride,
                         true);
        for (unsigned y = 0; y < kH; y++)
            for (unsigned x = 0; x < kW; x++) {
                const auto *row = reinterpret_cast<const uint16_t *>(out.data() + y * stride);
                EXPECT_EQ(row[x], value(x, y, 1, 1023)) << "step " << step;
            }
    }
}

TEST(PlaneUnpack, PlanarEightBitsAreCopied)
{
    std::vector<uint8_t> src(kW * kH);
    for (unsigned i = 0; i < src.size(); i++)
        src[i] = static_cast<uint8_t>(value(i, 0, 0, 255));
    std::vector<uint8_t> out(kW * kH, 0);
    unpack_component({src.data(), kW, {1, 1, 0}}, kW, kH, out.data(), kW, false);
    EXPECT_EQ(out, src);
}

} // namespace
