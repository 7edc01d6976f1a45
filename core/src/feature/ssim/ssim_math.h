// SSIM arithmetic shared by float_ssim and float_ms_ssim: the luma as float, decimation, the Gaussian-window SSIM means and
// the dB conversion, each with the reference's float/double mix so that the
// scores agree to the last printed digit.
#pragma once

#include <cstddef>
#include <vector>

#include "feature/common/float_picture.h"
#include "libvmaf/picture.h"

namespace vmaf::ssim {

// The 11-tap Gaussian window (sigma 1.5) as the reference tabulates it; the
// rounded taps are part of the score.
inline constexpr int kWindowLen = 11;
inline constexpr float kWindow[kWindowLen] = {0.001028f, 0.007599f, 0.036001f, 0.109361f,
                                              0.213006f, 0.266012f, 0.213006f, 0.109361f,
                                              0.036001f, 0.007599f, 0.001028f};

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

// float_ssim's default scale: min(w, h) / 256 rounded, at least 1.
int auto_scale(int w, int h);

// Mean luminance, contrast and structure terms and mean SSIM over the
// positions where the window lies inside the picture, each rounded to float
// as the reference returns them.
struct Means {
    float ssim, l, c, s;
};

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
