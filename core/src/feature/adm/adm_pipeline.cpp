#include "feature/adm/adm_pipeline.h"

namespace vmaf::adm {

template <typename T>
void ScalePipeline<T>::run(const AdmKernels &kernels, const Detail<T> &ref, const Detail<T> &dis,
                           const typename ScaleMath<T>::Factors &factors, const CmShifts &shifts,
                           double enhn_gain_limit, bool aim, MeasureSums &out)
{
    using M = ScaleMath<T>;
    const BandKernels<T> &loops = kernels.bands<T>();
    const int w = ref[0].w, h = ref[0].h;
    w_ = static_cast<size_t>(w);
    if (rows_.size() < 3 * kKinds * 3 * w_) rows_.resize(3 * kKinds * 3 * w_);
    if (scratch_.size() < 3 * w_) scratch_.resize(3 * w_);
    const Region work = work_region(w, h), score = score_region(w, h);
    const int x86_end = x86_work_end(work);

    // Row k of the work region into ring slot k % 3.
    auto produce = [&](int k) {
        const int slot = k % 3;
        const T *o[3], *t[3];
        T *r[3], *a[3], *rw[3], *rf[3], *aw[3], *af[3];
        for (int b = 0; b < 3; b++) {
            o[b] = ref[b].row(k);
            t[b] = dis[b].row(k);
            r[b] = row(slot, kRestored, b);
            a[b] = row(slot, kAdditive, b);
            rw[b] = row(slot, kRestoredWeighted, b);
            rf[b] = row(slot, kRestoredFloor, b);
            aw[b] = row(slot, kAdditiveWeighted, b);
            af[b] = row(slot, kAdditiveFloor, b);
        }
        loops.decouple(o, t, r, a, work.left, work.right, x86_end, enhn_gain_limit, decouple_rows_);
        loops.csf(a, factors, work.left, x86_end, work.right, aw, af);
        if (aim) loops.csf(r, factors, work.left, x86_end, work.right, rw, rf);
    };
    // Masks row i of `src` by the CSF of the masker's rows i-1..i+1.
    const int64_t row_round = half_of(shifts.row);
    auto measure = [&](int i, Kind src_kind, Kind weighted, Kind floor, int64_t sums[3]) {
        const int around[3] = {window_index(i - 1, h), i, window_index(i + 1, h)};
        const T *src[3];
        MaskerRows<T> masker;
        for (int b = 0; b < 3; b++) {
            src[b] = row(i % 3, src_kind, b);
            masker.weighted[b] = row(i % 3, weighted, b);
            for (int n = 0; n < 3; n++) masker.floor[n][b] = row(around[n] % 3, floor, b);
        }
        const MaskedSpan span{score.left, score.right, w, x86_mask_columns(score, h, i, M::kX86MaskBlock)};
        int64_t row_sums[3];
        loops.masked(src, factors, masker, span, shifts, row_sums, scratch_.data());
        for (int b = 0; b < 3; b++) sums[b] += (row_sums[b] + row_round) >> shifts.row;
    };

    out = MeasureSums{};
    int next = work.top;
    for (int i = score.top; i < score.bottom; i++) {
        // The window's rows lie in i-1..i+1 (reflected at the edges), all
        // in the work region; the ring holds the last three produced.
        const int last = window_index(i + 1, h) > i ? window_index(i + 1, h) : i;
        while (next <= last) produce(next++);
        measure(i, kRestored, kAdditiveWeighted, kAdditiveFloor, out.dlm);
        if (aim) measure(i, kAdditive, kRestoredWeighted, kRestoredFloor, out.aim);
    }
}

template class ScalePipeline<int16_t>;
template class ScalePipeline<int32_t>;

} // namespace vmaf::adm
