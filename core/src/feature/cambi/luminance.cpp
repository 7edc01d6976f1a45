#include "feature/cambi/luminance.h"

#include <algorithm>
#include <cmath>

namespace vmaf::cambi {
namespace {

// BT.1886 with a 300 cd/m2 white and a 0.01 cd/m2 black, gamma 2.4, its
// constants computed by the reference's operations (the same bits). Called
// only while the thresholds are set up.
double bt1886(double v)
{
    constexpr double kGamma = 2.4, kWhite = 300.0, kBlack = 0.01;
    const double a =
        std::pow(std::pow(kWhite, 1.0 / kGamma) - std::pow(kBlack, 1.0 / kGamma), kGamma);
    const double b = std::pow(kBlack, 1.0 / kGamma) /
                     (std::pow(kWhite, 1.0 / kGamma) - std::pow(kBlack, 1.0 / kGamma));
    return a * std::pow(std::max(v + b, 0.0), kGamma);
}

// SMPTE ST 2084 (PQ), 10000 cd/m2 at full code.
double pq(double v)
{
    constexpr double kM1 = 0.1593017578125, kM2 = 78.84375;
    constexpr double kC1 = 0.8359375, kC2 = 18.8515625, kC3 = 18.6875;
    const double num = std::max(std::pow(v, 1.0 / kM2) - kC1, 0.0);
    const double den = kC2 - kC3 * std::pow(v, 1.0 / kM2);
    return 10000 * std::pow(num / den, 1.0 / kM1);
}

} // namespace

std::optional<Eotf> parse_eotf(std::string_view name)
{
    if (name == "bt1886") return Eotf::kBt1886;
    if (name == "pq") return Eotf::kPq;
    return std::nullopt;
}

double luminance(int code, Eotf eotf)
{
    const int clipped = std::clamp(code, kLumaFoot, kLumaHead);
    const double v = static_cast<double>(clipped - kLumaFoot) / (kLumaHead - kLumaFoot);
    return eotf == Eotf::kPq ? pq(v) : bt1886(v);
}

} // namespace vmaf::cambi
