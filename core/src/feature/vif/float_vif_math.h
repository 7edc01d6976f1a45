// float_vif arithmetic: the reference's Gaussian filters per scale, its
// VIF statistic (with the approximate log2 and the float/double mix of
// libvmaf's vif_statistic_s) and the four-scale pyramid.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "feature/common/float_filter.h"
#include "base/host_device.h"

namespace vmaf::float_vif {

inline constexpr int kScales = 4;

// Whether `kernelscale` is one of the reference's accepted kernel scales.
bool valid_kernelscale(double kernelscale);

// The Gaussian taps of `scale` (odd count, at least 3).
int filter_size(int scale, double kernelscale);
std::vector<float> gaussian_filter(int scale, double kernelscale);
// `size` taps of a Gaussian of deviation `stdev`, normalised to sum 1 in
// float as the reference sums them (SpEED's anti-alias filter has its own
// deviation).
std::vector<float> gaussian_taps(int size, float stdev);

// The resampling method named `name`, if it is one.
std::optional<floatf::ScaleMethod> scale_method(std::string_view name);

// The reference's log2 approximation: exponent plus a degree-8 polynomial
// of the mantissa (Horner, in float).
VMAF_HOST_DEVICE inline float log2_approx(float x)
{
    if (x == 0.0f) return -INFINITY;
    if (x < 0.0f) return NAN;
    const unsigned bits = bits_as<unsigned>(x);
    const int exponent = static_cast<int>((bits & 0x7F800000u) >> 23);
    const float t = bits_as<float>((bits & 0x007FFFFFu) | 0x3F800000u) - 1.0f;
    float poly = -0.012671635276421f;
    poly = poly * t + 0.064841182402670f;
    poly = poly * t + -0.157048836463065f;
    poly = poly * t + 0.257167726303123f;
    poly = poly * t + -0.353800560300520f;
    poly = poly * t + 0.480131410397451f;
    poly = poly * t + -0.721314327952201f;
    poly = poly * t + 1.442694803896991f;
    poly = poly * t + 0.0f;
    return static_cast<float>(exponent - 127) + poly;
}

// Constants of the statistic, as the reference rounds them.
struct StatisticConstants {
    double sigma_nsq;    // kept double where the reference mixes it in
    float sigma_max_inv; // sigma_nsq^2 / 255^2
    float gain_limit;
};

// The numerator and denominator terms of one sample from its filtered
// means (mu1, mu2) and second moments (xx, yy, xy): libvmaf's
// vif_statistic_s, in its float/double mix.
VMAF_HOST_DEVICE inline void statistic_terms(float mu1, float mu2, float xx, float yy, float xy,
                                             const StatisticConstants &c, float &num, float &den)
{
    constexpr float eps = 1.0e-10f;
    const double nsq = c.sigma_nsq;
    float sigma1_sq = xx - mu1 * mu1;
    float sigma2_sq = yy - mu2 * mu2;
    const float sigma12 = xy - mu1 * mu2;
    sigma1_sq = sigma1_sq > 0.0f ? sigma1_sq : 0.0f;
    sigma2_sq = sigma2_sq > 0.0f ? sigma2_sq : 0.0f;
    float g = sigma12 / (sigma1_sq + eps);
    float sv_sq = sigma2_sq - g * sigma12;
    if (sigma1_sq < eps) {
        g = 0.0f;
        sv_sq = sigma2_sq;
        sigma1_sq = 0.0f;
    }
    if (sigma2_sq < eps) {
        g = 0.0f;
        sv_sq = 0.0f;
    }
    if (g < 0.0f) {
        sv_sq = sigma2_sq;
        g = 0.0f;
    }
    sv_sq = sv_sq > eps ? sv_sq : eps;
    g = g < c.gain_limit ? g : c.gain_limit;
    if (sigma1_sq < nsq) {
        num = 1.0f - sigma2_sq * c.sigma_max_inv;
        den = 1.0f;
    } else {
        num = sigma12 < 0.0f
                  ? 0.0f
                  : log2_approx(static_cast<float>(1.0f + (g * g * sigma1_sq) / (sv_sq + nsq)));
        den = log2_approx(static_cast<float>(1.0f + sigma1_sq / nsq));
    }
}

struct FloatVifParams {
    double enhn_gain_limit = 100.0;
    double kernelscale = 1.0;
    double sigma_nsq = 2.0;
    bool skip_scale0 = false;
};

// Numerator and denominator of one scale, float sums as the reference's.
struct ScaleScore {
    float num = 0.0f, den = 0.0f;
};

StatisticConstants statistic_constants(const FloatVifParams &p);

// Whether every scale of a w x h picture is larger than its filter's
// radius, which the reflection at the edges needs.
bool size_fits(int w, int h, const FloatVifParams &p);

// The four-scale VIF of a float picture pair (same size), with buffers
// kept from frame to frame.
class Pyramid {
public:
    // cpu_flags: the instruction sets its filter may use (cpu::Flag bits).
    Pyramid(const FloatVifParams &p, unsigned cpu_flags);
    // Scores of scales 0..3; scale 0 is left zero when skipped.
    void compute(const FloatPlane &ref, const FloatPlane &dis, ScaleScore out[kScales]);

private:
    ScaleScore statistic(const FloatPlane &ref, const FloatPlane &dis, int scale);

    FloatVifParams p_;
    StatisticConstants constants_;
    std::vector<float> taps_[kScales];
    floatf::Filter filter_;
    FloatPlane ref_[2], dis_[2];
    std::vector<float> rows_[5];
};

} // namespace vmaf::float_vif
