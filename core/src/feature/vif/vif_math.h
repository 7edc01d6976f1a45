// Integer VIF arithmetic: the
// filters, the log2 table, and what one filtered pixel adds to a scale's
// numerator and denominator. Fixed-point exactly as libvmaf computes it.
// The per-pixel steps are VMAF_HOST_DEVICE: vif's row loops and vif_hip's
// kernels (hip/vif/) run the same code.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "base/host_device.h"
#include "feature/common/leading_zeros.h"

namespace vmaf::vif {

inline constexpr int kScales = 4;

// Gaussian filters per scale, 16-bit fixed point (each sums to 65536).
inline constexpr std::array<std::array<uint16_t, 17>, kScales> kFilter{{
    {489, 935, 1640, 2640, 3896, 5274, 6547, 7455, 7784, 7455, 6547, 5274, 3896, 2640, 1640, 935, 489},
    {1244, 3663, 7925, 12590, 14692, 12590, 7925, 3663, 1244},
    {3571, 16004, 26386, 16004, 3571},
    {10904, 43728, 10904},
}};
inline constexpr std::array<int, kScales> kFilterWidth{17, 9, 5, 3};

// The noise variance, 2 in the fixed point of sigma values (<< 16).
inline constexpr int32_t kSigmaNsq = 65536 << 1;

// log2(x) * 2048 for x in [32767, 65535], from single-precision log2 as the
// reference builds it; larger arguments are shifted into that range by
// log2_32 and log2_64. vif_hip copies the table to the device.
class Log2Table {
public:
    static constexpr size_t kSize = 65536;
    Log2Table()
    {
        for (unsigned i = 32767; i < kSize; i++)
            table_[i] = static_cast<uint16_t>(std::round(std::log2(static_cast<float>(i)) * 2048.0f));
    }
    const uint16_t *data() const { return table_.data(); }

private:
    // Two entries of room: SIMD gathers read 32 bits at an entry.
    std::array<uint16_t, kSize + 2> table_{};
};

// log2(x) * 2048 of x >= 32768 (32 bits) or x >= 2^48 >> 16 (64 bits).
VMAF_HOST_DEVICE inline int32_t log2_32(const uint16_t *table, uint32_t x)
{
    const int k = 16 - count_leading_zeros(x);
    return table[x >> k] + 2048 * k;
}

VMAF_HOST_DEVICE inline int32_t log2_64(const uint16_t *table, uint64_t x)
{
    const int k = 48 - count_leading_zeros(x);
    return table[x >> k] + 2048 * k;
}

struct Accumulator {
    int64_t num_log = 0, den_log = 0, num_non_log = 0, den_non_log = 0;
};

// A horizontally filtered second moment (a sum of filter * 32-bit values)
// without the filter's 16 bits, kept in 32 bits.
VMAF_HOST_DEVICE inline uint32_t round_second_moment(uint64_t sum)
{
    return static_cast<uint32_t>((sum + 32768) >> 16);
}

// The log terms of a pixel whose sigma1_sq is at least kSigmaNsq: the
// denominator's, and the numerator's in three steps (the gain g, the
// residual variance sv_sq, then the log), which SIMD kernels may take apart.
VMAF_HOST_DEVICE inline int32_t denominator_log(const uint16_t *log2, int32_t sigma1_sq)
{
    // log2(1 + sigma1_sq / 2) as log2(2 + sigma1_sq) - log2(2), in 2^17 units.
    // Unsigned: the sum wraps where the reference's int would overflow.
    return log2_32(log2, static_cast<uint32_t>(kSigmaNsq) + static_cast<uint32_t>(sigma1_sq)) -
           2048 * 17;
}
VMAF_HOST_DEVICE inline double gain(int32_t sigma1_sq, int32_t sigma12)
{
    const double eps = 65536 * 1.0e-10;
    return sigma12 / (sigma1_sq + eps);
}
VMAF_HOST_DEVICE inline int32_t residual_variance(int32_t sigma2_sq, int32_t sigma12, double g)
{
    // At most sigma2_sq (g * sigma12 = sigma12^2 / sigma1_sq is not
    // negative), but below int's range where sigma12 is large: the
    // reference's conversion gives INT_MIN there (cvttsd2si), which its max
    // makes 0, as this does without the undefined conversion.
    const double sv_sq = sigma2_sq - g * sigma12;
    return sv_sq > 0 ? static_cast<int32_t>(sv_sq) : 0;
}
VMAF_HOST_DEVICE inline int64_t numerator_log(const uint16_t *log2, int32_t sigma1_sq, double g,
                                              int32_t sv_sq, double gain_limit)
{
    g = std::min(g, gain_limit);
    const uint32_t numer1 = static_cast<uint32_t>(sv_sq) + static_cast<uint32_t>(kSigmaNsq);
    const int64_t numer = static_cast<int64_t>(g * g * sigma1_sq) + numer1;
    return log2_64(log2, static_cast<uint64_t>(numer)) - log2_64(log2, numer1);
}

VMAF_HOST_DEVICE inline void accumulate_log(Accumulator &acc, const uint16_t *log2, int32_t sigma1_sq,
                                            int32_t sigma2_sq, int32_t sigma12, double gain_limit)
{
    acc.den_log += denominator_log(log2, sigma1_sq);
    if (sigma12 <= 0 || sigma2_sq <= 0) return;
    const double g = gain(sigma1_sq, sigma12);
    acc.num_log += numerator_log(log2, sigma1_sq, g, residual_variance(sigma2_sq, sigma12, g), gain_limit);
}

// A filtered mean squared or times the other, in the means' 16.16 units.
VMAF_HOST_DEVICE inline uint32_t mean_product(uint32_t a, uint32_t b)
{
    return static_cast<uint32_t>((uint64_t{a} * b + 2147483648u) >> 32);
}

// One pixel's filtered means (mu, 16.16) and second moments (xx, yy, xy, as
// round_second_moment() gives them).
// `log2` is Log2Table's data, on the host or the device.
VMAF_HOST_DEVICE inline void accumulate_rounded(Accumulator &acc, const uint16_t *log2, uint32_t mu1,
                                                uint32_t mu2, uint32_t xx, uint32_t yy, uint32_t xy,
                                                double gain_limit)
{
    const int32_t sigma1_sq = static_cast<int32_t>(xx - mean_product(mu1, mu1));
    const int32_t sigma2_sq = std::max(static_cast<int32_t>(yy - mean_product(mu2, mu2)), 0);
    const int32_t sigma12 = static_cast<int32_t>(xy - mean_product(mu1, mu2));

    if (sigma1_sq < kSigmaNsq) {
        acc.num_non_log += sigma2_sq;
        acc.den_non_log++;
        return;
    }
    accumulate_log(acc, log2, sigma1_sq, sigma2_sq, sigma12, gain_limit);
}

// The same from the second moments' 64-bit sums.
VMAF_HOST_DEVICE inline void accumulate(Accumulator &acc, const uint16_t *log2, uint32_t mu1,
                                        uint32_t mu2, uint64_t xx_sum, uint64_t yy_sum,
                                        uint64_t xy_sum, double gain_limit)
{
    accumulate_rounded(acc, log2, mu1, mu2, round_second_moment(xx_sum), round_second_moment(yy_sum),
                       round_second_moment(xy_sum), gain_limit);
}

struct ScaleScore {
    float num, den;
};

// The reference keeps each scale's numerator and denominator in float.
inline ScaleScore score_of(const Accumulator &acc)
{
    return {static_cast<float>(acc.num_log / 2048.0 +
                               (acc.den_non_log - (acc.num_non_log / 16384.0) / 65025.0)),
            static_cast<float>(acc.den_log / 2048.0 + acc.den_non_log)};
}

// Rounding of the vertical pass: at scale 0 it removes the input's bit depth
// (the filter's 16 bits stay in mu); later scales work in 16-bit samples.
struct VerticalShift {
    uint32_t mu_round, mu_shift;
    uint64_t sq_round, sq_shift;
};

inline VerticalShift vertical_shift(int scale, unsigned bpc)
{
    if (scale == 0) {
        const uint64_t sq_shift = (bpc - 8) * 2;
        return {1u << (bpc - 1), bpc, sq_shift ? uint64_t{1} << (sq_shift - 1) : 0, sq_shift};
    }
    return {32768, 16, 32768, 16};
}

// A vertically filtered mean, kept in 16 bits.
VMAF_HOST_DEVICE inline uint32_t round_mean(uint32_t sum, const VerticalShift &vs)
{
    return static_cast<uint16_t>((sum + vs.mu_round) >> vs.mu_shift);
}

// A vertically filtered second moment.
VMAF_HOST_DEVICE inline uint32_t round_moment(uint64_t sum, const VerticalShift &vs)
{
    return static_cast<uint32_t>((sum + vs.sq_round) >> vs.sq_shift);
}

// A decimated sample: the horizontal filter's sum of 16-bit samples.
VMAF_HOST_DEVICE inline uint16_t round_decimated(uint32_t sum)
{
    return static_cast<uint16_t>((sum + 32768) >> 16);
}

} // namespace vmaf::vif
