// The row passes of integer VIF's separable filters, written so that the
// compiler vectorises them across the row (tap loop outside, samples
// inside). Exact: the sums are the reference's, in integers wide enough.
#pragma once

#include <cstdint>

#include "feature/vif/vif_math.h"

namespace vmaf::vif {

// Row buffers of one filtered row; mu/xx/yy/xy have `pad` samples of room
// on each side for the horizontal pass's reflected edges.
struct MomentRows {
    uint32_t *mu1, *mu2, *xx, *yy, *xy;
};

struct MomentSums {
    uint32_t *mu1, *mu2;
    uint64_t *xx, *yy, *xy;
};

// Vertical pass: filtered means and second moments of one row from `fw`
// source rows, rounded as the reference rounds them at this scale.
template <typename Sample>
void vertical_moments(const Sample *const *ref_rows, const Sample *const *dis_rows,
                      const uint16_t *filter, int fw, int w, const VerticalShift &vs,
                      const MomentRows &out, const MomentSums &scratch);

// Horizontal pass over a vertically filtered row (edges already reflected).
void horizontal_moments(const MomentRows &in, const uint16_t *filter, int fw, int w,
                        const MomentSums &out);

// Vertical then horizontal blur of one output row for decimation; writes
// every second sample of the row.
template <typename Sample>
void blur_row_for_decimation(const Sample *const *rows, const uint16_t *filter, int fw, int w,
                             const VerticalShift &vs, uint32_t *conv, uint16_t *out);

} // namespace vmaf::vif
