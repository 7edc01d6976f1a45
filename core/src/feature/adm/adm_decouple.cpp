#include "feature/adm/adm_decouple.h"

#include "feature/adm/adm_math.h"
#include "feature/common/target_clones.h"

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

template <typename T>
VMAF_TARGET_CLONES void decouple(const Detail<T> &ref, const Detail<T> &dis, double enhn_gain_limit,
                              Detail<T> &restored, Detail<T> &additive, DecoupleRows &rows)
{
    const int w = ref[0].w, h = ref[0].h;
    restored.resize(w, h);
    additive.resize(w, h);
    const Region reg = work_region(w, h);
    const int32_t *div = division_table();
    const float cos_sq = cos_1deg_sq();
    const double egl = enhn_gain_limit;
    rows.angle.resize(static_cast<size_t>(w));
    rows.ratio.resize(static_cast<size_t>(w));
    uint8_t *__restrict angle = rows.angle.data();
    int32_t *__restrict ratio = rows.ratio.data();

    for (int i = reg.top; i < reg.bottom; i++) {
        // One direction test per sample, shared by the three bands.
        {
            const T *__restrict oh = ref[0].row(i), *__restrict ov = ref[1].row(i);
            const T *__restrict th = dis[0].row(i), *__restrict tv = dis[1].row(i);
            for (int j = reg.left; j < reg.right; j++)
                angle[j] = within_one_degree(dot_to_float(oh[j], th[j], ov[j], tv[j]),
                                             dot_to_float(oh[j], oh[j], ov[j], ov[j]),
                                             dot_to_float(th[j], th[j], tv[j], tv[j]), cos_sq);
        }
        for (int b = 0; b < 3; b++) {
            const T *__restrict o = ref[b].row(i), *__restrict t = dis[b].row(i);
            T *__restrict r = restored[b].row(i), *__restrict a = additive[b].row(i);
            // Two passes: each is simple enough for the compiler to vectorise.
            ratios<T>(o, t, div, ratio, r, reg.left, reg.right);
            for (int j = reg.left; j < reg.right; j++) {
                const T rst = limit_gain<T>(r[j], t[j], ratio[j], o[j], angle[j], egl);
                r[j] = rst;
                a[j] = static_cast<T>(t[j] - rst);
            }
        }
    }
}

template void decouple<int16_t>(const Detail<int16_t> &, const Detail<int16_t> &, double,
                                Detail<int16_t> &, Detail<int16_t> &, DecoupleRows &);
template void decouple<int32_t>(const Detail<int32_t> &, const Detail<int32_t> &, double,
                                Detail<int32_t> &, Detail<int32_t> &, DecoupleRows &);

} // namespace vmaf::adm
