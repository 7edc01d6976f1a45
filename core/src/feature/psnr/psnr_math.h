// PSNR arithmetic shared by the CPU extractor and its HIP twin: everything
// after the per-plane sum of squared errors.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace vmaf::psnr {

// The reference takes 255 for 8-bit input, and for deeper input either the
// full range or 255 scaled up (reduced_hbd_peak, to compare with 8-bit).
inline uint32_t peak(unsigned bpc, bool reduced_hbd_peak)
{
    return reduced_hbd_peak ? 255u << (bpc - 8) : (1u << bpc) - 1;
}

// The highest PSNR reported: 6 dB per bit + 12, or the value of min_sse.
inline double cap(unsigned bpc, uint32_t peak, double min_sse, uint64_t n_pixels)
{
    if (min_sse == 0.0) return 6.0 * bpc + 12.0;
    const double mse = min_sse / static_cast<double>(n_pixels);
    return std::ceil(10.0 * std::log10(static_cast<double>(peak) * peak / mse));
}

inline double mse(uint64_t sse, uint64_t n_pixels)
{
    return static_cast<double>(sse) / static_cast<double>(n_pixels);
}

inline double from_mse(double mse, uint32_t peak, double cap)
{
    return std::min(10.0 * std::log10(static_cast<double>(peak) * peak / std::max(mse, 1e-16)),
                    cap);
}

// Whole-clip PSNR from summed squared errors and pixel counts.
inline double aggregate(uint64_t sse, uint64_t n_pixels, uint32_t peak)
{
    const double pp = static_cast<double>(peak) * peak;
    const double value = 10.0 * (std::log10(pp) + std::log10(static_cast<double>(n_pixels)) -
                                 std::log10(static_cast<double>(sse)));
    const double max_value = std::ceil(10.0 * std::log10(pp * static_cast<double>(n_pixels) * 2.0));
    // The reference's MIN(a, b) (a < b ? a : b): a plane never scored (0
    // pixels) gives NaN against -inf, hence -inf.
    return value < max_value ? value : max_value;
}

} // namespace vmaf::psnr
