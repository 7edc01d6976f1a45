// What speed_chroma and speed_temporal read of a setup: the parameters,
// the sizes SpEED works at, and the reference's refusals.
#pragma once

#include <vector>

#include "extractor/extractor.h"
#include "feature/common/float_resample.h"
#include "feature/speed/speed_math.h"

namespace vmaf::speed {

// SpEED's blocks (speed_math.h) are of the plane taken to 1/16 of its size.
inline constexpr int kDecimationLog2 = 4;

struct SpeedParams {
    double kernelscale = 1.0;
    double prescale = 1.0;
    floatf::ScaleMethod method = floatf::ScaleMethod::kNearest;
    float sigma_nn = 0.29f;
    float nn_floor = 0.0f;
    int weight_var_mode = 0;
};

// The sizes of one plane through SpEED.
struct SpeedSize {
    int w = 0, h = 0;               // the plane
    int scaled_w = 0, scaled_h = 0; // after the prescale
    int operating_w = 0, operating_h = 0; // after the decimation by 16
    int blocks_x = 0, blocks_y = 0; // whole 5 x 5 blocks of the operating plane

    int blocks() const { return blocks_x * blocks_y; }
    // Whether the prescale resamples the plane (a plane it leaves at its
    // size is used as it is, as the reference's resampling copies it).
    bool resampled() const { return scaled_w != w || scaled_h != h; }
    // The window each of a block's 25 positions spans: from its offset
    // over the samples the blocks cover.
    int window_w() const { return blocks_x * kBlock - kBlock + 1; }
    int window_h() const { return blocks_y * kBlock - kBlock + 1; }
};

// The band-pass's filters: the anti-alias one, of the length of float_vif's
// scale 1 filter and the deviation of its scale 4 one sqrt(4) times wider
// (computed in double, as the reference does); the local mean, float_vif's
// scale 4 filter.
struct SpeedTaps {
    std::vector<float> antialias, local_mean;
};
SpeedTaps speed_taps(double kernelscale);

SpeedSize speed_size(int w, int h, double prescale);

// `params` from the options of either extractor (the shared indices of
// speed_options.h), and the size of a w x h plane: 0, or -EINVAL with a
// message naming `extractor` (an unknown method or kernel scale, or a plane
// with no whole block at 1/16 of its prescaled size, which the reference
// refuses).
int read_setup(const VmafOptionValue *options, int w, int h, const char *extractor,
               SpeedParams &params, SpeedSize &size);

// speed_chroma's (and its twin's) setup: the size of the chroma planes it
// scores, its parameters with speed_weight_var_mode; -EINVAL with a message
// for a picture without chroma, or as read_setup.
int read_chroma_setup(const VmafExtractorSetup &setup, const char *extractor, SpeedParams &params,
                      SpeedSize &size);

} // namespace vmaf::speed
