#include "feature/cambi/spatial_mask.h"

#include <algorithm>

#include "feature/common/target_clones.h"

namespace vmaf::cambi {
namespace {

constexpr int kFilterSide = kMaskWindow;
constexpr int kHalf = kFilterSide / 2;

int ceil_log2(uint32_t n)
{
    int bits = 0;
    for (uint32_t rest = n ? n - 1 : 0; rest; rest >>= 1) bits++;
    return bits;
}

VMAF_TARGET_CLONES
void flat_row(const uint16_t *row, const uint16_t *below, int w, uint16_t *flat)
{
    // The last column apart, so that the loop needs no test of the edge.
    for (int x = 0; x + 1 < w; x++) flat[x] = static_cast<uint16_t>(is_flat(row, below, x, w));
    flat[w - 1] = static_cast<uint16_t>(is_flat(row, below, w - 1, w));
}

VMAF_TARGET_CLONES
void add_flat(uint32_t *count, const uint16_t *flat, int w)
{
    for (int x = 0; x < w; x++) count[x] += flat[x];
}

VMAF_TARGET_CLONES
void take_flat(uint32_t *count, const uint16_t *flat, int w)
{
    for (int x = 0; x < w; x++) count[x] -= flat[x];
}

// out[x] = whether the 7 column counts around x (zero past the edges, which
// `counts` has room for) sum to more than the threshold.
VMAF_TARGET_CLONES
void window_sums(const uint32_t *counts, int w, uint32_t threshold, uint16_t *out)
{
    for (int x = 0; x < w; x++) {
        uint32_t sum = 0;
        for (int k = -kHalf; k <= kHalf; k++) sum += counts[x + k];
        out[x] = static_cast<uint16_t>(sum > threshold);
    }
}

} // namespace

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
    col_count_.assign(static_cast<size_t>(w) + 2 * kHalf, 0);
    uint32_t *counts = col_count_.data() + kHalf;
    const auto threshold = static_cast<uint32_t>(mask_threshold(w, h));

    // col_count_ holds rows y - 3 .. y + 3 (those inside the picture) as the
    // window's row y comes up: add the row entering, take the one leaving,
    // whose flatness is still in the ring of the last 8 rows.
    constexpr int kRing = kFilterSide + 1;
    flat_.resize(static_cast<size_t>(kRing) * static_cast<size_t>(w));
    auto flat_of = [&](int y) { return flat_.data() + static_cast<size_t>(y % kRing) * w; };
    auto enter = [&](int y) {
        const uint16_t *row = image.row(y);
        flat_row(row, y + 1 < h ? image.row(y + 1) : row, w, flat_of(y));
        add_flat(counts, flat_of(y), w);
    };
    for (int y = 0; y < std::min(kHalf, h); y++) enter(y);
    for (int y = 0; y < h; y++) {
        if (y + kHalf < h) enter(y + kHalf);
        if (y - kHalf - 1 >= 0) take_flat(counts, flat_of(y - kHalf - 1), w);
        window_sums(counts, w, threshold, mask.row(y));
    }
}

} // namespace vmaf::cambi
