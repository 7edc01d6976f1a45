// cambi_hip's kernel launchers, shared by cambi.hip (which defines them) and
// cambi.cpp (which calls them). Each is the per-sample arithmetic of the
// CPU step of the same name (feature/cambi/). Planes are packed (stride =
// width); every launcher returns the launch's status.
#pragma once

#include <cstdint>

#include "feature/cambi/c_values.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::cambi {

using vmaf::cambi::CValueTables;

// Queues *result = min over the w x h 16-bit samples above `max` of
// (index << 16 | value); *result is left as it is where there is none.
hipError_t launch_find_out_of_range(const uint16_t *luma, int w, int h, unsigned max,
                                    unsigned long long *result, hipStream_t stream);

// Queues out (w x h 10-bit codes) = the luma (pw samples wide, 16-bit when
// `wide`, bpc bits) at columns xs and rows ys (device tables), as the CPU's
// to_10bit.
struct To10BitArgs {
    const void *luma;
    int pw;
    bool wide;
    int bpc;
    const unsigned *xs, *ys;
    int w, h;
    uint16_t *out;
};
hipError_t launch_to_10bit(const To10BitArgs &a, hipStream_t stream);

// Queues out = in (w x h) undithered, as the CPU's undo_dithering.
hipError_t launch_undo_dithering(const uint16_t *in, int w, int h, uint16_t *out,
                                 hipStream_t stream);

// Queues mask = the spatial mask of image (w x h) with `threshold`; `flat`
// holds the flatness of each sample.
hipError_t launch_spatial_mask(const uint16_t *image, int w, int h, int threshold, uint8_t *flat,
                               uint16_t *mask, hipStream_t stream);

// Queues out ((w + 1) / 2 x (h + 1) / 2) = in's samples at even rows and
// columns.
hipError_t launch_halve(const uint16_t *in, int w, int h, uint16_t *out, hipStream_t stream);

// Queues out = in (w x h) through the 3x3 mode filter, as the CPU's
// ModeFilter::apply does in place.
hipError_t launch_mode_filter(const uint16_t *in, int w, int h, uint16_t *out,
                              hipStream_t stream);

// Queues codes = image (w x h) padded by `half` on every side, each sample
// that is masked and in the band [band_low, band_low + band_count) as its
// code, every other one (and the padding) as a code no window counts.
struct BandCodesArgs {
    const uint16_t *image, *mask;
    int w, h, half, band_low, band_count;
    uint16_t *codes; // (w + 2 half) x (h + 2 half)
};
hipError_t launch_band_codes(const BandCodesArgs &a, hipStream_t stream);

// Queues c = the c-value of every sample of a w x h image, from the band's
// codes of launch_band_codes (a window of side 2 half + 1 around each).
struct CValueArgs {
    const uint16_t *codes;
    int w, h, half;
    int num_diffs; // 1, 2, 4, 8, 16 or 32
    CValueTables tables; // device arrays
    float *c;
};
hipError_t launch_c_values(const CValueArgs &a, hipStream_t stream);

// The top-k mean's state between its launches: zeros when allocated;
// arrived and positives (and the histogram) are left at 0 by each launch
// that uses them, the others are set by each mean's first pass.
struct TopkState {
    unsigned prefix;    // the bits of the k-th largest selected so far
    unsigned rank;      // its rank among the values that share them
    unsigned done;      // the mean is written: the later launches return at once
    unsigned arrived;   // the blocks of the running launch that are through
    unsigned positives; // the values above 0
};

// Queues *result = the mean of the k largest of n values (k >= 1), as
// topk_mean gives it but for the order of the double sum. The first pass
// counts the positive values and sums them: where fewer than k are
// positive (c-values are mostly 0) that sum is the mean's and the other
// passes return at once. Otherwise the k-th largest is found by radix
// selection on the values' bits, 8 a pass, then the values above it and
// the copies of it that the k largest hold are summed in a fixed order.
struct TopkArgs {
    const float *values;
    int n, k;
    unsigned *histogram; // 256, zeros between two means
    TopkState *state;
    double *partials;    // kTopkBlocks
    double *result;
};
inline constexpr unsigned kTopkBlocks = 264;
hipError_t launch_topk_mean(const TopkArgs &a, hipStream_t stream);

} // namespace vmaf::hip::cambi
