#include "feature/cambi/scale_filters.h"

#include "cpu/cpu_flags.h"

namespace vmaf::cambi {
const ModeRows &mode_rows(unsigned cpu_flags)
{
    using P = cpu::Portable;
    static constexpr ModeRows portable{horizontal_modes<P>, vertical_modes<P>};
#if defined(VMAF_X86_SIMD)
    static constexpr ModeRows avx2{horizontal_modes<cpu::Avx2>, vertical_modes<cpu::Avx2>};
    static constexpr ModeRows avx512{horizontal_modes<cpu::Avx512>, vertical_modes<cpu::Avx512>};
    return cpu::widest(cpu_flags, portable, &avx2, &avx512);
#else
    return cpu::widest(cpu_flags, portable, nullptr, nullptr);
#endif
}

void ModeFilter::apply(Plane<uint16_t> &image)
{
    const int w = image.w, h = image.h;
    if (h < 3) return;
    const auto row_len = static_cast<size_t>(w);
    ring_.resize(3 * row_len);
    // The horizontal modes of rows y - 1, y, y + 1 in a ring; row y is
    // rewritten once the modes of row y + 1 are taken from the unfiltered
    // samples (mode3 is symmetric: the ring's order does not matter).
    auto ring = [&](int y) { return ring_.data() + static_cast<size_t>(y % 3) * row_len; };
    rows_->horizontal(image.row(0), w, ring(0));
    rows_->horizontal(image.row(1), w, ring(1));
    for (int y = 1; y + 1 < h; y++) {
        rows_->horizontal(image.row(y + 1), w, ring(y + 1));
        rows_->vertical(ring(y - 1), ring(y), ring(y + 1), w, image.row(y));
    }
}

void halve(Plane<uint16_t> &plane)
{
    const int w = plane.w, h = plane.h;
    const int hw = (w + 1) >> 1, hh = (h + 1) >> 1;
    // Reading (2y, 2x) always lies at or after writing (y, x) in memory,
    // and past every position written before it: in place is safe.
    uint16_t *data = plane.px.data();
    for (int y = 0; y < hh; y++) {
        const uint16_t *in = data + static_cast<ptrdiff_t>(2 * y) * w;
        uint16_t *out = data + static_cast<ptrdiff_t>(y) * hw;
        for (int x = 0; x < hw; x++) out[x] = in[2 * x];
    }
    plane.w = hw;
    plane.h = hh;
}

} // namespace vmaf::cambi
