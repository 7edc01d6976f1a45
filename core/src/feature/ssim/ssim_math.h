// SSIM arithmetic shared by float_ssim and float_ms_ssim: decimation and
// its filters, the Gaussian-window SSIM means and the dB conversion, each
// with the reference's float/double mix so that the scores agree to the
// last printed digit. The arithmetic of one window position, which the HIP
// kernels share, is in ssim_pixel.h.
#pragma once

#include <cstddef>
#include <vector>

#include "feature/common/float_picture.h"
#include "feature/ssim/ssim_pixel.h"
#include "libvmaf/picture.h"

namespace vmaf::ssim {

// The size decimation by `factor` gives: w / factor, plus one when w is odd
// (the reference's rule, which is not a ceiling for factors above 2).
inline int decimated_size(int n, int factor) { return n / factor + (n & 1); }

// Square 2-D kernel of `len` taps per side, applied at (x * factor,
// y * factor) with mirrored borders. Taps run from -len/2 to len - 1 - len/2.
struct Kernel2d {
    const float *taps; // len * len, row major
    int len;
};
void decimate(const FloatPlane &src, int factor, const Kernel2d &kernel, FloatPlane &dst);

// Each tap of float_ssim's low-pass filter before decimating by `scale`: a
// box of scale x scale taps of 1 / scale^2.
inline float box_tap(int scale) { return 1.0f / static_cast<float>(scale * scale); }

// float_ms_ssim's low-pass filter before each halving: the 9/7 biorthogonal
// wavelet filter as the reference tabulates it, in 2-D (its taps are
// rounded on their own, not the product of the 1-D taps).
inline constexpr int kLpfLen = 9;
inline constexpr float kLpf[kLpfLen * kLpfLen] = {
    // One row of the 2-D filter per two lines.
    0.000714f,  -0.000450f, -0.002090f, 0.007132f,  0.016114f,
        0.007132f,  -0.002090f, -0.000450f, 0.000714f,
    -0.000450f, 0.000283f,  0.001316f,  -0.004490f, -0.010146f,
        -0.004490f, 0.001316f,  0.000283f,  -0.000450f,
    -0.002090f, 0.001316f,  0.006115f,  -0.020867f, -0.047149f,
        -0.020867f, 0.006115f,  0.001316f,  -0.002090f,
    0.007132f,  -0.004490f, -0.020867f, 0.071207f,  0.160885f,
        0.071207f,  -0.020867f, -0.004490f, 0.007132f,
    0.016114f,  -0.010146f, -0.047149f, 0.160885f,  0.363505f,
        0.160885f,  -0.047149f, -0.010146f, 0.016114f,
    0.007132f,  -0.004490f, -0.020867f, 0.071207f,  0.160885f,
        0.071207f,  -0.020867f, -0.004490f, 0.007132f,
    -0.002090f, 0.001316f,  0.006115f,  -0.020867f, -0.047149f,
        -0.020867f, 0.006115f,  0.001316f,  -0.002090f,
    -0.000450f, 0.000283f,  0.001316f,  -0.004490f, -0.010146f,
        -0.004490f, 0.001316f,  0.000283f,  -0.000450f,
    0.000714f,  -0.000450f, -0.002090f, 0.007132f,  0.016114f,
        0.007132f,  -0.002090f, -0.000450f, 0.000714f,
};

// float_ssim's default scale: min(w, h) / 256 rounded, at least 1.
int auto_scale(int w, int h);

// Mean luminance, contrast and structure terms and mean SSIM over the
// positions where the window lies inside the picture, each rounded to float
// as the reference returns them.
struct Means {
    float ssim, l, c, s;
};

// Window positions of a w x h picture: (w - 10) x (h - 10).
inline size_t window_positions(int w, int h)
{
    return static_cast<size_t>(w - kWindowLen + 1) * static_cast<size_t>(h - kWindowLen + 1);
}

// The means of `count` positions' sums, rounded to float.
Means means_of(const SsimSums &sums, size_t count);

// Buffers for one SSIM evaluation, reused from frame to frame.
class Workspace {
public:
    // Needs w, h >= kWindowLen.
    Means compute(const FloatPlane &ref, const FloatPlane &dis);

private:
    // Valid-region separable Gaussian of `src` into `dst` ((w-10) x (h-10)).
    void blur(const float *src, int w, int h, float *dst);

    std::vector<float> ref_sq_, dis_sq_, both_;
    std::vector<float> mu_ref_, mu_dis_, var_ref_, var_dis_, cov_;
    std::vector<float> rows_;  // horizontal pass
    std::vector<double> acc_;  // one row of sums
};

// The cap of enable_db's values with clip_db: the dB of half a code value of
// error over the picture. Infinite without clip_db.
double max_db(bool clip_db, unsigned bpc, unsigned w, unsigned h);

// -10 log10(1 - score), at most max_db.
double to_db(double score, double max_db);

} // namespace vmaf::ssim
