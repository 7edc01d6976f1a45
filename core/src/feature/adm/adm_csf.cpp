#include "feature/adm/adm_csf.h"

#include <cmath>
#include <cstdlib>

namespace vmaf::adm {

namespace {

// Cube roots of the three bands' energies plus the noise floor, summed in
// the reference's float order.
float pool(const double energy[3], std::array<float, 2> weights, const Region &reg,
           double noise_weight)
{
    const float nf = noise_floor(reg.width() * reg.height(), noise_weight);
    float sum = 0.0f;
    for (int b = 0; b < 3; b++) {
        const double wgt = std::pow(static_cast<double>(weights[b == 2 ? 1 : 0]), 3);
        const float e = static_cast<float>(energy[b] * wgt);
        const float term = std::pow(e, 1.0f / 3.0f) + nf;
        sum = b == 0 ? term : sum + term;
    }
    return sum;
}

} // namespace

DenShifts den_shifts_scale0(const Region &reg)
{
    DenShifts s;
    // Row sums are scaled down on large regions to stay within 64 bits.
    const int shift = static_cast<int>(std::ceil(std::log2(reg.width() * reg.height()) - 20));
    s.row = shift < 0 ? 0 : static_cast<uint32_t>(shift);
    s.row_round = s.row > 0 ? uint64_t{1} << (s.row - 1) : 0;
    // The DWT left 6 fractional bits per factor: 18 after cubing.
    s.divisor = std::pow(2, 18 - static_cast<int>(s.row));
    return s;
}

DenShifts den_shifts(int scale, const Region &reg)
{
    constexpr uint32_t sq_shift[3] = {31, 30, 31};
    constexpr uint32_t frac_bits[3] = {32, 27, 23};
    DenShifts s;
    s.sq = sq_shift[scale - 1];
    // The reference rounds the square with 2^shift, not 2^(shift-1).
    s.sq_round = uint64_t{1} << s.sq;
    s.cube = ceil_log2(reg.width());
    s.cube_round = half_of(s.cube);
    s.row = ceil_log2(reg.height());
    s.row_round = half_of(s.row);
    s.divisor = std::pow(2, static_cast<uint32_t>(frac_bits[scale - 1] - s.row - s.cube));
    return s;
}

float den_from_sums(const uint64_t sums[3], const DenShifts &shifts,
                    std::array<float, 2> weights, const Region &reg, double noise_weight)
{
    double energy[3];
    for (int b = 0; b < 3; b++) energy[b] = static_cast<double>(sums[b]) / shifts.divisor;
    return pool(energy, weights, reg, noise_weight);
}

} // namespace vmaf::adm
