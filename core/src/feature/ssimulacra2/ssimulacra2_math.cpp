#include "feature/ssimulacra2/ssimulacra2_math.h"

#include <algorithm>
#include <cmath>

#include "cpu/cpu_flags.h"

namespace vmaf::ssimulacra2 {

const Passes &passes(unsigned cpu_flags)
{
    static constexpr Passes portable{blur_plane<cpu::Portable>, row_terms<cpu::Portable>, to_xyb<cpu::Portable>};
#if defined(VMAF_X86_SIMD)
    static constexpr Passes avx2{blur_plane<cpu::Avx2>, row_terms<cpu::Avx2>, to_xyb<cpu::Avx2>};
    static constexpr Passes avx512{blur_plane<cpu::Avx512>, row_terms<cpu::Avx512>, to_xyb<cpu::Avx512>};
    return cpu::widest(cpu_flags, portable, &avx2, &avx512);
#else
    return cpu::widest(cpu_flags, portable, nullptr, nullptr);
#endif
}

Opsin opsin()
{
    // libjxl's frozen matrix, its third column (and last row's) the rest of 1
    // in float.
    constexpr float m02 = 0.078f, m00 = 0.30f, m01 = 1.0f - m02 - m00;
    constexpr float m12 = 0.078f, m10 = 0.23f, m11 = 1.0f - m12 - m10;
    constexpr float m20 = 0.24342268924547819f, m21 = 0.20476744424496821f, m22 = 1.0f - m20 - m21;
    constexpr float bias = 0.0037930732552754493f;
    return {{m00, m01, m02, m10, m11, m12, m20, m21, m22}, bias, -std::cbrt(bias)};
}

void Image3::resize(int width, int height)
{
    // Grown only: a scale's smaller size keeps the planes, and the next
    // frame's full size finds them (no zeroing, no page faults).
    w = width;
    h = height;
    const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
    for (auto &plane : p)
        if (plane.size() < n) plane.resize(n);
}

namespace {

// libjxl's tuned weights (tools/ssimulacra2.cc), in its order: channel X, Y,
// B; scale 1:1 to 1:32; 1-norm then 4-norm; SSIM, ringing, blurring.
constexpr double kWeight[108] = {
    0.0, 0.0007376606707406586, 0.0, 0.0, 0.0007793481682867309, 0.0, 0.0, 0.0004371155730107379, 0.0,
    1.1041726426657346, 0.00066284834129271, 0.00015231632783718752, 0.0, 0.0016406437456599754, 0.0,
    1.8422455520539298, 11.441172603757666, 0.0, 0.0007989109436015163, 0.000176816438078653, 0.0,
    1.8787594979546387, 10.94906990605142, 0.0, 0.0007289346991508072, 0.9677937080626833, 0.0,
    0.00014003424285435884, 0.9981766977854967, 0.00031949755934435053, 0.0004550992113792063, 0.0, 0.0,
    0.0013648766163243398, 0.0, 0.0, 0.0, 0.0, 0.0, 7.466890328078848, 0.0, 17.445833984131262,
    0.0006235601634041466, 0.0, 0.0, 6.683678146179332, 0.00037724407979611296, 1.027889937768264,
    225.20515300849274, 0.0, 0.0, 19.213238186143016, 0.0011401524586618361, 0.001237755635509985,
    176.39317598450694, 0.0, 0.0, 24.43300999870476, 0.28520802612117757, 0.0004485436923833408, 0.0, 0.0,
    0.0, 34.77906344483772, 44.835625328877896, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0008680556573291698, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0005313191874358747, 0.0, 0.00016533814161379112,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0004179171803251336, 0.0017290828234722833, 0.0, 0.0020827005846636437,
    0.0, 0.0, 8.826982764996862, 23.19243343998926, 0.0, 95.1080498811086, 0.9863978034400682,
    0.9834382792465353, 0.0012286405048278493, 171.2667255897307, 0.9807858872435379, 0.0, 0.0, 0.0,
    0.0005130064588990679, 0.0, 0.00010854057858411537};

} // namespace

std::array<float, 256> linear_of_8bit()
{
    std::array<float, 256> t{};
    for (unsigned v = 0; v < 256; v++) t[v] = linear_from_srgb(static_cast<float>(v) * (1.0f / 255));
    return t;
}

double score(const ScaleNorms *scales, int n)
{
    double sum = 0.0;
    int i = 0;
    for (int c = 0; c < 3; c++)
        for (int s = 0; s < n; s++)
            for (int norm = 0; norm < 2; norm++) {
                sum += kWeight[i++] * std::abs(scales[s].ssim[c * 2 + norm]);
                sum += kWeight[i++] * std::abs(scales[s].edge[c * 4 + norm]);
                sum += kWeight[i++] * std::abs(scales[s].edge[c * 4 + norm + 2]);
            }
    sum = sum * 0.9562382616834844;
    sum = 2.326765642916932 * sum - 0.020884521182843837 * sum * sum + 6.248496625763138e-05 * sum * sum * sum;
    return sum > 0 ? 100.0 - 10.0 * std::pow(sum, 0.6276336467831387) : 100.0;
}

void downsample(const Image3 &in, Image3 &out)
{
    out.resize((in.w + 1) / 2, (in.h + 1) / 2);
    for (int c = 0; c < 3; c++)
        for (int oy = 0; oy < out.h; oy++) {
            float *o = out.row(c, oy);
            for (int ox = 0; ox < out.w; ox++) {
                float sum = 0.0f;
                for (int iy = 0; iy < 2; iy++)
                    for (int ix = 0; ix < 2; ix++)
                        sum += in.row(c, std::min(oy * 2 + iy, in.h - 1))[std::min(ox * 2 + ix, in.w - 1)];
                o[ox] = sum * 0.25f;
            }
        }
}

Scorer::Scorer(int w, int h, unsigned cpu_flags)
    : passes_(&passes(cpu_flags)), gauss_(recursive_gaussian(1.5)), opsin_(opsin())
{
    for (Image3 *img : {&xyb_[0], &xyb_[1]}) img->resize(w, h);
    state_.resize(8 * static_cast<size_t>(w));
    ssim_terms_.resize(static_cast<size_t>(w));
    edge_terms_.resize(static_cast<size_t>(w));
}

ScaleNorms Scorer::norms()
{
    const int w = xyb_[0].w, h = xyb_[0].h;
    const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
    // Grown only, as Image3's planes.
    for (auto *plane : {&product_, &tmp_, &blurred_[0], &blurred_[1], &blurred_[2], &blurred_[3], &blurred_[4]})
        if (plane->size() < n) plane->resize(n);
    row_sums_.resize(static_cast<size_t>(h) * kRowSums);
    // A channel at a time: its five blurred planes, then its terms of every
    // row (the planes of one channel are all a row's terms need).
    for (int c = 0; c < 3; c++) {
        const float *x1 = xyb_[0].p[c].data(), *x2 = xyb_[1].p[c].data();
        auto blur = [&](const float *in, std::vector<float> &out) {
            passes_->blur(gauss_, in, tmp_.data(), out.data(), state_.data(), w, h);
        };
        auto blur_product = [&](const float *a, const float *b, std::vector<float> &out) {
            for (size_t i = 0; i < n; i++) product_[i] = a[i] * b[i];
            blur(product_.data(), out);
        };
        blur_product(x1, x1, blurred_[kS11]);
        blur_product(x2, x2, blurred_[kS22]);
        blur_product(x1, x2, blurred_[kS12]);
        blur(x1, blurred_[kMu1]);
        blur(x2, blurred_[kMu2]);
        for (int y = 0; y < h; y++) {
            const size_t row = static_cast<size_t>(y) * static_cast<size_t>(w);
            const TermRows rows{blurred_[kMu1].data() + row, blurred_[kMu2].data() + row,
                                blurred_[kS11].data() + row, blurred_[kS22].data() + row,
                                blurred_[kS12].data() + row, x1 + row, x2 + row};
            passes_->terms(rows, w, ssim_terms_.data(), edge_terms_.data());
            LaneSums lanes[kSumLanes] = {};
            for (int x = 0; x < w; x++) add_terms(lanes[x % kSumLanes], ssim_terms_[x], edge_terms_[x]);
            join_lanes(lanes, c, row_sums_.data() + static_cast<size_t>(y) * kRowSums);
        }
    }
    return norms_of(row_sums_.data(), w, h);
}

ScaleNorms norms_of(const double *row_sums, int w, int h)
{
    double total[kRowSums] = {};
    for (int y = 0; y < h; y++)
        for (int k = 0; k < kRowSums; k++) total[k] += row_sums[static_cast<size_t>(y) * kRowSums + static_cast<size_t>(k)];
    const double per_pixel = 1.0 / (static_cast<double>(h) * static_cast<double>(w));
    ScaleNorms n;
    for (int c = 0; c < 3; c++) {
        n.ssim[2 * c] = per_pixel * total[2 * c];
        n.ssim[2 * c + 1] = std::sqrt(std::sqrt(per_pixel * total[2 * c + 1]));
        for (int k = 0; k < 4; k++) {
            const double v = per_pixel * total[6 + 4 * c + k];
            n.edge[4 * c + k] = k % 2 ? std::sqrt(std::sqrt(v)) : v;
        }
    }
    return n;
}

double Scorer::operator()(const Image3 &ref_linear, const Image3 &dis_linear)
{
    ScaleNorms scales[kScales];
    const Image3 *lin[2] = {&ref_linear, &dis_linear};
    int n = 0;
    for (int s = 0; s < kScales; s++) {
        if (lin[0]->w < 8 || lin[0]->h < 8) break;
        // Scale s halves scale s - 1 into one of two buffers a side.
        if (s > 0)
            for (int i = 0; i < 2; i++) {
                Image3 &half = half_[i][s % 2];
                downsample(*lin[i], half);
                lin[i] = &half;
            }
        for (int i = 0; i < 2; i++) {
            xyb_[i].resize(lin[i]->w, lin[i]->h);
            passes_->xyb(opsin_, lin[i]->p[0].data(), lin[i]->p[1].data(), lin[i]->p[2].data(),
                         static_cast<size_t>(lin[i]->w) * static_cast<size_t>(lin[i]->h), xyb_[i].p[0].data(),
                         xyb_[i].p[1].data(), xyb_[i].p[2].data());
        }
        scales[n++] = norms();
    }
    return score(scales, n);
}

} // namespace vmaf::ssimulacra2
