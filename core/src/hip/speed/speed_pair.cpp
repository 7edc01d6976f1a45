#include "hip/speed/speed_pair.h"

#include <algorithm>
#include <vector>

#include "hip/runtime/error.h"

namespace vmaf::hip::speed {

using namespace vmaf::speed;

int PairScorer::init(const SpeedParams &params, const SpeedSize &size)
{
    params_ = params;
    size_ = size;
    // The CPU's taps, the anti-alias filter's then the local mean's.
    const SpeedTaps filters = speed_taps(params.kernelscale);
    std::vector<float> taps = filters.antialias;
    taps.insert(taps.end(), filters.local_mean.begin(), filters.local_mean.end());
    antialias_count_ = static_cast<int>(filters.antialias.size());
    local_mean_count_ = static_cast<int>(filters.local_mean.size());
    if (int err = taps_.upload(taps.data(), taps.size() * sizeof(float))) return err;

    const long long operating = static_cast<long long>(size.operating_w) * size.operating_h;
    const long long columns = std::max(static_cast<long long>(size.scaled_w) * (size.scaled_h >> kDecimationLog2),
                                       operating);
    const long long observed = static_cast<long long>(kBlockArea) * size.blocks();
    if (int err = scaled_.allocate(static_cast<size_t>(size.scaled_w) * size.scaled_h)) return err;
    if (int err = column_.allocate(columns)) return err;
    for (FloatPlanePair *p : {&decimated_, &mean_, &band_})
        if (int err = p->allocate(operating)) return err;
    const std::pair<DeviceBuffer *, long long> sizes[] = {
        {&means_, 2 * kBlockArea}, {&cov_, 2 * kBlockArea * kBlockArea}, {&observed_, 2 * observed},
        {&solution_, 2 * observed}, {&eigenvalues_, 2 * kBlockArea}, {&entropy_, 2LL * size.blocks()}, {&variance_, 2LL * size.blocks()},
        {&singular_, 2}};
    for (const auto &[buffer, n] : sizes)
        if (int err = buffer->allocate(static_cast<size_t>(n) * sizeof(float))) return err;
    if (int err = flags_.allocate(4 * sizeof(int))) return err;
    return 0;
}

int PairScorer::enqueue(PlanePair<const float> planes, float *result, hipStream_t stream)
{
    PlanePair<const float> src = planes;
    if (size_.resampled()) {
        if (int err = check(
                [&] {
                    return float_vif::launch_resample(params_.method, src, size_.w, size_.h,
                                                      scaled_.planes(), size_.scaled_w,
                                                      size_.scaled_h, stream);
                },
                "launch of SpEED's prescale"))
            return err;
        src = scaled_.inputs();
    }
    const float *taps = taps_.as<const float>();
    if (int err = check(
            [&] {
                return float_vif::launch_decimate(
                    {taps, antialias_count_}, src, size_.scaled_w, size_.scaled_h, column_.planes(),
                    decimated_.planes(), stream, 1 << kDecimationLog2);
            },
            "launch of SpEED's band-pass"))
        return err;
    if (int err = check(
            [&] {
                return float_vif::launch_decimate({taps + antialias_count_, local_mean_count_},
                                                  decimated_.inputs(), size_.operating_w,
                                                  size_.operating_h, column_.planes(),
                                                  mean_.planes(), stream, 1);
            },
            "launch of SpEED's local mean"))
        return err;
    if (int err = check(
            [&] {
                return launch_difference(decimated_.inputs(), mean_.inputs(),
                                         static_cast<long long>(size_.operating_w) *
                                             size_.operating_h,
                                         band_.planes(), stream);
            },
            "launch of SpEED's band"))
        return err;
    BlockArgs a{};
    a.band = band_.inputs();
    a.stride = size_.operating_w;
    a.window_w = size_.window_w();
    a.window_h = size_.window_h();
    a.blocks_x = size_.blocks_x;
    a.blocks = size_.blocks();
    a.sigma_nn = params_.sigma_nn;
    a.nn_floor = params_.nn_floor;
    a.weight_var_mode = params_.weight_var_mode;
    a.means = means_.as<float>();
    a.cov = cov_.as<float>();
    a.observed = observed_.as<float>();
    a.solution = solution_.as<float>();
    a.eigenvalues = eigenvalues_.as<float>();
    a.flags = flags_.as<int>();
    a.entropy = entropy_.as<float>();
    a.variance = variance_.as<float>();
    a.singular = singular_.as<float>();
    a.result = result;
    return check([&] { return launch_blocks(a, stream); }, "launch of SpEED's block statistics");
}

} // namespace vmaf::hip::speed
