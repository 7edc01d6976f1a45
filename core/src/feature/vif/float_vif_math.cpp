#include "feature/vif/float_vif_math.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace vmaf::float_vif {

namespace {

// The kernel scales the reference accepts, as it tabulates them (float).
constexpr float kKernelScales[] = {
    1.0f,         1.0f / 2.0f,  3.0f / 2.0f,  2.0f,  2.0f / 3.0f,  24.0f / 10.0f, 360.0f / 97.0f,
    4.0f / 3.0f,  3.5f / 3.0f,  3.75f / 3.0f, 4.25f / 3.0f, 5.0f / 3.0f, 3.0f, 1.0f / 2.25f,
    1.4746f,      1.54f,        1.6f,         1.06667f, 0.711111f, 0.740740f, 1.111111f,
};

// The Gaussian density as the reference evaluates it (its constant factor
// cancels in the normalisation, but its rounding does not).
float gaussian(float x, float stdev)
{
    const float num = static_cast<float>(std::exp(-0.5 * x / stdev * x / stdev));
    const float den = static_cast<float>(1 / (stdev * std::sqrt(2 * std::numbers::pi)));
    return num / den;
}

} // namespace

bool valid_kernelscale(double kernelscale)
{
    const float k = static_cast<float>(kernelscale);
    return std::any_of(std::begin(kKernelScales), std::end(kKernelScales),
                       [k](float v) { return std::fabs(k - v) < 1e-3; });
}

int filter_size(int scale, double kernelscale)
{
    const int n = (1 << (4 - scale)) + 1;
    int size = static_cast<int>(std::ceil(static_cast<float>(n) * static_cast<float>(kernelscale)));
    if (size % 2 == 0) size++;
    return std::max(size, 3);
}

std::vector<float> gaussian_filter(int scale, double kernelscale)
{
    const int size = filter_size(scale, kernelscale);
    return gaussian_taps(size, static_cast<float>(size) / 5.0f);
}

std::vector<float> gaussian_taps(int size, float stdev)
{
    std::vector<float> taps(static_cast<size_t>(size));
    float sum = 0.0f;
    for (int i = 0; i < size; i++) {
        taps[i] = gaussian(static_cast<float>(i - (size - 1) / 2), stdev);
        sum += taps[i];
    }
    for (float &t : taps) t /= sum;
    return taps;
}

std::optional<floatf::ScaleMethod> scale_method(std::string_view name)
{
    if (name == "nearest") return floatf::ScaleMethod::kNearest;
    if (name == "bilinear") return floatf::ScaleMethod::kBilinear;
    if (name == "bicubic") return floatf::ScaleMethod::kBicubic;
    if (name == "lanczos4") return floatf::ScaleMethod::kLanczos4;
    return std::nullopt;
}

bool size_fits(int w, int h, const FloatVifParams &p)
{
    for (int s = p.skip_scale0 ? 1 : 0; s < kScales; s++) {
        const int r = filter_size(s, p.kernelscale) / 2;
        if (s > 0) {
            if (w <= r || h <= r) return false; // the blur before decimation
            w /= 2;
            h /= 2;
        }
        if (w <= r || h <= r) return false;
    }
    return true;
}

StatisticConstants statistic_constants(const FloatVifParams &p)
{
    return {p.sigma_nsq,
            static_cast<float>(std::pow(static_cast<float>(p.sigma_nsq), 2.0f) / (255.0 * 255.0)),
            static_cast<float>(p.enhn_gain_limit)};
}

Pyramid::Pyramid(const FloatVifParams &p, unsigned cpu_flags)
    : p_(p), constants_(statistic_constants(p)), filter_(cpu_flags)
{
    for (int s = 0; s < kScales; s++) taps_[s] = gaussian_filter(s, p.kernelscale);
}

void Pyramid::compute(const FloatPlane &ref, const FloatPlane &dis, ScaleScore out[kScales])
{
    const FloatPlane *r = &ref, *d = &dis;
    for (int s = 0; s < kScales; s++) {
        out[s] = {};
        if (s > 0) {
            // Scale s: scale s - 1 blurred with filter s, every other sample.
            FloatPlane &rn = ref_[s % 2], &dn = dis_[s % 2];
            filter_.plane(taps_[s], *r, rn, 2);
            filter_.plane(taps_[s], *d, dn, 2);
            r = &rn;
            d = &dn;
        }
        if (s == 0 && p_.skip_scale0) continue;
        out[s] = statistic(*r, *d, s);
    }
}

// libvmaf's vif_statistic_s, row by row: float sums of each row, added to
// float totals. sigma_nsq stays double where the reference mixes it in.
ScaleScore Pyramid::statistic(const FloatPlane &ref, const FloatPlane &dis, int scale)
{
    const int w = ref.w;
    for (auto &row : rows_) row.resize(static_cast<size_t>(w));
    float *mu1 = rows_[0].data(), *mu2 = rows_[1].data(), *xx = rows_[2].data(),
          *yy = rows_[3].data(), *xy = rows_[4].data();
    const std::vector<float> &taps = taps_[scale];
    float num = 0.0f, den = 0.0f;
    for (int y = 0; y < ref.h; y++) {
        filter_.row(taps, floatf::Input::kPlain, ref, nullptr, y, mu1);
        filter_.row(taps, floatf::Input::kPlain, dis, nullptr, y, mu2);
        filter_.row(taps, floatf::Input::kSquare, ref, nullptr, y, xx);
        filter_.row(taps, floatf::Input::kSquare, dis, nullptr, y, yy);
        filter_.row(taps, floatf::Input::kProduct, ref, &dis, y, xy);
        float row_num = 0.0f, row_den = 0.0f;
        for (int x = 0; x < w; x++) {
            float num_val, den_val;
            statistic_terms(mu1[x], mu2[x], xx[x], yy[x], xy[x], constants_, num_val, den_val);
            row_num += num_val;
            row_den += den_val;
        }
        num += row_num;
        den += row_den;
    }
    return {num, den};
}

} // namespace vmaf::float_vif
