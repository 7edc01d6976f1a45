// Spatial pooling of one scale's c-values: the mean of the largest topk
// share of them.
#pragma once

#include <span>

namespace vmaf::cambi {

// Reorders `values` (partially) and returns the mean of the
// max(1, floor(topk * n)) largest. The selection is the reference's
// (Hoare's, pivot at the k-th position) and the sum runs in the order it
// leaves the values, so that the double sum has the reference's bits.
double topk_mean(std::span<float> values, double topk);

} // namespace vmaf::cambi
