// c-values: how strongly each flat sample looks like the edge of a band.
// For a sample of code v, the histogram of the flat samples in the window
// around it gives p0 (samples at v) and, for each visible step of d + 1
// codes, the larger of the counts at v + d + 1 and v - d - 1; the c-value is
// the largest weight * p0 * p / (p0 + p) over the steps.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "feature/cambi/contrast_levels.h"
#include "base/host_device.h"
#include "feature/common/plane.h"

namespace vmaf::cambi {

// The contrast levels as the c-values use them, and the codes whose counts
// can matter: a code outside [band_low, band_low + band_count) is never
// asked for by a sample whose c-value can be non-zero, so it is not counted.
struct CValueLevels {
    int num_diffs = 0;
    std::vector<int> weight;
    int band_low = 0;
    int band_count = 0;
    // Per code in the band (code - band_low): bit d is set where a step of
    // d + 1 is tested, i.e. where it is visible (code <= visible_up_to[d])
    // and bright enough (the reference compares code + num_diffs + d + 1
    // with the darkest visible code; kept as it is).
    std::vector<uint32_t> steps;

    explicit CValueLevels(const ContrastLevels &levels);
};

// The levels as plain arrays, as the GPU holds them too.
struct CValueTables {
    const uint32_t *steps; // CValueLevels::steps
    const int *weight;     // CValueLevels::weight
    const float *reciprocal;
    int band_low, band_count;
};

// The index of the lowest set bit of a non-zero word.
VMAF_HOST_DEVICE inline int lowest_bit(uint32_t bits)
{
#if defined(__CUDA_ARCH__)
    return __ffs(static_cast<int>(bits)) - 1;
#elif defined(__HIP_DEVICE_COMPILE__)
    return __builtin_ctz(bits);
#else
    return std::countr_zero(bits);
#endif
}

// The c-value of a flat sample of code v from the counts of its window:
// count(u) is the number of flat samples at code u (a c-value asks for no
// code outside the band).
template <typename Count>
VMAF_HOST_DEVICE inline float c_value_of(const CValueTables &t, int v, Count count)
{
    const int u = v - t.band_low;
    if (u < 0 || u >= t.band_count) return 0.0f;
    uint32_t steps = t.steps[u];
    if (!steps) return 0.0f;
    const int p0 = count(v);
    float c = 0.0f;
    for (; steps; steps &= steps - 1) {
        const int d = lowest_bit(steps);
        const int up = count(v + d + 1);
        const int down = v - d - 1 >= t.band_low ? count(v - d - 1) : 0;
        const int p = up > down ? up : down;
        // No sample a step away: the value would be 0, which c already is
        // at least (a shortcut for flat windows).
        if (p == 0) continue;
        const float value = static_cast<float>(t.weight[d] * p0 * p) * t.reciprocal[p + p0];
        if (value > c) c = value;
    }
    return c;
}

template <typename Count>
float c_value(const CValueLevels &l, std::span<const float> reciprocal, int v, Count count)
{
    const CValueTables t{l.steps.data(), l.weight.data(), reciprocal.data(), l.band_low,
                         l.band_count};
    return c_value_of(t, v, count);
}

// The SIMD kernels read and rewrite whole vectors of counts (up to 64
// bytes, aligned to the counts' start), adding 0 outside the range they
// change: the counts have this much room after the last row, and run faster
// from a 64-byte boundary.
inline constexpr int kCountsPadding = 32;
inline constexpr size_t kCountsAlignment = 64;

// The windows' counts: counts[(u - band_low) * w + x] is the number of flat
// samples at code u in the window around column x (band_count rows of w,
// then kCountsPadding), half is half the window.
struct WindowCounts {
    uint16_t *counts;
    int w, half, band_low, band_count;
};

// A row of samples and its flatness (non-zero where flat); both null where
// no row enters or leaves.
struct SampleRow {
    const uint16_t *image, *mask;
};

// The counts' row of a sample (its code - band_low), or -1 when the sample
// is not flat or its code is never asked for.
inline int counted_row(uint16_t code, uint16_t flat, int band_low, int band_count)
{
    const int u = code - band_low;
    return flat && u >= 0 && u < band_count ? u : -1;
}

// The windows lose row `leaving` and gain row `entering` (either may be
// absent): each sample counted in one and not at the same code in the other
// changes the counts of its code in the columns within half a window.
void slide_counts(const WindowCounts &wc, SampleRow leaving, SampleRow entering);

// The c-values of one row (0 where the mask is not set) from the counts of
// its windows, rows `stride` apart.
void c_values_row(const CValueLevels &levels, std::span<const float> reciprocal,
                  const uint16_t *counts, ptrdiff_t stride, SampleRow row, int w, float *c);

// One implementation of each kernel, as the CPU allows.
struct CambiKernels {
    decltype(&slide_counts) slide;
    decltype(&c_values_row) c_values;
    const char *name;
};

// The widest kernels that `cpu_flags` (cpu::Flag bits) allow.
const CambiKernels &cambi_kernels(unsigned cpu_flags);

// The portable kernels, and the SIMD ones (nullptr where not built).
const CambiKernels &cambi_kernels_c();
const CambiKernels *cambi_kernels_avx2();
const CambiKernels *cambi_kernels_avx512();
const CambiKernels *cambi_kernels_neon();

class CValues {
public:
    explicit CValues(const CambiKernels &kernels) : kernels_(kernels) {}

    // c (resized to image's size) gets the c-value of every sample where the
    // mask is set, 0 elsewhere; the window is window x window, clipped to
    // the picture.
    void compute(const Plane<uint16_t> &image, const Plane<uint16_t> &mask, int window,
                 const CValueLevels &levels, Plane<float> &c);

private:
    const CambiKernels &kernels_;
    // The counts of WindowCounts from the first kCountsAlignment boundary,
    // all zero between computations.
    std::vector<uint16_t> counts_;
};

} // namespace vmaf::cambi
