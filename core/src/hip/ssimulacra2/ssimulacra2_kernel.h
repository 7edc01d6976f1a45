// The ssimulacra2_hip kernels' launchers, shared by ssimulacra2.hip (which
// defines them) and ssimulacra2.cpp (which calls them). Plain types only.
#pragma once

#include <cstdint>

#include "feature/ssimulacra2/recursive_gaussian.h"
#include "feature/ssimulacra2/rgb_from_yuv.h"
#include "feature/ssimulacra2/xyb.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::ssimulacra2 {

// A picture pair's conversion to linear light: the staged planes (packed
// rows), the taps (device copies of a Conversion's) and the 8-bit table.
struct ConversionArgs {
    const void *ref[3], *dis[3];
    int w, h, chroma_w, chroma_h;
    int sample_bytes, depth;
    const int *across_first, *down_first;
    const int16_t *across_coef, *down_coef;
    int across_size, down_size;
    vmaf::ssimulacra2::RgbMatrix matrix;
    const float *linear_of_code; // 256 entries
    int16_t *chroma;             // 15-bit rows: ref U, ref V, dis U, dis V, each chroma_h x w
    float *linear;               // ref R, G, B, dis R, G, B, each w x h
};

hipError_t launch_linear(const ConversionArgs &a, hipStream_t stream);

// One scale's planes, each w x h packed: six linear planes in (ref R G B,
// dis R G B), six XYB planes out; fifteen blurred planes, then the rows'
// sums (kRowSums doubles a row).
struct ScaleArgs {
    int w, h;
    const float *linear;
    float *xyb, *tmp, *blurred;
    vmaf::ssimulacra2::Opsin opsin;
    vmaf::ssimulacra2::RecursiveGaussian gauss;
    double *row_sums;
};

// Halves the six linear planes of w x h into `out` (ceil(w/2) x ceil(h/2)).
hipError_t launch_downsample(const float *in, int w, int h, float *out, hipStream_t stream);

// XYB, the fifteen blurred planes and the rows' sums of one scale.
hipError_t launch_scale(const ScaleArgs &a, hipStream_t stream);

} // namespace vmaf::hip::ssimulacra2
