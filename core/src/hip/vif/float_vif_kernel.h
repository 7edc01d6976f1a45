// float_vif_hip's kernel launchers, shared by float_vif.hip (which defines
// them) and float_vif.cpp (which calls them). Planes are packed (stride =
// width); each launcher works on both pictures of a frame (0 reference, 1
// distorted) and returns the launch's status.
#pragma once

#include "feature/common/float_resample.h"
#include "feature/vif/float_vif_math.h"
#include "hip/runtime/plane_pair.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::float_vif {

using vmaf::float_vif::StatisticConstants;

// Queues out = the staged luma (w x h, 16-bit samples when bpc > 8) as
// float on the 8-bit scale minus 128, as the CPU's luma_to_float.
hipError_t launch_to_float(PlanePair<const void> src, int w, int h, unsigned bpc,
                           PlanePair<float> out, hipStream_t stream);

// Queues out (dw x dh) = src (w x h) resampled by `method`, sample by
// sample as floatf::resample_at.
hipError_t launch_resample(floatf::ScaleMethod method, PlanePair<const float> src, int w, int h,
                           PlanePair<float> out, int dw, int dh, hipStream_t stream);

// The Gaussian taps of a scale, on the device.
struct Taps {
    const float *tap;
    int count;
};

// Queues out (w / step x h / step) = src (w x h) filtered with `taps` at
// every step-th row and column, as the CPU's Filter::plane with that step
// (1: the whole filtered plane); `column` holds the column pass, w x h /
// step per picture. float_vif halves (2); SpEED decimates by 16.
hipError_t launch_decimate(Taps taps, PlanePair<const float> src, int w, int h,
                           PlanePair<float> column, PlanePair<float> out, hipStream_t stream,
                           int step = 2);

// The most taps a scale's filter has (vif_kernelscale 360 / 97 at scale 0).
inline constexpr int kMaxTaps = 65;

// Queues result[0] = numerator and result[1] = denominator of one scale
// (w x h, taps.count <= kMaxTaps): the five filtered moments of every
// sample and its statistic_terms (into `terms`, 2 w h floats), float sums
// of each row left to right (into row_sums, 2 h floats), then of the rows
// top to bottom.
struct StatisticArgs {
    const float *ref, *dis;
    int w, h;
    Taps taps;
    StatisticConstants constants;
    float *terms, *row_sums, *result;
};
hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream);

} // namespace vmaf::hip::float_vif
