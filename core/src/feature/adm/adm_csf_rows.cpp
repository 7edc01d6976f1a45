// The CSF stage's loops (adm_csf.h), built once per instruction set
// (cpu/isa.h).
#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/adm/adm_csf.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm {

template <class Isa, typename T>
void csf_row(const T *const x[3], const typename ScaleMath<T>::Factors &factors, int lo, int x86_end,
             int hi, T *const weighted[3], T *const floor[3])
{
    using M = ScaleMath<T>;
    auto band = [&]<int B>() {
        const auto fac = factors[B];
        const T *__restrict in = x[B];
        T *__restrict c = weighted[B];
        T *__restrict f = floor[B];
        // One loop per arithmetic, so that each vectorises.
        auto columns = [&]<bool kX86>(int a, int b) {
            for (int j = a; j < b; j++) {
                const T v = M::template csf<B>(in[j], fac, kX86);
                c[j] = v;
                f[j] = M::floor30(v);
            }
        };
        columns.template operator()<true>(lo, x86_end);
        columns.template operator()<false>(x86_end, hi);
    };
    band.template operator()<0>();
    band.template operator()<1>();
    band.template operator()<2>();
}

template <class Isa, typename T>
void den_sums(const Detail<T> &ref, const DenShifts &s, const Region &reg, uint64_t sums[3])
{
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
}

#if defined(VMAF_ISA_PORTABLE) // the SIMD tables have adm_csf_simd.h's
template void csf_row<cpu::BuiltFor, int16_t>(const int16_t *const[3],
                                              const ScaleMath<int16_t>::Factors &, int, int, int,
                                              int16_t *const[3], int16_t *const[3]);
#endif
template void csf_row<cpu::BuiltFor, int32_t>(const int32_t *const[3],
                                              const ScaleMath<int32_t>::Factors &, int, int, int,
                                              int32_t *const[3], int32_t *const[3]);
template void den_sums<cpu::BuiltFor, int16_t>(const Detail<int16_t> &, const DenShifts &,
                                               const Region &, uint64_t[3]);
template void den_sums<cpu::BuiltFor, int32_t>(const Detail<int32_t> &, const DenShifts &,
                                               const Region &, uint64_t[3]);

} // namespace vmaf::adm

VMAF_TARGET_END
