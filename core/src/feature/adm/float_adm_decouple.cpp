// float_adm's decoupling (float_adm_stages.h), built once per instruction
// set (cpu/isa.h).
#include "feature/adm/adm_math.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "cpu/isa.h"
#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::float_adm {

template <class Isa>
void decouple(const Detail &ref, const Detail &dis, double gain_limit, Detail &restored,
              Detail &additive)
{
    const int w = ref[0].w, h = ref[0].h;
    restored.resize(w, h);
    additive.resize(w, h);
    const adm::Region reg = adm::work_region(w, h);
    const float cos_sq = cos_1deg_sq();
    for (int i = reg.top; i < reg.bottom; i++) {
        const float *o[3], *t[3];
        float *r[3], *a[3];
        for (int b = 0; b < 3; b++) {
            o[b] = ref[b].row(i);
            t[b] = dis[b].row(i);
            r[b] = restored[b].row(i);
            a[b] = additive[b].row(i);
        }
        for (int j = reg.left; j < reg.right; j++) {
            const float os[3] = {o[0][j], o[1][j], o[2][j]};
            const float ts[3] = {t[0][j], t[1][j], t[2][j]};
            float rs[3], as[3];
            decouple_sample(os, ts, gain_limit, cos_sq, kRcpEstimate, rs, as);
            for (int b = 0; b < 3; b++) {
                r[b][j] = rs[b];
                a[b][j] = as[b];
            }
        }
    }
}

template void decouple<cpu::BuiltFor>(const Detail &, const Detail &, double, Detail &, Detail &);

} // namespace vmaf::float_adm

VMAF_TARGET_END
