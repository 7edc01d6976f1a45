// float_adm's transform (float_adm_stages.h), built once per instruction
// set (cpu/isa.h).
#include "feature/adm/adm_math.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_stages.h"
#include "cpu/isa.h"
#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::float_adm {

namespace {

template <bool kDetail>
void transform(const FloatPlane &src, FloatPlane &approx, Detail *detail,
                                  DwtScratch &tmp)
{
    const int w = src.w, h = src.h;
    const int ow = approx.w, oh = approx.h;
    tmp.rows.resize(2 * static_cast<size_t>(w));
    tmp.cols.resize(4 * static_cast<size_t>(ow));
    float *__restrict lo = tmp.rows.data();
    float *__restrict hi = lo + w;
    int *cols = tmp.cols.data();
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < ow; j++) cols[k * ow + j] = adm::tap_index(j, k, w);
    const int *c0 = cols, *c1 = cols + ow, *c2 = cols + 2 * ow, *c3 = cols + 3 * ow;

    for (int i = 0; i < oh; i++) {
        const float *__restrict r0 = src.row(adm::tap_index(i, 0, h));
        const float *__restrict r1 = src.row(adm::tap_index(i, 1, h));
        const float *__restrict r2 = src.row(adm::tap_index(i, 2, h));
        const float *__restrict r3 = src.row(adm::tap_index(i, 3, h));
        for (int j = 0; j < w; j++) {
            lo[j] = db2_lo(r0[j], r1[j], r2[j], r3[j]);
            if constexpr (kDetail) hi[j] = db2_hi(r0[j], r1[j], r2[j], r3[j]);
        }
        float *__restrict a = approx.row(i);
        for (int j = 0; j < ow; j++) a[j] = db2_lo(lo[c0[j]], lo[c1[j]], lo[c2[j]], lo[c3[j]]);
        if constexpr (kDetail) {
            float *__restrict bh = (*detail)[0].row(i);
            float *__restrict bv = (*detail)[1].row(i);
            float *__restrict bd = (*detail)[2].row(i);
            for (int j = 0; j < ow; j++) {
                bv[j] = db2_hi(lo[c0[j]], lo[c1[j]], lo[c2[j]], lo[c3[j]]);
                bh[j] = db2_lo(hi[c0[j]], hi[c1[j]], hi[c2[j]], hi[c3[j]]);
                bd[j] = db2_hi(hi[c0[j]], hi[c1[j]], hi[c2[j]], hi[c3[j]]);
            }
        }
    }
}

} // namespace

template <class Isa>
void dwt2(const FloatPlane &src, FloatPlane &approx, Detail *detail, DwtScratch &tmp)
{
    const int ow = (src.w + 1) / 2, oh = (src.h + 1) / 2;
    approx.resize(ow, oh);
    if (detail) {
        detail->resize(ow, oh);
        transform<true>(src, approx, detail, tmp);
    } else {
        transform<false>(src, approx, nullptr, tmp);
    }
}

template void dwt2<cpu::BuiltFor>(const FloatPlane &, FloatPlane &, Detail *, DwtScratch &);

} // namespace vmaf::float_adm

VMAF_TARGET_END
