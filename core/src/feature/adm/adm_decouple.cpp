// The portable decoupling row (adm_decouple.h), built once per instruction
// set (cpu/isa.h).
#include "feature/adm/adm_decouple.h"

#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/adm/adm_math.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm {

namespace {

// k = t / o and the restored o * k of one band row. Restrict parameters
// tell the compiler that the table lookups do not alias the stores.
template <typename T>
inline __attribute__((always_inline)) void ratios(const T *__restrict o, const T *__restrict t,
                                                  const int32_t *__restrict div,
                                                  int32_t *__restrict ratio, T *__restrict r,
                                                  int lo, int hi)
{
    for (int j = lo; j < hi; j++) {
        ratio[j] = ScaleMath<T>::ratio(o[j], t[j], div);
        r[j] = ScaleMath<T>::restore(ratio[j], o[j]);
    }
}

} // namespace

template <class Isa, typename T>
void decouple_row(const T *const o[3], const T *const t[3], T *const r[3], T *const a[3], int lo,
                  int hi, int nearest_end, double enhn_gain_limit, DecoupleRows &rows)
{
    const int32_t *div = division_table();
    const float cos_sq = cos_1deg_sq();
    const double egl = enhn_gain_limit;
    // Each on its own: after a failed allocation one may be grown, the other not.
    if (rows.angle.size() < static_cast<size_t>(hi)) rows.angle.resize(static_cast<size_t>(hi));
    if (rows.ratio.size() < static_cast<size_t>(hi)) rows.ratio.resize(static_cast<size_t>(hi));
    uint8_t *__restrict angle = rows.angle.data();
    int32_t *__restrict ratio = rows.ratio.data();
    // One direction test per sample, shared by the three bands.
    {
        const T *__restrict oh = o[0], *__restrict ov = o[1];
        const T *__restrict th = t[0], *__restrict tv = t[1];
        for (int j = lo; j < hi; j++)
            angle[j] = within_one_degree(dot_to_float(oh[j], th[j], ov[j], tv[j]),
                                         dot_to_float(oh[j], oh[j], ov[j], ov[j]),
                                         dot_to_float(th[j], th[j], tv[j], tv[j]), cos_sq);
    }
    for (int b = 0; b < 3; b++) {
        const T *__restrict ob = o[b], *__restrict tb = t[b];
        T *__restrict rb = r[b], *__restrict ab = a[b];
        // Two passes: each is simple enough for the compiler to vectorise.
        ratios<T>(ob, tb, div, ratio, rb, lo, hi);
        for (int j = lo; j < hi; j++) {
            const T rst = limit_gain<T>(rb[j], tb[j], ratio[j], ob[j], angle[j], egl, j < nearest_end);
            rb[j] = rst;
            ab[j] = static_cast<T>(tb[j] - rst);
        }
    }
}

#if defined(VMAF_ISA_PORTABLE) // 16-bit bands: every SIMD table has its twin
template void decouple_row<cpu::BuiltFor, int16_t>(const int16_t *const[3], const int16_t *const[3],
                                                   int16_t *const[3], int16_t *const[3], int, int,
                                                   int, double, DecoupleRows &);
#endif
#if !defined(VMAF_ISA_AVX512) // AVX-512 has a twin for 32-bit bands too
template void decouple_row<cpu::BuiltFor, int32_t>(const int32_t *const[3], const int32_t *const[3],
                                                   int32_t *const[3], int32_t *const[3], int, int,
                                                   int, double, DecoupleRows &);
#endif

} // namespace vmaf::adm

VMAF_TARGET_END
