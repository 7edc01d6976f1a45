#include "feature/ssim/ssim_math.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "feature/common/edge.h"

namespace vmaf::ssim {

namespace {

size_t area(int w, int h) { return static_cast<size_t>(w) * static_cast<size_t>(h); }

} // namespace

void decimate(const FloatPlane &src, int factor, const Kernel2d &kernel, FloatPlane &dst)
{
    dst.resize(decimated_size(src.w, factor), decimated_size(src.h, factor));
    const int len = kernel.len, half = len / 2;
    // Mirrored source column of tap u of every output column, tap-major.
    std::vector<int> cols(area(len, dst.w));
    for (int u = 0; u < len; u++)
        for (int x = 0; x < dst.w; x++)
            cols[area(u, dst.w) + x] = edge::reflect_about_edge(x * factor + u - half, src.w);
    std::vector<double> acc(static_cast<size_t>(dst.w));
    for (int y = 0; y < dst.h; y++) {
        // Each output is a double sum of float products in kernel order (row
        // by row, left to right), as the reference's; walking the row inside
        // the taps keeps that order per pixel with independent sums.
        std::fill(acc.begin(), acc.end(), 0.0);
        for (int v = 0; v < len; v++) {
            const float *in = src.row(edge::reflect_about_edge(y * factor + v - half, src.h));
            for (int u = 0; u < len; u++) {
                const float tap = kernel.taps[v * len + u];
                const int *c = &cols[area(u, dst.w)];
                for (int x = 0; x < dst.w; x++) acc[x] += in[c[x]] * tap;
            }
        }
        float *out = dst.row(y);
        for (int x = 0; x < dst.w; x++) out[x] = static_cast<float>(acc[x]);
    }
}

int auto_scale(int w, int h)
{
    const float a = static_cast<float>(std::min(w, h)) / 256.0f;
    const int whole = static_cast<int>(a);
    // The reference rounds half away from zero with a float remainder.
    const int rounded = a - static_cast<float>(whole) >= 0.5 ? whole + 1 : whole;
    return std::max(1, rounded);
}

void Workspace::blur(const float *src, int w, int h, float *dst)
{
    const int dw = w - kWindowLen + 1, dh = h - kWindowLen + 1;
    rows_.resize(area(dw, h));
    acc_.resize(static_cast<size_t>(dw));
    // Each output is a double sum of float products taken tap by tap in
    // window order; looping taps outside keeps that order per pixel while
    // letting the compiler vectorise across the row.
    for (int y = 0; y < h; y++) {
        const float *in = src + area(y, w);
        std::fill(acc_.begin(), acc_.end(), 0.0);
        for (int u = 0; u < kWindowLen; u++) {
            const float k = kWindow[u];
            for (int x = 0; x < dw; x++) acc_[x] += in[x + u] * k;
        }
        float *out = rows_.data() + area(y, dw);
        for (int x = 0; x < dw; x++) out[x] = static_cast<float>(acc_[x]);
    }
    for (int y = 0; y < dh; y++) {
        std::fill(acc_.begin(), acc_.end(), 0.0);
        for (int v = 0; v < kWindowLen; v++) {
            const float k = kWindow[v];
            const float *in = rows_.data() + area(y + v, dw);
            for (int x = 0; x < dw; x++) acc_[x] += in[x] * k;
        }
        float *out = dst + area(y, dw);
        for (int x = 0; x < dw; x++) out[x] = static_cast<float>(acc_[x]);
    }
}

Means Workspace::compute(const FloatPlane &ref, const FloatPlane &dis)
{
    const int w = ref.w, h = ref.h;
    const size_t n = area(w, h);
    const size_t dn = window_positions(w, h);
    ref_sq_.resize(n);
    dis_sq_.resize(n);
    both_.resize(n);
    for (size_t i = 0; i < n; i++) {
        const float r = ref.px[i], d = dis.px[i];
        ref_sq_[i] = r * r;
        dis_sq_[i] = d * d;
        both_[i] = r * d;
    }
    for (auto *v : {&mu_ref_, &mu_dis_, &var_ref_, &var_dis_, &cov_}) v->resize(dn);
    blur(ref.px.data(), w, h, mu_ref_.data());
    blur(dis.px.data(), w, h, mu_dis_.data());
    blur(ref_sq_.data(), w, h, var_ref_.data());
    blur(dis_sq_.data(), w, h, var_dis_.data());
    blur(both_.data(), w, h, cov_.data());

    const SsimConstants k = ssim_constants();
    SsimSums sums{};
    for (size_t i = 0; i < dn; i++)
        add_terms(sums, ssim_terms(mu_ref_[i], mu_dis_[i], var_ref_[i], var_dis_[i], cov_[i], k));
    return means_of(sums, dn);
}

Means means_of(const SsimSums &sums, size_t count)
{
    const double n = static_cast<double>(count);
    return {static_cast<float>(sums.ssim / n), static_cast<float>(sums.l / n),
            static_cast<float>(sums.c / n), static_cast<float>(sums.s / n)};
}

double max_db(bool clip_db, unsigned bpc, unsigned w, unsigned h)
{
    if (!clip_db) return INFINITY;
    const double peak = static_cast<double>((1u << bpc) - 1);
    const double mse = 0.5 / (static_cast<double>(w) * h);
    return std::ceil(10.0 * std::log10(peak * peak / mse));
}

double to_db(double score, double max_db)
{
    // The reference's MIN(a, b) (a < b ? a : b): a score a rounding above 1
    // gives NaN against max_db, hence max_db (inf without clip_db).
    const double db = -10.0 * std::log10(1.0 - score);
    return db < max_db ? db : max_db;
}

} // namespace vmaf::ssim
