#include "feature/adm_decouple.h"

#include "feature/adm_math.h"

namespace vmaf::adm {

template <typename T>
VMAF_ADM_CLONES void decouple(const Detail<T> &ref, const Detail<T> &dis, double enhn_gain_limit,
              Detail<T> &restored, Detail<T> &additive)
{
    using M = ScaleMath<T>;
    const int w = ref[0].w, h = ref[0].h;
    restored.shape(w, h);
    additive.shape(w, h);
    const Region reg = work_region(w, h);
    const int32_t *div = division_table();
    const float cos_sq = cos_1deg_sq();

    for (int i = reg.top; i < reg.bottom; i++) {
        const T *o[3], *t[3];
        T *r[3], *a[3];
        for (int b = 0; b < 3; b++) {
            o[b] = ref[b].row(i);
            t[b] = dis[b].row(i);
            r[b] = restored[b].row(i);
            a[b] = additive[b].row(i);
        }
        for (int j = reg.left; j < reg.right; j++) {
            const int64_t oh = o[0][j], ov = o[1][j], th = t[0][j], tv = t[1][j];
            const bool angle =
                within_one_degree(oh * th + ov * tv, oh * oh + ov * ov, th * th + tv * tv, cos_sq);
            for (int b = 0; b < 3; b++) {
                const T ob = o[b][j], tb = t[b][j];
                const int32_t k = M::ratio(ob, tb, div);
                const T rst = limit_gain<T>(M::restore(k, ob), tb, k, ob, angle, enhn_gain_limit);
                r[b][j] = rst;
                a[b][j] = static_cast<T>(tb - rst);
            }
        }
    }
}

template void decouple<int16_t>(const Detail<int16_t> &, const Detail<int16_t> &, double,
                                Detail<int16_t> &, Detail<int16_t> &);
template void decouple<int32_t>(const Detail<int32_t> &, const Detail<int32_t> &, double,
                                Detail<int32_t> &, Detail<int32_t> &);

} // namespace vmaf::adm
