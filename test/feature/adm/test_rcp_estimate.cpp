// rcp_estimate: the reciprocal estimate float_adm divides by, against values
// read off the AMD EPYC's rcpss (the CPU whose bits the golden data carry)
// and against the bounds every rcpss meets.
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>

#include "feature/adm/rcp_estimate.h"

namespace {

uint32_t rcp_bits(uint32_t x)
{
    return std::bit_cast<uint32_t>(vmaf::rcp_estimate(std::bit_cast<float>(x)));
}

TEST(RcpEstimate, MatchesTheGoldenCpuOnSpotValues)
{
    // Input bits -> the EPYC's rcpss bits, edges included.
    const struct {
        uint32_t x, r;
    } cases[] = {
        {0x3f800000, 0x3f7ff000}, // 1
        {0xbf800000, 0xbf7ff000}, // -1
        {0x3fc00000, 0x3f2aa800}, // 1.5
        {0x00800000, 0x7e7ff000}, // smallest normal
        {0x00ffffff, 0x7e000000}, {0x0d000000, 0x71fff000},
        {0x7d800000, 0x017ff000}, {0x7dffffff, 0x01000000},
        {0x7e000000, 0x00fff000}, {0x7e7fffff, 0x00800000}, // the last input with a normal estimate
        {0x7e800000, 0x00000000}, // estimates below the normal range flush to 0
        {0x7f7fffff, 0x00000000}, {0x00000000, 0x7f800000}, // 0 -> inf
        {0x80000000, 0xff800000}, {0x00000001, 0x7f800000}, // subnormals count as 0
        {0x007fffff, 0x7f800000}, {0x7f800000, 0x00000000}, // inf -> 0
        {0xff800000, 0x80000000}, {0x7fc00000, 0x7fc00000}, // NaN stays NaN
    };
    for (const auto &c : cases) EXPECT_EQ(rcp_bits(c.x), c.r) << std::hex << c.x;
}

TEST(RcpEstimate, EveryMantissaIsWithinTheInstructionsErrorBound)
{
    // Intel and AMD both specify |relative error| <= 1.5 * 2^-12 for rcpss;
    // scaling x by a power of two scales the estimate exactly.
    const double bound = 1.5 / 4096.0;
    for (uint32_t m = 0; m < (1u << 23); m++) {
        const float x = std::bit_cast<float>(0x3f800000u | m);
        const float r = vmaf::rcp_estimate(x);
        ASSERT_LE(std::fabs(static_cast<double>(x) * r - 1.0), bound) << std::hex << m;
        if (m % 4099 == 0) {
            for (int e : {-125, -60, -1, 1, 60, 124}) {
                const float xs = std::ldexp(x, e);
                ASSERT_EQ(vmaf::rcp_estimate(xs), std::ldexp(r, -e)) << std::hex << m << " " << e;
                ASSERT_EQ(vmaf::rcp_estimate(-xs), -std::ldexp(r, -e)) << std::hex << m << " " << e;
            }
        }
    }
}

TEST(RcpEstimate, DecreasesWithItsInput)
{
    for (uint32_t i = 1; i < 4096; i++)
        ASSERT_LE(vmaf::kRcpEstimate[i], vmaf::kRcpEstimate[i - 1]) << i;
}

} // namespace
