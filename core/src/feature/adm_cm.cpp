#include "feature/adm_cm.h"

#include "feature/adm_csf.h"

namespace vmaf::adm {

namespace {

// Masking threshold of every sample of row i in [reg.left, reg.right):
// the floors of the 3x3 neighbours (all bands) plus the centre's |csf| / 15.
template <typename T>
void threshold_row(const Masker<T> &m, int i, const Region &reg, int32_t *thr, int32_t *col,
                   int32_t *centre)
{
    using M = ScaleMath<T>;
    const int w = m.floor[0].w, h = m.floor[0].h;
    const int r0 = window_index(i - 1, h), r2 = window_index(i + 1, h);
    const int lo = reg.left > 0 ? reg.left - 1 : 0;
    const int hi = reg.right < w ? reg.right + 1 : w;
    for (int c = lo; c < hi; c++) {
        int32_t sum = 0, mid = 0;
        for (int b = 0; b < 3; b++) {
            sum += m.floor[b].row(r0)[c] + m.floor[b].row(r2)[c];
            mid += m.floor[b].row(i)[c];
        }
        col[c] = sum + mid;
        centre[c] = mid;
    }
    for (int j = reg.left; j < reg.right; j++) {
        const int cl = window_index(j - 1, w), cr = window_index(j + 1, w);
        int32_t own = 0;
        for (int b = 0; b < 3; b++) own += M::floor15(m.weighted[b].row(i)[j]);
        thr[j] = col[cl] + col[j] + col[cr] - centre[j] + own;
    }
}

} // namespace

template <typename T>
VMAF_ADM_CLONES float contrast_masked(const Detail<T> &src, const typename ScaleMath<T>::Factors &factors,
                      const Masker<T> &masker, const CmShifts &shifts, double noise_weight,
                      std::vector<int32_t> &scratch)
{
    using M = ScaleMath<T>;
    const int w = src[0].w, h = src[0].h;
    const Region reg = score_region(w, h);
    scratch.resize(3 * static_cast<size_t>(w));
    int32_t *thr = scratch.data(), *col = thr + w, *centre = col + w;
    const int64_t row_round = half_of(shifts.row);
    int64_t acc[3] = {};
    for (int i = reg.top; i < reg.bottom; i++) {
        threshold_row(masker, i, reg, thr, col, centre);
        for (int b = 0; b < 3; b++) {
            const T *x = src[b].row(i);
            int64_t row = 0;
            for (int j = reg.left; j < reg.right; j++)
                row += M::masked_cube(x[j], factors, b, thr[j], shifts);
            acc[b] += (row + row_round) >> shifts.row;
        }
    }
    const float nf = noise_floor(reg.width() * reg.height(), noise_weight);
    float sum = 0.0f;
    for (int b = 0; b < 3; b++) {
        const float term = std::pow(M::to_float(acc[b], shifts.to_float[b]), 1.0f / 3.0f) + nf;
        sum = b == 0 ? term : sum + term;
    }
    return sum;
}

template float contrast_masked<int16_t>(const Detail<int16_t> &,
                                        const ScaleMath<int16_t>::Factors &,
                                        const Masker<int16_t> &, const CmShifts &, double,
                                        std::vector<int32_t> &);
template float contrast_masked<int32_t>(const Detail<int32_t> &,
                                        const ScaleMath<int32_t>::Factors &,
                                        const Masker<int32_t> &, const CmShifts &, double,
                                        std::vector<int32_t> &);

} // namespace vmaf::adm
