#include "feature/speed/speed_score.h"

#include <algorithm>
#include <utility>

#include "base/log.h"
#include "feature/speed/speed_math.h"

namespace vmaf::speed {

SpeedScorer::SpeedScorer(const SpeedParams &params, const SpeedSize &size, unsigned cpu_flags)
    : params_(params), size_(size), covariance_(cov_kernels(cpu_flags).sum), filter_(cpu_flags),
      linalg_(kBlockArea)
{
    SpeedTaps taps = speed_taps(params.kernelscale);
    antialias_ = std::move(taps.antialias);
    local_mean_ = std::move(taps.local_mean);
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
    if (size_.resampled()) {
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
    const int window_w = size_.window_w(), window_h = size_.window_h();
    const size_t window = static_cast<size_t>(window_w) * static_cast<size_t>(window_h);
    float mean[kBlockArea];
    for (int p = 0; p < kBlockArea; p++)
        mean[p] = window_mean(data + position(stride, p), stride, window_w, window_h);
    for (int p = 0; p < kBlockArea; p++) {
        for (int q = 0; q <= p; q++) {
            const float *x = data + position(stride, p), *y = data + position(stride, q);
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
        for (int b = 0; b < blocks; b++)
            observed_[static_cast<size_t>(p) * blocks + b] = observation(data, stride, size_.blocks_x, p, b);

    const bool solved = regular(eigenvalues_.data(), kBlockArea) && linalg_.solve(cov_, observed_, blocks, solution_);
    if (!solved) {
        log(VMAF_LOG_LEVEL_DEBUG, "SpEED: a block covariance is singular");
        std::fill(solution_.begin(), solution_.end(), 0.0f);
    }
    // Each block's variance scale and entropy.
    for (int b = 0; b < blocks; b++) {
        side.variance[b] = variance_scale(solution_.data(), observed_.data(), kBlockArea, blocks, b);
        side.entropy[b] = entropy(eigenvalues_.data(), kBlockArea, side.variance[b], params_.sigma_nn);
    }
    return solved;
}

float SpeedScorer::difference(const Side &ref, const Side &dis) const
{
    // Blocks whose entropy is below that of the noise floor on both sides
    // show no visible difference.
    const float floor = entropy_floor(kBlockArea, params_.nn_floor, params_.sigma_nn);
    float score = 0;
    const int blocks = size_.blocks();
    for (int b = 0; b < blocks; b++) {
        if (ref.entropy[b] < floor && dis.entropy[b] < floor) continue;
        score += weighted_difference(params_.weight_var_mode, ref.entropy[b], dis.entropy[b],
                                     ref.variance[b], dis.variance[b]);
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
