#include "feature/cambi/scale_filters.h"

#include "feature/common/target_clones.h"

namespace vmaf::cambi {
namespace {

VMAF_TARGET_CLONES
void horizontal_modes(const uint16_t *in, int w, uint16_t *out)
{
    out[0] = in[0];
    for (int x = 1; x + 1 < w; x++) out[x] = mode3(in[x - 1], in[x], in[x + 1]);
    out[w - 1] = in[w - 1];
}

VMAF_TARGET_CLONES
void vertical_modes(const uint16_t *a, const uint16_t *b, const uint16_t *c, int w, uint16_t *out)
{
    for (int x = 0; x < w; x++) out[x] = mode3(a[x], b[x], c[x]);
}

} // namespace

void ModeFilter::apply(Plane<uint16_t> &image)
{
    const int w = image.w, h = image.h;
    if (h < 3) return;
    const auto row_len = static_cast<size_t>(w);
    rows_.resize(3 * row_len);
    // The horizontal modes of rows y - 1, y, y + 1 in a ring; row y is
    // rewritten once the modes of row y + 1 are taken from the unfiltered
    // samples (mode3 is symmetric: the ring's order does not matter).
    auto ring = [&](int y) { return rows_.data() + static_cast<size_t>(y % 3) * row_len; };
    horizontal_modes(image.row(0), w, ring(0));
    horizontal_modes(image.row(1), w, ring(1));
    for (int y = 1; y + 1 < h; y++) {
        horizontal_modes(image.row(y + 1), w, ring(y + 1));
        vertical_modes(ring(y - 1), ring(y), ring(y + 1), w, image.row(y));
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
