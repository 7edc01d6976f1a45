// Spatial pooling of one scale's c-values: the mean of the largest topk
// share of them.
#pragma once

#include <span>

namespace vmaf::cambi {

// Reorders `values` (partially) and returns the mean of the
// max(1, floor(topk * n)) largest, with the bits of the reference's double
// sum in the order its selection (Hoare's, pivot at the k-th position)
// leaves them. Where every sum of the values is exact in double (finite,
// at or above 0, their total below 2^51 ulps of the smallest positive one:
// CAMBI's c-values are), any order gives those bits, and the common case
// (no more positive values than k) needs no selection at all; elsewhere
// the reference's selection and order are followed.
double topk_mean(std::span<float> values, double topk);

// The same by the reference's selection and order alone, always: what
// topk_mean falls back to, and what its tests compare it with.
double topk_mean_in_reference_order(std::span<float> values, double topk);

} // namespace vmaf::cambi
