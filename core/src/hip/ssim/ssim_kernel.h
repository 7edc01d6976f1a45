// The kernels of float_ssim_hip and float_ms_ssim_hip, shared by ssim.hip
// (which defines the launchers) and the host files (which call them). Plain
// types only: ssim.hip is built by hipcc or nvcc and sees none of the host
// code. Each launcher queues its kernel on `stream` and returns the launch's
// status.
#pragma once

#include "feature/ssim/ssim_pixel.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::ssim {

// Two planes of the same size processed by one launch: ref and dis.
struct FloatPair {
    const float *ref, *dis;
};
struct FloatPairOut {
    float *ref, *dis;
};

// Tightly packed luma samples (8-bit for sample_bytes 1, 16-bit for 2) to
// floats on the 8-bit scale: v / scaler, with scaler 2^(bpc-8).
hipError_t launch_to_float(const void *ref, const void *dis, unsigned long long samples,
                           unsigned sample_bytes, float scaler, FloatPairOut out,
                           hipStream_t stream);

// A square 2-D filter in device memory: len x len taps, row major.
struct Taps2d {
    const float *taps;
    int len;
};

// dst(x, y) = sum over the taps of src(x * factor + u - len/2,
// y * factor + v - len/2) * tap(u, v), sources mirrored about the edge, as
// a double sum of float products in tap order, rounded to float.
hipError_t launch_decimate(FloatPair src, int w, int h, const Taps2d &taps, int factor,
                           FloatPairOut dst, int dst_w, int dst_h, hipStream_t stream);

// The Gaussian window and the constants.
struct SsimWindow {
    float taps[vmaf::ssim::kWindowLen];
    vmaf::ssim::SsimConstants k;
};

// The window and constants of ssim_pixel.h, for the kernels.
inline SsimWindow ssim_window()
{
    SsimWindow window{};
    for (int i = 0; i < vmaf::ssim::kWindowLen; i++) window.taps[i] = vmaf::ssim::kWindow[i];
    window.k = vmaf::ssim::ssim_constants();
    return window;
}

// Number of blocks, and so of partial sums, launch_ssim writes for a w x h
// picture.
unsigned ssim_blocks(int w, int h);

// The SSIM terms over the (w - 10) x (h - 10) window positions of ref and
// dis; block b writes the sums of its positions to partials[b].
hipError_t launch_ssim(FloatPair src, int w, int h, const SsimWindow &window,
                       vmaf::ssim::SsimSums *partials, hipStream_t stream);

// Runs of partial sums, one per scale.
inline constexpr unsigned kMaxRuns = 8;
struct PartialRuns {
    unsigned first[kMaxRuns], count[kMaxRuns];
};

// sums[r] = the sum of partials[first[r]] ... partials[first[r] + count[r] - 1]
// for r < runs, in an order fixed by count[r] alone.
hipError_t launch_sum_partials(const vmaf::ssim::SsimSums *partials, const PartialRuns &runs,
                               unsigned run_count, vmaf::ssim::SsimSums *sums,
                               hipStream_t stream);

} // namespace vmaf::hip::ssim
