#include "feature/cambi/spatial_mask.h"

#include <algorithm>

#include "cpu/cpu_flags.h"

namespace vmaf::cambi {
namespace {

constexpr int kFilterSide = kMaskWindow;

int ceil_log2(uint32_t n)
{
    int bits = 0;
    for (uint32_t rest = n ? n - 1 : 0; rest; rest >>= 1) bits++;
    return bits;
}

} // namespace

const MaskRows &mask_rows(unsigned cpu_flags)
{
    using P = cpu::Portable;
    static constexpr MaskRows portable{flat_row<P>, add_flat<P>, take_flat<P>, window_sums<P>};
#if defined(VMAF_X86_SIMD)
    using A = cpu::Avx2;
    using B = cpu::Avx512;
    static constexpr MaskRows avx2{flat_row<A>, add_flat<A>, take_flat<A>, window_sums<A>};
    static constexpr MaskRows avx512{flat_row<B>, add_flat<B>, take_flat<B>, window_sums<B>};
    return cpu::widest(cpu_flags, portable, &avx2, &avx512);
#else
    return cpu::widest(cpu_flags, portable, nullptr, nullptr);
#endif
}

int mask_threshold(int w, int h)
{
    // Half the filter's area, moved by 1.5 per doubling of the picture's
    // size in 64x64 blocks from 2^11 blocks (about 1080p).
    const uint32_t blocks = static_cast<uint32_t>(w >> 6) * static_cast<uint32_t>(h >> 6);
    return (kFilterSide * kFilterSide + 3 * (ceil_log2(blocks) - 11) - 1) >> 1;
}

void SpatialMask::compute(const Plane<uint16_t> &image, Plane<uint16_t> &mask)
{
    const int w = image.w, h = image.h;
    mask.resize(w, h);
    // Three zero columns on either side stand for the columns past the edges.
    col_count_.assign(static_cast<size_t>(w) + 2 * kMaskHalf, 0);
    uint32_t *counts = col_count_.data() + kMaskHalf;
    const auto threshold = static_cast<uint32_t>(mask_threshold(w, h));

    // col_count_ holds rows y - 3 .. y + 3 (those inside the picture) as the
    // window's row y comes up: add the row entering, take the one leaving,
    // whose flatness is still in the ring of the last 8 rows.
    constexpr int kRing = kFilterSide + 1;
    flat_.resize(static_cast<size_t>(kRing) * static_cast<size_t>(w));
    auto flat_of = [&](int y) { return flat_.data() + static_cast<size_t>(y % kRing) * w; };
    auto enter = [&](int y) {
        const uint16_t *row = image.row(y);
        rows_->flat_row(row, y + 1 < h ? image.row(y + 1) : row, w, flat_of(y));
        rows_->add_flat(counts, flat_of(y), w);
    };
    for (int y = 0; y < std::min(kMaskHalf, h); y++) enter(y);
    for (int y = 0; y < h; y++) {
        if (y + kMaskHalf < h) enter(y + kMaskHalf);
        if (y - kMaskHalf - 1 >= 0) rows_->take_flat(counts, flat_of(y - kMaskHalf - 1), w);
        rows_->window_sums(counts, w, threshold, mask.row(y));
    }
}

} // namespace vmaf::cambi
