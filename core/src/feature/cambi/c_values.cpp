#include "feature/cambi/c_values.h"

#include <algorithm>
#include <memory>

#include "cpu/cpu_flags.h"
#include "feature/cambi/reciprocal_table.h"

namespace vmaf::cambi {

CValueLevels::CValueLevels(const ContrastLevels &levels)
    : num_diffs(levels.num_diffs), weight(levels.weight)
{
    const std::vector<int> &visible = levels.visible_up_to;
    const int darkest = levels.darkest_visible;
    // The darkest code asked for: a step of d + 1 down from the darkest code
    // that passes the darkness test, v + num_diffs + d + 1 > darkest.
    band_low = std::max(0, darkest - 3 * num_diffs + 1);
    // The brightest: a step of d + 1 up from the brightest code at which it
    // is visible.
    const int top = *std::max_element(visible.begin(), visible.end()) + num_diffs;
    band_count = std::max(0, top + 1 - band_low);
    steps.assign(static_cast<size_t>(band_count), 0);
    for (int u = 0; u < band_count; u++) {
        const int v = band_low + u;
        for (int d = 0; d < num_diffs; d++)
            if (v <= visible[d] && v + num_diffs + d + 1 > darkest) steps[u] |= 1u << d;
    }
}

namespace {

void add_one(uint16_t *counts, int from, int to)
{
    for (int k = from; k < to; k++) counts[k]++;
}

void take_one(uint16_t *counts, int from, int to)
{
    for (int k = from; k < to; k++) counts[k]--;
}

// One count moves from one code to another (two distinct histogram rows).
void move_one(uint16_t *__restrict from_code, uint16_t *__restrict to_code, int from, int to)
{
    for (int k = from; k < to; k++) {
        from_code[k]--;
        to_code[k]++;
    }
}

int row_of(SampleRow row, int x, const WindowCounts &wc)
{
    return row.mask ? counted_row(row.image[x], row.mask[x], wc.band_low, wc.band_count) : -1;
}

} // namespace

void slide_counts(const WindowCounts &wc, SampleRow leaving, SampleRow entering)
{
    for (int x = 0; x < wc.w; x++) {
        const int out = row_of(leaving, x, wc), in = row_of(entering, x, wc);
        // Counted at the same code in both rows: nothing changes.
        if (out == in) continue;
        const int from = std::max(x - wc.half, 0), to = std::min(x + wc.half + 1, wc.w);
        const auto counts_of = [&](int u) { return wc.counts + static_cast<ptrdiff_t>(u) * wc.w; };
        if (out >= 0 && in >= 0)
            move_one(counts_of(out), counts_of(in), from, to);
        else if (out >= 0)
            take_one(counts_of(out), from, to);
        else
            add_one(counts_of(in), from, to);
    }
}

void c_values_row(const CValueLevels &levels, std::span<const float> reciprocal,
                  const uint16_t *counts, ptrdiff_t stride, SampleRow row, int w, float *c)
{
    for (int x = 0; x < w; x++) {
        if (!row.mask[x]) {
            c[x] = 0.0f;
            continue;
        }
        const uint16_t *column = counts + x;
        c[x] = c_value(levels, reciprocal, row.image[x],
                       [&](int u) { return column[(u - levels.band_low) * stride]; });
    }
}

const CambiKernels &cambi_kernels_c()
{
    static constexpr CambiKernels kernels{slide_counts, c_values_row, "c"};
    return kernels;
}

const CambiKernels &cambi_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, cambi_kernels_c(), cambi_kernels_avx2(), cambi_kernels_avx512(), nullptr,
                       cambi_kernels_neon());
}

#if !defined(VMAF_X86_SIMD)
const CambiKernels *cambi_kernels_avx2() { return nullptr; }
const CambiKernels *cambi_kernels_avx512() { return nullptr; }
#endif
#if !defined(VMAF_ARM_SIMD)
const CambiKernels *cambi_kernels_neon() { return nullptr; }
#endif

void CValues::compute(const Plane<uint16_t> &image, const Plane<uint16_t> &mask, int window,
                      const CValueLevels &levels, Plane<float> &c)
{
    const int w = image.w, h = image.h, half = window >> 1;
    c.resize(w, h);
    // The counts are all zero between computations: each one takes out the
    // rows it still holds at its end, which costs far less than clearing.
    constexpr size_t kSlack = kCountsAlignment / sizeof(uint16_t);
    const size_t size = static_cast<size_t>(levels.band_count) * static_cast<size_t>(w) + kCountsPadding;
    if (counts_.size() < size + kSlack) counts_.resize(size + kSlack);
    void *start = counts_.data();
    size_t room = counts_.size() * sizeof(uint16_t);
    uint16_t *counts = static_cast<uint16_t *>(std::align(kCountsAlignment, size * sizeof(uint16_t), start, room));
    const WindowCounts wc{counts, w, half, levels.band_low, levels.band_count};
    const std::span<const float> reciprocal = reciprocals();
    const auto row = [&](int y) { return SampleRow{image.row(y), mask.row(y)}; };
    const SampleRow none{nullptr, nullptr};

    // The window of row y holds rows y - half .. y + half, clipped.
    for (int y = 0; y < std::min(half + 1, h); y++) kernels_.slide(wc, none, row(y));
    for (int y = 0; y < h; y++) {
        if (y > 0) {
            const int in = y + half, out = y - half - 1;
            if (in < h || out >= 0) kernels_.slide(wc, out >= 0 ? row(out) : none, in < h ? row(in) : none);
        }
        kernels_.c_values(levels, reciprocal, counts, w, row(y), w, c.row(y));
    }
    for (int y = std::max(h - 1 - half, 0); y < h; y++) kernels_.slide(wc, row(y), none);
}

} // namespace vmaf::cambi
