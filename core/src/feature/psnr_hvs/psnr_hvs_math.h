// PSNR-HVS-M arithmetic, the one definition that psnr_hvs and psnr_hvs_hip
// run: the CSF and masking tables, Daala's 8x8 integer DCT, the block's
// masking and the 64 error terms of a block, each in the reference's order
// of float operations. The plane's error is the float sum of every block's
// terms, block by block in raster order, as the reference adds them.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "base/host_device.h"

namespace vmaf::psnr_hvs {

using Csf = float[8][8];

// Inverse quantisation matrices at the point of transparency (Xiph's, which
// agree better with MOS than the JPEG-based one of the paper). The chroma
// tables are used for every subsampling, as the reference does.
inline constexpr Csf kCsfY = {
    {1.6193873005f, 2.2901594831f, 2.08509755623f, 1.48366094411f, 1.00227514334f, 0.678296995242f, 0.466224900598f, 0.3265091542f},
    {2.2901594831f, 1.94321815382f, 2.04793073064f, 1.68731108984f, 1.2305666963f, 0.868920337363f, 0.61280991668f, 0.436405793551f},
    {2.08509755623f, 2.04793073064f, 1.34329019223f, 1.09205635862f, 0.875748795257f, 0.670882927016f, 0.501731932449f, 0.372504254596f},
    {1.48366094411f, 1.68731108984f, 1.09205635862f, 0.772819797575f, 0.605636379554f, 0.48309405692f, 0.380429446972f, 0.295774038565f},
    {1.00227514334f, 1.2305666963f, 0.875748795257f, 0.605636379554f, 0.448996256676f, 0.352889268808f, 0.283006984131f, 0.226951348204f},
    {0.678296995242f, 0.868920337363f, 0.670882927016f, 0.48309405692f, 0.352889268808f, 0.27032073436f, 0.215017739696f, 0.17408067321f},
    {0.466224900598f, 0.61280991668f, 0.501731932449f, 0.380429446972f, 0.283006984131f, 0.215017739696f, 0.168869545842f, 0.136153931001f},
    {0.3265091542f, 0.436405793551f, 0.372504254596f, 0.295774038565f, 0.226951348204f, 0.17408067321f, 0.136153931001f, 0.109083846276f},
};
inline constexpr Csf kCsfCb = {
    {1.91113096927f, 2.46074210438f, 1.18284184739f, 1.14982565193f, 1.05017074788f, 0.898018824055f, 0.74725392039f, 0.615105596242f},
    {2.46074210438f, 1.58529308355f, 1.21363250036f, 1.38190029285f, 1.33100189972f, 1.17428548929f, 0.996404342439f, 0.830890433625f},
    {1.18284184739f, 1.21363250036f, 0.978712413627f, 1.02624506078f, 1.03145147362f, 0.960060382087f, 0.849823426169f, 0.731221236837f},
    {1.14982565193f, 1.38190029285f, 1.02624506078f, 0.861317501629f, 0.801821139099f, 0.751437590932f, 0.685398513368f, 0.608694761374f},
    {1.05017074788f, 1.33100189972f, 1.03145147362f, 0.801821139099f, 0.676555426187f, 0.605503172737f, 0.55002013668f, 0.495804539034f},
    {0.898018824055f, 1.17428548929f, 0.960060382087f, 0.751437590932f, 0.605503172737f, 0.514674450957f, 0.454353482512f, 0.407050308965f},
    {0.74725392039f, 0.996404342439f, 0.849823426169f, 0.685398513368f, 0.55002013668f, 0.454353482512f, 0.389234902883f, 0.342353999733f},
    {0.615105596242f, 0.830890433625f, 0.731221236837f, 0.608694761374f, 0.495804539034f, 0.407050308965f, 0.342353999733f, 0.295530605237f},
};
inline constexpr Csf kCsfCr = {
    {2.03871978502f, 2.62502345193f, 1.26180942886f, 1.11019789803f, 1.01397751469f, 0.867069376285f, 0.721500455585f, 0.593906509971f},
    {2.62502345193f, 1.69112867013f, 1.17180569821f, 1.3342742857f, 1.28513006198f, 1.13381474809f, 0.962064122248f, 0.802254508198f},
    {1.26180942886f, 1.17180569821f, 0.944981930573f, 0.990876405848f, 0.995903384143f, 0.926972725286f, 0.820534991409f, 0.706020324706f},
    {1.11019789803f, 1.3342742857f, 0.990876405848f, 0.831632933426f, 0.77418706195f, 0.725539939514f, 0.661776842059f, 0.587716619023f},
    {1.01397751469f, 1.28513006198f, 0.995903384143f, 0.77418706195f, 0.653238524286f, 0.584635025748f, 0.531064164893f, 0.478717061273f},
    {0.867069376285f, 1.13381474809f, 0.926972725286f, 0.725539939514f, 0.584635025748f, 0.496936637883f, 0.438694579826f, 0.393021669543f},
    {0.721500455585f, 0.962064122248f, 0.820534991409f, 0.661776842059f, 0.531064164893f, 0.438694579826f, 0.375820256136f, 0.330555063063f},
    {0.593906509971f, 0.802254508198f, 0.706020324706f, 0.587716619023f, 0.478717061273f, 0.393021669543f, 0.330555063063f, 0.285345396658f},
};

// Halving rounded toward zero (Daala's unbiased shift).
VMAF_HOST_DEVICE inline int32_t half(int32_t a) { return (a + (a < 0 ? 1 : 0)) >> 1; }

// a * num / 2^shift rounded, in wrapping 32-bit arithmetic like the int
// arithmetic of the reference.
VMAF_HOST_DEVICE inline int32_t lift(int32_t a, int32_t num, int shift)
{
    const uint32_t p = static_cast<uint32_t>(a) * static_cast<uint32_t>(num) +
                       (uint32_t{1} << (shift - 1));
    return static_cast<int32_t>(p) >> shift;
}

// Daala's 8-point integer type-II DCT by lifting steps; out[k] is
// coefficient k of in[0], in[stride], ... in[7 * stride].
VMAF_HOST_DEVICE inline void fdct8(const int32_t *in, int stride, int32_t *out)
{
    int32_t t0 = in[0], t4 = in[stride], t2 = in[2 * stride], t6 = in[3 * stride];
    int32_t t7 = in[4 * stride], t3 = in[5 * stride], t5 = in[6 * stride], t1 = in[7 * stride];
    // Sum/difference butterflies.
    t1 = t0 - t1;
    const int32_t t1h = half(t1);
    t0 -= t1h;
    t4 += t5;
    const int32_t t4h = half(t4);
    t5 -= t4h;
    t3 = t2 - t3;
    t2 -= half(t3);
    t6 += t7;
    const int32_t t6h = half(t6);
    t7 = t6h - t7;
    // Even half: a 4-point DCT made of a 2-point DCT and a 2-point DST-IV.
    t0 += t6h;
    t6 = t0 - t6;
    t2 = t4h - t2;
    t4 = t2 - t4;
    t0 -= lift(t4, 13573, 15); // rotation by pi/4 in three lifts
    t4 += lift(t0, 11585, 14);
    t0 -= lift(t4, 13573, 15);
    t6 -= lift(t2, 21895, 15); // rotation by 3pi/8 in three lifts
    t2 += lift(t6, 15137, 14);
    t6 -= lift(t2, 21895, 15);
    // Odd half: a 4-point DST-IV.
    t3 += lift(t5, 19195, 15); // 2 - sqrt(2)
    t5 += lift(t3, 11585, 14); // sqrt(1/2)
    t3 -= lift(t5, 7489, 13);  // sqrt(2) - 1/2
    t7 = half(t5) - t7;
    t5 -= t7;
    t3 = t1h - t3;
    t1 -= t3;
    t7 += lift(t1, 3227, 15); // rotation by pi/16
    t1 -= lift(t7, 6393, 15);
    t7 += lift(t1, 3227, 15);
    t5 += lift(t3, 2485, 13); // rotation by 3pi/16
    t3 -= lift(t5, 18205, 15);
    t5 += lift(t3, 2485, 13);
    out[0] = t0;
    out[1] = t1;
    out[2] = t2;
    out[3] = t3;
    out[4] = t4;
    out[5] = t5;
    out[6] = t6;
    out[7] = t7;
}

// 2-D DCT of an 8x8 block in place: columns, then columns of the result.
VMAF_HOST_DEVICE inline void fdct8x8(int32_t block[64])
{
    int32_t tmp[64];
    for (int i = 0; i < 8; i++) fdct8(block + i, 8, tmp + 8 * i);
    for (int i = 0; i < 8; i++) fdct8(tmp + i, 8, block + 8 * i);
}

// Quadrant of (i, j) in the block: the masking uses 4x4 sub-block variances.
VMAF_HOST_DEVICE inline int quadrant(int i, int j) { return (i >= 4 ? 1 : 0) + (j >= 4 ? 2 : 0); }

// A sample's squared distance to a mean, the term of the variances.
VMAF_HOST_DEVICE inline float centred_square(int32_t b, float mean)
{
    const float d = static_cast<float>(b) - mean;
    return d * d;
}

// The ratio of the sum of the quadrants' variances to the block's variance
// (the block's variance itself when that is 0), from the sums of squared
// distances: unbiased variances, n / (n - 1) as the reference writes it, in
// float.
VMAF_HOST_DEVICE inline float ratio_of_variances(float var, const float qvar[4])
{
    var *= 1 / 63.f * 64;
    float q[4];
    for (int i = 0; i < 4; i++) q[i] = qvar[i] * (1 / 15.f * 16);
    if (var > 0) var = (q[0] + q[1] + q[2] + q[3]) / var;
    return var;
}

// Sum of the quadrants' variances over the block's variance, in float summed
// sample by sample as the reference does. The means' sums are exact in any
// order: integers, every partial sum below 2^24 (64 samples of at most 16
// bits).
VMAF_HOST_DEVICE inline float variance_ratio(const int32_t b[64])
{
    float mean = 0, qmean[4] = {};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            mean += static_cast<float>(b[i * 8 + j]);
            qmean[quadrant(i, j)] += static_cast<float>(b[i * 8 + j]);
        }
    mean /= 64.f;
    for (int q = 0; q < 4; q++) qmean[q] /= 16.f;
    float var = 0, qvar[4] = {};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            var += centred_square(b[i * 8 + j], mean);
            qvar[quadrant(i, j)] += centred_square(b[i * 8 + j], qmean[quadrant(i, j)]);
        }
    return ratio_of_variances(var, qvar);
}

// A transformed coefficient's share of the block's masking energy.
VMAF_HOST_DEVICE inline float energy_term(int32_t c, float mask)
{
    return static_cast<float>(c * c) * mask;
}

// Masking strength from a block's weighted AC energy and variance ratio.
VMAF_HOST_DEVICE inline float masking_of(float energy, float variance_ratio)
{
    return static_cast<float>(sqrt(static_cast<double>(energy * variance_ratio)) / 32.f);
}

// Masking strength of a transformed block: its weighted AC energy, summed
// in raster order, scaled by its variance ratio.
VMAF_HOST_DEVICE inline float masking(const int32_t dct[64], const float mask[8][8], float variance_ratio)
{
    float energy = 0;
    for (int i = 0; i < 8; i++)
        for (int j = (i == 0); j < 8; j++) energy += energy_term(dct[i * 8 + j], mask[i][j]);
    return masking_of(energy, variance_ratio);
}

// The masking table of a CSF table: the CSF scaled by 0.3885746 and
// squared (the paper's table, as Xiph reconstructed it).
VMAF_HOST_DEVICE inline void masking_table(const float csf[8][8], float mask[8][8])
{
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            mask[i][j] = static_cast<float>((csf[i][j] * 0.3885746225901003) *
                                            (csf[i][j] * 0.3885746225901003));
}

// The error term of coefficient (i, j) of a block, s and d its two
// transforms' coefficients, m the block's masking: the masked, CSF-weighted
// squared error. The DC error is never masked.
VMAF_HOST_DEVICE inline float error_term(int32_t s, int32_t d, float m, int i, int j,
                                         const float csf[8][8], const float mask[8][8])
{
    const int32_t diff = s - d;
    float err = static_cast<float>(diff < 0 ? -diff : diff);
    if (i != 0 || j != 0) {
        const float threshold = m / mask[i][j];
        err = err < threshold ? 0 : err - threshold;
    }
    return (err * csf[i][j]) * (err * csf[i][j]);
}

// The 64 error terms of the block whose samples are s and d (both
// overwritten by their DCTs), given to put(k, term) in raster order.
template <typename Put>
VMAF_HOST_DEVICE inline void block_terms(int32_t s[64], int32_t d[64], const float csf[8][8],
                                         const float mask[8][8], Put put)
{
    const float s_ratio = variance_ratio(s), d_ratio = variance_ratio(d);
    fdct8x8(s);
    fdct8x8(d);
    const float ms = masking(s, mask, s_ratio), md = masking(d, mask, d_ratio);
    const float m = ms > md ? ms : md;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            put(i * 8 + j, error_term(s[i * 8 + j], d[i * 8 + j], m, i, j, csf, mask));
}

// 8x8 blocks every 7 samples of a plane of n samples (n >= 8).
VMAF_HOST_DEVICE inline int block_count(int n) { return (n - 8) / 7 + 1; }

// The plane's error, the mean term over the squared peak, from the float sum
// of its terms: 10 log10(1 / error) is the plane's PSNR-HVS.
inline double plane_error(float sum, int terms, unsigned bpc)
{
    sum /= static_cast<float>(terms);
    const int32_t peak = (int32_t{1} << bpc) - 1;
    sum /= static_cast<float>(peak * peak);
    return sum;
}

inline double to_db(double error) { return 10 * (-1 * std::log10(error)); }

} // namespace vmaf::psnr_hvs
