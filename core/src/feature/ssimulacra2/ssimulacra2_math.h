// SSIMULACRA2 (Jon Sneyers, Cloudinary) as libjxl v0.11's `ssimulacra2`
// tool computes it from two sRGB pictures: XYB at six scales (halved in
// linear light), per scale and channel the SSIM map without its gamma term
// and the edge maps (ringing, blurring), each as a mean and a 4-norm, a
// weighted sum of the 108 values, remapped to 0..100 (ADR 0051).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "base/host_device.h"
#include "feature/ssimulacra2/recursive_gaussian.h"
#include "feature/ssimulacra2/ssimulacra2_passes.h"
#include "feature/ssimulacra2/xyb.h"

namespace vmaf::ssimulacra2 {

inline constexpr int kScales = 6;

// The smallest width or height that has all six scales: the reference
// stops at a scale whose predecessor is under 8 samples (and weighs the
// norms it has with the wrong weights), so scale 4, ceil(n / 16), must
// keep 8: n > 16 * 7.
inline constexpr int kMinSize = 16 * 7 + 1;

// Three float planes, rows packed.
struct Image3 {
    int w = 0, h = 0;
    std::array<std::vector<float>, 3> p;

    void resize(int width, int height);
    float *row(int c, int y) { return p[c].data() + static_cast<size_t>(y) * static_cast<size_t>(w); }
    const float *row(int c, int y) const
    {
        return p[c].data() + static_cast<size_t>(y) * static_cast<size_t>(w);
    }
};

// A row's sums of one scale, per channel c: the SSIM error and its fourth
// power at [2c], [2c + 1]; the ringing, its fourth power, the blurring and
// its fourth power at [6 + 4c] .. [6 + 4c + 3]. Each is the in-order sum of
// kSumLanes partial sums, partial sum l adding the samples x = l, l + 32,
// ... in order; the rows' sums are then added in order (ADR 0051: the
// reference adds one running sum; lanes and rows let the HIP twin sum in
// parallel and still match the CPU bit for bit).
inline constexpr int kRowSums = 18;
inline constexpr int kSumLanes = 32;

VMAF_HOST_DEVICE inline double quartic(double x)
{
    x *= x;
    return x * x;
}

// 1 - SSIM at a sample, without the reference's luminance denominator, in
// its mixed precision: a float difference squared, taken from 1 in double
// and stored as float; 0 where negative.
VMAF_HOST_DEVICE inline double ssim_error(float mu1, float mu2, float s11, float s22, float s12)
{
    constexpr float c2 = 0.0009f;
    const float mu11 = mu1 * mu1, mu22 = mu2 * mu2, mu12 = mu1 * mu2;
    const float num_m = static_cast<float>(1.0 - static_cast<double>((mu1 - mu2) * (mu1 - mu2)));
    const float num_s = 2.0f * (s12 - mu12) + c2;
    const float denom_s = (s11 - mu11) + (s22 - mu22) + c2;
    const double d = 1.0 - static_cast<double>(num_m * num_s / denom_s);
    return d > 0.0 ? d : 0.0;
}

// The edge ratio at a sample: above 0 the distorted picture has an edge
// where the reference is smooth (ringing), below 0 the reverse (blurring).
VMAF_HOST_DEVICE inline double edge_ratio(float i1, float m1, float i2, float m2)
{
    return (1.0 + static_cast<double>(fabsf(i2 - m2))) / (1.0 + static_cast<double>(fabsf(i1 - m1))) - 1.0;
}

// One lane's six partial sums of a channel: the SSIM error, its fourth
// power, the ringing, its fourth power, the blurring, its fourth power.
struct LaneSums {
    double v[6];
};

// Adds a sample's terms to a lane's sums.
VMAF_HOST_DEVICE inline void add_terms(LaneSums &s, double ssim, double edge)
{
    const double artifact = edge > 0.0 ? edge : 0.0, detail_lost = -edge > 0.0 ? -edge : 0.0;
    s.v[0] += ssim;
    s.v[1] += quartic(ssim);
    s.v[2] += artifact;
    s.v[3] += quartic(artifact);
    s.v[4] += detail_lost;
    s.v[5] += quartic(detail_lost);
}

// A row's sums of channel c (row_sums' layout) from its kSumLanes lanes,
// joined in order.
VMAF_HOST_DEVICE inline void join_lanes(const LaneSums *lanes, int c, double *row_sums)
{
    LaneSums t = lanes[0];
    for (int l = 1; l < kSumLanes; l++)
        for (int q = 0; q < 6; q++) t.v[q] += lanes[l].v[q];
    row_sums[2 * c] = t.v[0];
    row_sums[2 * c + 1] = t.v[1];
    for (int q = 0; q < 4; q++) row_sums[6 + 4 * c + q] = t.v[2 + q];
}

// One scale's norms: SSIM per channel (mean, 4-norm), edges per channel
// (ringing mean, ringing 4-norm, blurring mean, blurring 4-norm).
struct ScaleNorms {
    double ssim[6];
    double edge[12];
};

// A scale's norms from its h rows' sums (kRowSums a row) of w samples each.
ScaleNorms norms_of(const double *row_sums, int w, int h);

// Linear light of each 8-bit R'G'B' code, as libjxl reads a PNG's byte (v /
// 255 in float) and undoes sRGB's transfer.
std::array<float, 256> linear_of_8bit();

// The final remap of the weighted norms of `n` scales, in the reference's
// order (channel, scale, norm).
double score(const ScaleNorms *scales, int n);

// Linear RGB of the next scale: 2x2 means, the last row and column repeated.
void downsample(const Image3 &in, Image3 &out);

// The scores of picture pairs of one size, reusing its buffers, with the
// widest passes `cpu_flags` (cpu::Flag bits) allow.
class Scorer {
public:
    Scorer(int w, int h, unsigned cpu_flags);

    // The score of two pictures in linear light.
    double operator()(const Image3 &ref_linear, const Image3 &dis_linear);

private:
    ScaleNorms norms();

    // One channel's blurred planes: x1^2, x2^2, x1 x2, x1, x2.
    enum Blurred { kS11, kS22, kS12, kMu1, kMu2, kBlurredPlanes };

    const Passes *passes_;
    RecursiveGaussian gauss_;
    Opsin opsin_;
    Image3 xyb_[2], half_[2][2];
    std::vector<float> blurred_[kBlurredPlanes], product_, tmp_;
    std::vector<float> state_;
    std::vector<double> row_sums_, ssim_terms_, edge_terms_;
};

} // namespace vmaf::ssimulacra2
