#include "feature/adm/adm_csf.h"
#include "feature/common/target_clones.h"

#include <cmath>
#include <cstdlib>

namespace vmaf::adm {

template <typename T>
VMAF_TARGET_CLONES void csf_weight(const Detail<T> &in,
                                const typename ScaleMath<T>::Factors &factors,
                                Detail<T> &weighted, Detail<T> &floor)
{
    using M = ScaleMath<T>;
    const int w = in[0].w, h = in[0].h;
    weighted.resize(w, h);
    floor.resize(w, h);
    const Region reg = work_region(w, h);
    const int x86_end = x86_work_end(reg);
    auto band = [&]<int B>() {
        const auto fac = factors[B];
        for (int i = reg.top; i < reg.bottom; i++) {
            const T *__restrict x = in[B].row(i);
            T *__restrict c = weighted[B].row(i);
            T *__restrict f = floor[B].row(i);
            auto columns = [&]<bool kX86>(int a, int b) {
                for (int j = a; j < b; j++) {
                    const T v = M::template csf<B>(x[j], fac, kX86);
                    c[j] = v;
                    f[j] = M::floor30(v);
                }
            };
            columns.template operator()<true>(reg.left, x86_end);
            columns.template operator()<false>(x86_end, reg.right);
        }
    };
    band.template operator()<0>();
    band.template operator()<1>();
    band.template operator()<2>();
}

template void csf_weight<int16_t>(const Detail<int16_t> &, const ScaleMath<int16_t>::Factors &,
                                  Detail<int16_t> &, Detail<int16_t> &);
template void csf_weight<int32_t>(const Detail<int32_t> &, const ScaleMath<int32_t>::Factors &,
                                  Detail<int32_t> &, Detail<int32_t> &);

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

namespace {

template <typename T>
VMAF_TARGET_CLONES float den_of(const Detail<T> &ref, const DenShifts &s, const Region &reg,
                                std::array<float, 2> weights, double noise_weight)
{
    uint64_t sums[3];
    for (int b = 0; b < 3; b++) {
        uint64_t acc = 0;
        for (int i = reg.top; i < reg.bottom; i++) {
            const T *x = ref[b].row(i);
            uint64_t row = 0;
            for (int j = reg.left; j < reg.right; j++) row += den_cube(x[j], s);
            acc += (row + s.row_round) >> s.row;
        }
        sums[b] = acc;
    }
    return den_from_sums(sums, s, weights, reg, noise_weight);
}

} // namespace

float csf_den_scale0(const Detail<int16_t> &ref, std::array<float, 2> weights,
                     double noise_weight)
{
    const Region reg = score_region(ref[0].w, ref[0].h);
    return den_of(ref, den_shifts_scale0(reg), reg, weights, noise_weight);
}

float csf_den(const Detail<int32_t> &ref, int scale, std::array<float, 2> weights,
              double noise_weight)
{
    const Region reg = score_region(ref[0].w, ref[0].h);
    return den_of(ref, den_shifts(scale, reg), reg, weights, noise_weight);
}

} // namespace vmaf::adm
