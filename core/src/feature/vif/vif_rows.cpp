#include "feature/vif/vif_rows.h"

#include <type_traits>

#include "cpu/isa.h"
#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::vif {

namespace {

// 8-bit sums fit 32 bits (sum of taps * 255^2 < 2^32), deeper ones do not.
template <typename Sample>
using Wide = std::conditional_t<sizeof(Sample) == 1, uint32_t, uint64_t>;

template <typename Sample>
void vertical_sums(const Sample *const *ref_rows, const Sample *const *dis_rows,
                                      const uint16_t *filter, int fw, int w, uint32_t *__restrict m1,
                                      uint32_t *__restrict m2, Wide<Sample> *__restrict xx,
                                      Wide<Sample> *__restrict yy, Wide<Sample> *__restrict xy)
{
    using W = Wide<Sample>;
    for (int j = 0; j < w; j++) m1[j] = m2[j] = 0, xx[j] = yy[j] = xy[j] = 0;
    for (int k = 0; k < fw; k++) {
        const uint32_t f = filter[k];
        const Sample *__restrict r = ref_rows[k];
        const Sample *__restrict d = dis_rows[k];
        for (int j = 0; j < w; j++) {
            const uint32_t fr = f * r[j], fd = f * d[j];
            m1[j] += fr;
            m2[j] += fd;
            xx[j] += W{fr} * r[j];
            yy[j] += W{fd} * d[j];
            xy[j] += W{fr} * d[j];
        }
    }
}

} // namespace

template <class Isa, typename Sample>
void vertical_moments(const Sample *const *ref_rows, const Sample *const *dis_rows,
                      const uint16_t *filter, int fw, int w, const VerticalShift &vs,
                      const MomentRows &out, const WideRows &scratch)
{
    using W = Wide<Sample>;
    // The 64-bit scratch rows hold the narrower sums when those suffice.
    auto *xx = reinterpret_cast<W *>(scratch.xx);
    auto *yy = reinterpret_cast<W *>(scratch.yy);
    auto *xy = reinterpret_cast<W *>(scratch.xy);
    vertical_sums<Sample>(ref_rows, dis_rows, filter, fw, w, scratch.mu1, scratch.mu2, xx, yy, xy);
    for (int j = 0; j < w; j++) {
        out.mu1[j] = round_mean(scratch.mu1[j], vs);
        out.mu2[j] = round_mean(scratch.mu2[j], vs);
        out.xx[j] = round_moment(xx[j], vs);
        out.yy[j] = round_moment(yy[j], vs);
        out.xy[j] = round_moment(xy[j], vs);
    }
    for (int k = 1; k <= fw / 2; k++) {
        for (uint32_t *row : {out.mu1, out.mu2, out.xx, out.yy, out.xy}) {
            row[-k] = row[k];
            row[w - 1 + k] = row[w - 1 - k];
        }
    }
}

template <class Isa>
void horizontal_moments(const MomentRows &in, const uint16_t *filter, int fw,
                                           int w, const MomentRows &out, const WideRows &scratch)
{
    const int half = fw / 2;
    uint32_t *__restrict m1 = out.mu1, *__restrict m2 = out.mu2;
    uint64_t *__restrict xx = scratch.xx, *__restrict yy = scratch.yy, *__restrict xy = scratch.xy;
    for (int j = 0; j < w; j++) m1[j] = m2[j] = 0, xx[j] = yy[j] = xy[j] = 0;
    for (int k = 0; k < fw; k++) {
        const uint32_t f = filter[k];
        const uint32_t *__restrict a = in.mu1 + k - half, *__restrict b = in.mu2 + k - half;
        const uint32_t *__restrict p = in.xx + k - half, *__restrict q = in.yy + k - half,
                                   *__restrict s = in.xy + k - half;
        for (int j = 0; j < w; j++) {
            m1[j] += f * a[j];
            m2[j] += f * b[j];
            xx[j] += uint64_t{f} * p[j];
            yy[j] += uint64_t{f} * q[j];
            xy[j] += uint64_t{f} * s[j];
        }
    }
    for (int j = 0; j < w; j++) {
        out.xx[j] = round_second_moment(xx[j]);
        out.yy[j] = round_second_moment(yy[j]);
        out.xy[j] = round_second_moment(xy[j]);
    }
}

template <class Isa, typename Sample>
void blur_row_for_decimation(const Sample *const *rows, const uint16_t *filter,
                                                int fw, int w, const VerticalShift &vs,
                                                uint32_t *conv, uint16_t *out)
{
    const int half = fw / 2;
    for (int j = 0; j < w; j++) conv[j] = 0;
    for (int k = 0; k < fw; k++) {
        const uint32_t f = filter[k];
        const Sample *__restrict r = rows[k];
        for (int j = 0; j < w; j++) conv[j] += f * r[j];
    }
    for (int j = 0; j < w; j++) conv[j] = round_mean(conv[j], vs);
    for (int k = 1; k <= half; k++) {
        conv[-k] = conv[k];
        conv[w - 1 + k] = conv[w - 1 - k];
    }
    for (int j = 0; j < w / 2; j++) {
        uint32_t acc = 0;
        for (int k = 0; k < fw; k++) acc += filter[k] * conv[2 * j - half + k];
        out[j] = round_decimated(acc);
    }
}

template void vertical_moments<cpu::BuiltFor, uint8_t>(const uint8_t *const *,
                                                       const uint8_t *const *, const uint16_t *,
                                                       int, int, const VerticalShift &,
                                                       const MomentRows &, const WideRows &);
template void vertical_moments<cpu::BuiltFor, uint16_t>(const uint16_t *const *,
                                                        const uint16_t *const *, const uint16_t *,
                                                        int, int, const VerticalShift &,
                                                        const MomentRows &, const WideRows &);
template void blur_row_for_decimation<cpu::BuiltFor, uint8_t>(const uint8_t *const *,
                                                              const uint16_t *, int, int,
                                                              const VerticalShift &, uint32_t *,
                                                              uint16_t *);
template void blur_row_for_decimation<cpu::BuiltFor, uint16_t>(const uint16_t *const *,
                                                               const uint16_t *, int, int,
                                                               const VerticalShift &, uint32_t *,
                                                               uint16_t *);
template void horizontal_moments<cpu::BuiltFor>(const MomentRows &, const uint16_t *, int, int,
                                                const MomentRows &, const WideRows &);

} // namespace vmaf::vif

VMAF_TARGET_END
