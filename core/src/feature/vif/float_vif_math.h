// float_vif arithmetic: the reference's Gaussian filters per scale, its
// VIF statistic (with the approximate log2 and the float/double mix of
// libvmaf's vif_statistic_s) and the four-scale pyramid.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "feature/common/float_filter.h"

namespace vmaf::float_vif {

inline constexpr int kScales = 4;

// Whether `kernelscale` is one of the reference's accepted kernel scales.
bool valid_kernelscale(double kernelscale);

// The Gaussian taps of `scale` (odd count, at least 3).
int filter_size(int scale, double kernelscale);
std::vector<float> gaussian_filter(int scale, double kernelscale);

// The resampling method named `name`, if it is one.
std::optional<floatf::ScaleMethod> scale_method(std::string_view name);

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

// Whether every scale of a w x h picture is larger than its filter's
// radius, which the reflection at the edges needs.
bool size_fits(int w, int h, const FloatVifParams &p);

// The four-scale VIF of a float picture pair (same size), with buffers
// kept from frame to frame.
class Pyramid {
public:
    explicit Pyramid(const FloatVifParams &p);
    // Scores of scales 0..3; scale 0 is left zero when skipped.
    void compute(const FloatPlane &ref, const FloatPlane &dis, ScaleScore out[kScales]);

private:
    ScaleScore statistic(const FloatPlane &ref, const FloatPlane &dis, int scale);

    FloatVifParams p_;
    float gain_limit_, sigma_max_inv_;
    std::vector<float> taps_[kScales];
    floatf::Filter filter_;
    FloatPlane ref_[2], dis_[2];
    std::vector<float> rows_[5];
};

} // namespace vmaf::float_vif
