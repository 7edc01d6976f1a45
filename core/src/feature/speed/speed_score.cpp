#include "feature/speed/speed_score.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "base/log.h"
#include "feature/vif/float_vif_math.h"

namespace vmaf::speed {

namespace {

// log2 of 2 pi e: the differential entropy of a unit Gaussian is half of it.
const double kLog2TwoPiE = std::log2(2 * std::numbers::pi * std::numbers::e);

// The reference's log2 of a float, in double.
double log2d(double v) { return std::log2(v); }

} // namespace

SpeedScorer::SpeedScorer(const SpeedParams &params, const SpeedSize &size, unsigned cpu_flags)
    : params_(params), size_(size), covariance_(cov_kernels(cpu_flags).sum), linalg_(kBlockArea)
{
    // The anti-alias filter has the length of float_vif's scale 1 filter and
    // the deviation of its scale 4 one, sqrt(4) times wider (computed in
    // double, as the reference does); the local mean is float_vif's scale 4
    // filter.
    const int length = float_vif::filter_size(1, params.kernelscale);
    antialias_ = float_vif::gaussian_taps(length, static_cast<float>(2.0 * length / 5.0));
    local_mean_ = float_vif::gaussian_filter(4, params.kernelscale);
    const size_t blocks = static_cast<size_t>(size.blocks());
    cov_.resize(kBlockArea * kBlockArea);
    eigenvalues_.resize(kBlockArea);
    observed_.resize(kBlockArea * blocks);
    solution_.resize(kBlockArea * blocks);
    for (Side *side : {&ref_, &dis_}) {
        side->entropy.resize(blocks);
        side->variance.resize(blocks);
    }
}

void SpeedScorer::band_pass(const FloatPlane &plane)
{
    const FloatPlane *src = &plane;
    if (prescales(params_.prescale)) {
        floatf::scale_plane(params_.method, plane, size_.scaled_w, size_.scaled_h, scaled_);
        src = &scaled_;
    }
    // Filtered, then every 16th sample of every 16th row: only those rows
    // are filtered.
    filter_.plane(antialias_, *src, decimated_, 1 << kDecimationLog2);
    filter_.plane(local_mean_, decimated_, mean_);
    band_.resize(decimated_.w, decimated_.h);
    for (size_t i = 0; i < band_.size(); i++) band_.px[i] = decimated_.px[i] - mean_.px[i];
}

bool SpeedScorer::estimate(Side &side)
{
    const int stride = band_.w;
    const float *data = band_.px.data();
    // Each of the 25 positions of a block sees the window of the covered
    // area that starts at its offset.
    const int window_w = size_.covered_w() - kBlock + 1, window_h = size_.covered_h() - kBlock + 1;
    const size_t window = static_cast<size_t>(window_w) * static_cast<size_t>(window_h);
    float mean[kBlockArea];
    for (int p = 0; p < kBlockArea; p++) {
        const float *at = data + (p / kBlock) * stride + p % kBlock;
        float sum = 0;
        for (int i = 0; i < window_h; i++)
            for (int j = 0; j < window_w; j++) sum += at[i * stride + j];
        mean[p] = sum / static_cast<float>(window);
    }
    for (int p = 0; p < kBlockArea; p++) {
        for (int q = 0; q <= p; q++) {
            const float *x = data + (p / kBlock) * stride + p % kBlock;
            const float *y = data + (q / kBlock) * stride + q % kBlock;
            const double sum = covariance_(x, y, static_cast<size_t>(stride), window_h, window_w,
                                           mean[p], mean[q]);
            const float c = static_cast<float>(sum / static_cast<double>(window));
            cov_[p * kBlockArea + q] = c;
            cov_[q * kBlockArea + p] = c;
        }
    }
    linalg_.symmetric_eigenvalues(cov_, eigenvalues_);

    // The observations: row p holds position p of every block.
    const int blocks = size_.blocks();
    for (int p = 0; p < kBlockArea; p++)
        for (int by = 0; by < size_.blocks_y; by++)
            for (int bx = 0; bx < size_.blocks_x; bx++)
                observed_[static_cast<size_t>(p) * blocks + by * size_.blocks_x + bx] =
                    data[(by * kBlock + p / kBlock) * stride + bx * kBlock + p % kBlock];

    const bool regular = std::none_of(eigenvalues_.begin(), eigenvalues_.end(),
                                      [](float e) { return e < 1.0e-6; });
    const bool solved = regular && linalg_.solve(cov_, observed_, blocks, solution_);
    if (!solved) {
        log(VMAF_LOG_LEVEL_DEBUG, "SpEED: a block covariance is singular");
        std::fill(solution_.begin(), solution_.end(), 0.0f);
    }
    // Each block's variance scale: the mean over its positions of the
    // observation times its whitened value.
    for (size_t i = 0; i < solution_.size(); i++)
        solution_[i] = solution_[i] * observed_[i] / static_cast<float>(kBlockArea);
    float *scale = solution_.data();
    for (int p = 1; p < kBlockArea; p++)
        for (int b = 0; b < blocks; b++) scale[b] += solution_[static_cast<size_t>(p) * blocks + b];

    std::fill(side.entropy.begin(), side.entropy.end(), 0.0f);
    for (int k = 0; k < kBlockArea; k++) {
        const float l = eigenvalues_[k] < 0 ? 0 : eigenvalues_[k];
        for (int b = 0; b < blocks; b++)
            side.entropy[b] = static_cast<float>(
                side.entropy[b] + (log2d(l * scale[b] + params_.sigma_nn) + kLog2TwoPiE));
    }
    std::copy(scale, scale + blocks, side.variance.begin());
    return solved;
}

float SpeedScorer::difference(const Side &ref, const Side &dis) const
{
    // Blocks whose entropy is below that of the noise floor on both sides
    // show no visible difference.
    const float floor = static_cast<float>(
        kBlockArea * (log2d((1 + params_.nn_floor) * params_.sigma_nn) + kLog2TwoPiE));
    float score = 0;
    const int blocks = size_.blocks();
    for (int b = 0; b < blocks; b++) {
        const float er = ref.entropy[b], ed = dis.entropy[b];
        if (er < floor && ed < floor) continue;
        const float vr = ref.variance[b], vd = dis.variance[b];
        float weighted_ref = 0, weighted_dis = 0;
        switch (params_.weight_var_mode) {
        case 0:
            weighted_ref = static_cast<float>(er * log2d(1 + vr));
            weighted_dis = static_cast<float>(ed * log2d(1 + vd));
            break;
        case 1:
            weighted_ref = static_cast<float>(er * log2d(1 + vr));
            weighted_dis = static_cast<float>(ed * log2d(1 + vr));
            break;
        case 2:
            weighted_ref = static_cast<float>(er * log2d(1 + vd));
            weighted_dis = static_cast<float>(ed * log2d(1 + vd));
            break;
        case 3:
            weighted_ref = static_cast<float>(er * log2d(1 + (vr + vd) / 2.0));
            weighted_dis = static_cast<float>(ed * log2d(1 + (vr + vd) / 2.0));
            break;
        case 4:
            weighted_ref = static_cast<float>(er * log2d(1 + vr));
            weighted_dis = static_cast<float>(ed * log2d(1 + (vr + vd) / 2.0));
            break;
        case 5:
            weighted_ref = static_cast<float>(er * log2d(1 + vr));
            weighted_dis = static_cast<float>(ed * log2d(1 + (0.75 * vr + 0.25 * vd)));
            break;
        default:
            weighted_ref = static_cast<float>(er * log2d(1 + vr));
            weighted_dis = static_cast<float>(ed * log2d(1 + (0.25 * vr + 0.75 * vd)));
            break;
        }
        score += std::fabs(weighted_ref - weighted_dis);
    }
    return score / static_cast<float>(blocks);
}

SpeedResult SpeedScorer::score(const FloatPlane &ref, const FloatPlane &dis)
{
    band_pass(ref);
    const bool ref_ok = estimate(ref_);
    band_pass(dis);
    const bool dis_ok = estimate(dis_);
    // One side singular: 0 rather than a score inflated by it.
    if (ref_ok != dis_ok) return {0.0f, true};
    return {difference(ref_, dis_), !ref_ok};
}

} // namespace vmaf::speed
