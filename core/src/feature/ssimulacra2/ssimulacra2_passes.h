// SSIMULACRA2's loops over a plane or a row, built once per instruction
// set (ssimulacra2_passes.cpp; cpu/isa.h): the same C++ compiled plain and
// with AVX2+FMA / AVX-512, where fmaf becomes one instruction and the
// loops across samples vectorise. Every build gives the portable one's bits
// (checkasm's IsaLoops.Ssimulacra2Passes).
#pragma once

#include <cstddef>

#include "cpu/isa.h"
#include "feature/ssimulacra2/recursive_gaussian.h"
#include "feature/ssimulacra2/xyb.h"

namespace vmaf::ssimulacra2 {

// A plane (w x h, rows packed) blurred: rows into `tmp`, then its columns
// into `out`. `state` holds 8 * w floats.
template <class Isa>
void blur_plane(const RecursiveGaussian &g, const float *in, float *tmp, float *out, float *state, int w, int h);

// One row's map terms of one channel: the SSIM error and the edge ratio at
// each sample (ssim_error, edge_ratio), from the blurred means and moments
// and the XYB samples.
struct TermRows {
    const float *mu1, *mu2, *s11, *s22, *s12, *x1, *x2;
};
template <class Isa> void row_terms(const TermRows &in, int w, double *ssim, double *edge);

// n samples of linear R, G, B to positive XYB (xyb_from_linear).
template <class Isa>
void to_xyb(const Opsin &o, const float *r, const float *g, const float *b, size_t n, float *x, float *y,
            float *bb);

struct Passes {
    decltype(&blur_plane<cpu::Portable>) blur;
    decltype(&row_terms<cpu::Portable>) terms;
    decltype(&to_xyb<cpu::Portable>) xyb;
};

// The widest passes that `cpu_flags` (cpu::Flag bits) allow.
const Passes &passes(unsigned cpu_flags);

} // namespace vmaf::ssimulacra2
