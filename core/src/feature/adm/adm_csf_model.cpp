#include "feature/adm/adm_csf_model.h"

#include <cmath>
#include <cstdint>

namespace vmaf::adm {

namespace {

// Watson, Yang, Solomon, Villasenor, "Visibility of wavelet quantization
// noise", IEEE TIP 6(8), 1997: threshold model of the luma channel (Table IV,
// subject "sfl") and basis amplitudes A[lambda][theta] (Table V).
constexpr float kWatsonA = 0.495f, kWatsonK = 0.466f, kWatsonF0 = 0.401f;
constexpr float kWatsonG[4] = {1.501f, 1.0f, 0.534f, 1.0f};
constexpr float kAmplitude[4][4] = {
    {0.62171f, 0.67234f, 0.72709f, 0.67234f},
    {0.34537f, 0.41317f, 0.49428f, 0.41317f},
    {0.18004f, 0.22727f, 0.28688f, 0.22727f},
    {0.091401f, 0.11792f, 0.15214f, 0.11792f},
};

// Display visual resolution in pixels per degree (56.55 at 3H on 1080 lines).
float pixels_per_degree(const CsfParams &p)
{
    return static_cast<float>(p.norm_view_dist * p.ref_display_height * M_PI / 180.0);
}

// Quantisation step of the Watson model, formula (9); theta 1 is the
// horizontal/vertical orientation, 2 the diagonal one.
float watson_step(const CsfParams &p, int lambda, int theta)
{
    const float r = pixels_per_degree(p);
    const float temp = static_cast<float>(
        std::log10(std::pow(2.0, lambda + 1) * kWatsonF0 * kWatsonG[theta] / r));
    return static_cast<float>(2.0 * kWatsonA * std::pow(10.0, kWatsonK * temp * temp) /
                              kAmplitude[lambda][theta]);
}

// The reference calls the C (double) math functions on float arguments;
// the double{} conversions below keep C++ from picking the float overloads.

// Barten's CSF as simplified in HDR-VDP-2 (Mantiuk et al., ACM TOG 30(4),
// 2011), at the luminance levels its parameters were fitted for.
constexpr float kLumAnchors[6] = {0.002f, 0.02f, 0.2f, 2.0f, 20.0f, 150.0f};
constexpr float kBartenParams[6][5] = {
    {0.0160737f, 0.991265f, 3.74038f, 0.50722f, 4.46044f},
    {0.383873f, 0.800889f, 3.54104f, 0.682505f, 4.94958f},
    {0.929301f, 0.476505f, 4.37453f, 0.750315f, 5.28678f},
    {1.29776f, 0.405782f, 4.40602f, 0.935314f, 5.61425f},
    {1.49222f, 0.334278f, 3.79542f, 1.07327f, 6.4635f},
    {1.46213f, 0.394533f, 2.7755f, 1.16577f, 7.45665f},
};
constexpr float kRodConeSens[4] = {30.162f, 4.0627f, 1.6596f, 0.2712f};
constexpr float kMtfA[4] = {0.424838596301290f, 0.572435103936480f, 0.000167576239164937f,
                            0.00255872352306433f};
constexpr float kMtfB[4] = {0.028f, 0.37f, 37.0f, 360.0f};
constexpr double kCsfLuminance = 100.0; // cd/m2

float lerp(float x0, float y0, float x1, float y1, float x)
{
    return y0 + ((y1 - y0) / (x1 - x0)) * (x - x0);
}

float rod_cone_sensitivity(float lum)
{
    return static_cast<float>(
        kRodConeSens[0] *
        std::pow(std::pow(double{kRodConeSens[1] / lum}, double{kRodConeSens[2]}) + 1,
                 double{-kRodConeSens[3]}));
}

float optical_mtf(float rho)
{
    float mtf = 0.0f;
    for (int i = 0; i < 4; i++)
        mtf = static_cast<float>(mtf + kMtfA[i] * std::exp(double{-kMtfB[i] * rho}));
    return mtf;
}

float barten(const CsfParams &p, int lambda, double band_scale)
{
    const float r = pixels_per_degree(p);
    const float rho = static_cast<float>(r / std::pow(2, lambda + 1));
    const double lum = std::fmin(std::fmax(kCsfLuminance, double{kLumAnchors[0]}),
                                 double{kLumAnchors[5]});
    int lo = 0;
    for (int i = 0; i < 5; i++) {
        if (lum >= kLumAnchors[i] && lum <= kLumAnchors[i + 1]) {
            lo = i;
            break;
        }
    }
    const int hi = lo + 1;
    const float x0 = static_cast<float>(std::log10(double{kLumAnchors[lo]}));
    const float x1 = static_cast<float>(std::log10(double{kLumAnchors[hi]}));
    const float x = static_cast<float>(std::log10(lum));
    float q[4];
    for (int k = 0; k < 4; k++)
        q[k] = lerp(x0, kBartenParams[lo][k + 1], x1, kBartenParams[hi][k + 1], x);

    const float a = static_cast<float>(1.0f + std::pow(double{q[0] * rho}, double{q[1]}));
    const float b = static_cast<float>(
        1.0f / std::pow(1 - std::exp(-std::pow(double{rho / 7}, 2.0)), q[2]));
    const float neural = static_cast<float>(q[3] / std::pow(a * b, 0.5));
    return static_cast<float>(neural * optical_mtf(rho) *
                              rod_cone_sensitivity(static_cast<float>(kCsfLuminance)) *
                              band_scale);
}

// Blends of the Barten and Watson CSFs fitted per viewing condition:
// [orientation: h/v, d][scale]. Tables of the reference (legacy fit and the
// fit with the corrected L1 optimisation).
struct BlendTable {
    int height;
    double view_dist;
    float legacy[2][4];
    float mae[2][4];
};

constexpr BlendTable kBlends[] = {
    {1080, 3.0,
     {{0.01183f, 0.025026f, 0.04295f, 0.058621f}, {0.004302f, 0.011778f, 0.023918f, 0.035901f}},
     {{0.011249f, 0.022606f, 0.035930f, 0.045673f}, {0.004097f, 0.010921f, 0.021430f, 0.031313f}}},
    {1080, 5.0,
     {{0.004212f, 0.014809f, 0.029642f, 0.047464f}, {0.000984f, 0.005852f, 0.0146f, 0.027574f}},
     {{0.004052f, 0.013939f, 0.026298f, 0.038833f}, {0.000927f, 0.005544f, 0.013415f, 0.024515f}}},
    // 2160 lines at 1.5H has the pixels per degree of 1080 at 3H.
    {2160, 1.5,
     {{0.01183f, 0.025026f, 0.04295f, 0.058621f}, {0.004302f, 0.011778f, 0.023918f, 0.035901f}},
     {{0.011249f, 0.022606f, 0.035930f, 0.045673f}, {0.004097f, 0.010921f, 0.021430f, 0.031313f}}},
    {2160, 3.0,
     {{0.00226f, 0.01183f, 0.025026f, 0.04295f}, {0.000479f, 0.004302f, 0.011778f, 0.023918f}},
     {{0.002166f, 0.011249f, 0.022606f, 0.035930f}, {0.000447f, 0.004097f, 0.010921f, 0.021430f}}},
    {2160, 5.0,
     {{0.000092f, 0.004212f, 0.014809f, 0.029642f}, {0.000050f, 0.000984f, 0.005852f, 0.0146f}},
     {{0.000077f, 0.004052f, 0.013939f, 0.026298f}, {0.000045f, 0.000927f, 0.005544f, 0.013415f}}},
    {720, 3.0,
     {{0.018715f, 0.035637f, 0.052798f, 0.061509f}, {0.007999f, 0.018396f, 0.031851f, 0.037718f}},
     {{0.017329f, 0.030870f, 0.042134f, 0.047410f}, {0.007509f, 0.016707f, 0.028072f, 0.032722f}}},
    {720, 5.0,
     {{0.010144f, 0.022561f, 0.040309f, 0.05672f}, {0.003463f, 0.010282f, 0.021839f, 0.034641f}},
     {{0.009689f, 0.020577f, 0.034162f, 0.044523f}, {0.003302f, 0.009579f, 0.019661f, 0.030318f}}},
    {480, 3.0,
     {{0.027961f, 0.045875f, 0.060275f, 0.056234f}, {0.013572f, 0.026277f, 0.036959f, 0.034511f}},
     {{0.024969f, 0.037825f, 0.046676f, 0.043974f}, {0.012511f, 0.023424f, 0.032139f, 0.030166f}}},
    {480, 5.0,
     {{0.016781f, 0.032822f, 0.05032f, 0.061594f}, {0.00691f, 0.016545f, 0.029917f, 0.037777f}},
     {{0.015665f, 0.028766f, 0.040612f, 0.047483f}, {0.006514f, 0.015107f, 0.026476f, 0.032776f}}},
};

const BlendTable *blend_table(const CsfParams &p)
{
    for (const auto &t : kBlends)
        if (t.height == p.ref_display_height && t.view_dist == p.norm_view_dist) return &t;
    return nullptr;
}

} // namespace

bool csf_defined(const CsfParams &p)
{
    return (p.mode != kBlend && p.mode != kBlendMae) || blend_table(p);
}

std::array<float, 2> csf_weights(const CsfParams &p, int scale)
{
    switch (p.mode) {
    case kBarten: return {barten(p, scale, p.scale), barten(p, scale, p.diag_scale)};
    case kBlend:
    case kBlendMae: {
        const BlendTable &t = *blend_table(p);
        const auto &w = p.mode == kBlend ? t.legacy : t.mae;
        return {w[0][scale], w[1][scale]};
    }
    default: return {1.0f / watson_step(p, scale, 1), 1.0f / watson_step(p, scale, 2)};
    }
}

ScaleMath<int16_t>::Factors scale0_factors(const CsfParams &p)
{
    // The reference hard-codes the Q21/Q23 factors of its default view.
    if (std::fabs(p.norm_view_dist * p.ref_display_height - 3.0 * 1080) < 1.0e-8 &&
        p.mode == kWatson97)
        return {36453, 36453, 49417};
    const auto w = csf_weights(p, 0);
    // Wraps like the reference's (uint16_t) conversion on x86.
    auto q = [](double v) { return static_cast<uint16_t>(static_cast<int64_t>(v)); };
    return {q(w[0] * std::pow(2, 21)), q(w[0] * std::pow(2, 21)), q(w[1] * std::pow(2, 23))};
}

ScaleMath<int32_t>::Factors scale_factors(const CsfParams &p, int scale)
{
    const auto w = csf_weights(p, scale);
    // The reference's x86 build converts these in its AVX-512 code, where a
    // factor of 1 or more (Barten's, at coarse scales) saturates to
    // 0xFFFFFFFF (vcvttsd2usi), not wrapping as its C code does (ADR 0024).
    auto q = [](double v) { return v >= 4294967296.0 ? 0xFFFFFFFFu : static_cast<uint32_t>(v); };
    return {q(w[0] * std::pow(2, 32)), q(w[0] * std::pow(2, 32)), q(w[1] * std::pow(2, 32))};
}

} // namespace vmaf::adm
