#include "feature/adm_decouple.h"

#include "feature/adm_math.h"

namespace vmaf::adm {

template <typename T>
VMAF_ADM_CLONES void decouple(const Detail<T> &ref, const Detail<T> &dis, double enhn_gain_limit,
                              Detail<T> &restored, Detail<T> &additive,
                              std::vector<uint8_t> &scratch)
{
    using M = ScaleMath<T>;
    const int w = ref[0].w, h = ref[0].h;
    restored.shape(w, h);
    additive.shape(w, h);
    const Region reg = work_region(w, h);
    const int32_t *div = division_table();
    const float cos_sq = cos_1deg_sq();
    const double egl = enhn_gain_limit;
    scratch.resize(static_cast<size_t>(w));
    uint8_t *__restrict angle = scratch.data();

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
            for (int j = reg.left; j < reg.right; j++) {
                const int32_t k = M::ratio(o[j], t[j], div);
                const T rst = limit_gain<T>(M::restore(k, o[j]), t[j], k, o[j], angle[j], egl);
                r[j] = rst;
                a[j] = static_cast<T>(t[j] - rst);
            }
        }
    }
}

template void decouple<int16_t>(const Detail<int16_t> &, const Detail<int16_t> &, double,
                                Detail<int16_t> &, Detail<int16_t> &, std::vector<uint8_t> &);
template void decouple<int32_t>(const Detail<int32_t> &, const Detail<int32_t> &, double,
                                Detail<int32_t> &, Detail<int32_t> &, std::vector<uint8_t> &);

} // namespace vmaf::adm
