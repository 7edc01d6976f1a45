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
    auto band = [&]<int B>() {
        const auto fac = factors[B];
        for (int i = reg.top; i < reg.bottom; i++) {
            const T *__restrict x = in[B].row(i);
            T *__restrict c = weighted[B].row(i);
            T *__restrict f = floor[B].row(i);
            for (int j = reg.left; j < reg.right; j++) {
                const T v = M::template csf<B>(x[j], fac);
                c[j] = v;
                f[j] = M::floor30(v);
            }
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

VMAF_TARGET_CLONES float csf_den_scale0(const Detail<int16_t> &ref, std::array<float, 2> weights,
                                     double noise_weight)
{
    const Region reg = score_region(ref[0].w, ref[0].h);
    // Row sums are scaled down on large regions to stay within 64 bits.
    int shift = static_cast<int>(std::ceil(std::log2(reg.width() * reg.height()) - 20));
    if (shift < 0) shift = 0;
    const uint64_t round = shift > 0 ? uint64_t{1} << (shift - 1) : 0;
    double energy[3];
    for (int b = 0; b < 3; b++) {
        uint64_t acc = 0;
        for (int i = reg.top; i < reg.bottom; i++) {
            const int16_t *x = ref[b].row(i);
            uint64_t row = 0;
            for (int j = reg.left; j < reg.right; j++) {
                const uint64_t v = static_cast<uint16_t>(std::abs(static_cast<int32_t>(x[j])));
                row += v * v * v;
            }
            acc += (row + round) >> shift;
        }
        // The DWT left 6 fractional bits per factor: 18 after cubing.
        energy[b] = static_cast<double>(acc) / std::pow(2, 18 - shift);
    }
    return pool(energy, weights, reg, noise_weight);
}

VMAF_TARGET_CLONES float csf_den(const Detail<int32_t> &ref, int scale, std::array<float, 2> weights,
                              double noise_weight)
{
    constexpr uint32_t sq_shift[3] = {31, 30, 31};
    constexpr uint32_t frac_bits[3] = {32, 27, 23};
    // The reference rounds the square with 2^shift, not 2^(shift-1).
    const uint64_t sq_round = uint64_t{1} << sq_shift[scale - 1];
    const uint32_t sq = sq_shift[scale - 1];
    const Region reg = score_region(ref[0].w, ref[0].h);
    const uint32_t cube = ceil_log2(reg.width());
    const uint32_t rows = ceil_log2(reg.height());
    const uint64_t cube_round = half_of(cube), row_round = half_of(rows);
    double energy[3];
    for (int b = 0; b < 3; b++) {
        uint64_t acc = 0;
        for (int i = reg.top; i < reg.bottom; i++) {
            const int32_t *x = ref[b].row(i);
            uint64_t row = 0;
            for (int j = reg.left; j < reg.right; j++) {
                const uint64_t v = static_cast<uint32_t>(std::abs(x[j]));
                row += ((((v * v) + sq_round) >> sq) * v + cube_round) >> cube;
            }
            acc += (row + row_round) >> rows;
        }
        energy[b] = static_cast<double>(acc) /
                    std::pow(2, static_cast<uint32_t>(frac_bits[scale - 1] - rows - cube));
    }
    return pool(energy, weights, reg, noise_weight);
}

} // namespace vmaf::adm
