// adm_hip: the HIP twin of adm. The GPU runs every stage of integer ADM on
// the luma of both pictures, four scales, and leaves 64-bit integer sums per
// scale and band; the host pools them with adm's own functions
// (cm_from_sums, den_from_sums, combine_scales) and writes the keys through
// adm's AdmReporter, so the doubles are the CPU's.
//
// Its FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph, runs several frames at once (lanes, each
// with its own intermediate buffers) and reads the sums back.
#include <array>
#include <cstdint>
#include <deque>

#include "extractor/extractor.h"
#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_compute.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_csf_model.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/adm_options.h"
#include "feature/adm/adm_setup.h"
#include "hip/adm/adm_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::adm {
namespace {

using vmaf::adm::AdmOutput;
using vmaf::adm::AdmReporter;
using vmaf::adm::AdmScores;
using vmaf::adm::CmShifts;
using vmaf::adm::IntegerAdmParams;
using vmaf::adm::kScales;
using vmaf::adm::ScaleMath;

// Sums per scale: numerator (detail loss), additive impairment, denominator;
// three bands each.
enum SumKind { kNumSums, kAimSums, kDenSums };
constexpr size_t kSumCount = kScales * 3 * 3;
constexpr size_t sum_at(int scale, SumKind kind) { return (scale * 3 + kind) * 3; }

// The bands of one scale; T is int16_t at scale 0, int32_t after.
template <typename T> struct ScaleBands {
    T *ref[3], *dis[3], *restored[3], *additive[3];
    // The CSF-weighted masker and its floors, per pass: detail loss
    // (masked by the additive part), additive impairment (by the restored).
    T *weighted[2][3], *floor[2][3];
};

class AdmWork {
public:
    static constexpr const char *kName = "adm_hip";

    AdmWork(const VmafExtractorSetup &setup, const IntegerAdmParams &params,
            const AdmOutput &output)
        : params_(params), reporter_(output, setup.feature_names),
          w_(static_cast<int>(setup.w)), h_(static_cast<int>(setup.h)),
          bpc_(static_cast<int>(setup.bpc))
    {}

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const;

private:
    template <typename T> T *device_array(size_t count, int &err);
    template <typename T> int allocate_bands(ScaleBands<T> &bands, int scale);
    template <typename T>
    int measure(const ScaleBands<T> &bands, int scale, const typename ScaleMath<T>::Factors &f,
                unsigned long long *sums, hipStream_t stream);

    IntegerAdmParams params_;
    AdmReporter reporter_;
    int w_, h_, bpc_;
    // Band size of each scale.
    std::array<int, kScales> bw_{}, bh_{};
    std::array<std::array<float, 2>, kScales> weights_{};
    ScaleMath<int16_t>::Factors factors0_{};
    std::array<ScaleMath<int32_t>::Factors, kScales> factors_{};
    std::array<CmShifts, kScales> cm_shifts_{};

    std::deque<DeviceBuffer> memory_;
    DeviceBuffer division_table_;
    // A frame's intermediate buffers, one set per lane (frames in flight at
    // once), all in memory_.
    struct Lane {
        ScaleBands<int16_t> bands0{};
        std::array<ScaleBands<int32_t>, kScales> bands{}; // scales 1-3
        std::array<std::array<int32_t *, 2>, kScales> approx{}; // scales 0-2 feed the next
        std::array<std::array<int32_t *, 2>, kScales> vlo{}, vhi{}; // scales 1-3
    };
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<Lane, kLanes> lanes_{};
};

template <typename T> T *AdmWork::device_array(size_t count, int &err)
{
    if (err) return nullptr;
    DeviceBuffer &b = memory_.emplace_back();
    err = b.allocate(count * sizeof(T));
    return err ? nullptr : b.as<T>();
}

template <typename T> int AdmWork::allocate_bands(ScaleBands<T> &bands, int scale)
{
    const size_t n = static_cast<size_t>(bw_[scale]) * static_cast<size_t>(bh_[scale]);
    int err = 0;
    for (int b = 0; b < 3; b++) {
        for (T **band : {bands.ref, bands.dis, bands.restored, bands.additive, bands.weighted[0],
                         bands.floor[0], bands.weighted[1], bands.floor[1]})
            band[b] = device_array<T>(n, err);
    }
    return err;
}

int AdmWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    int w = (w_ + 1) / 2, h = (h_ + 1) / 2;
    for (int s = 0; s < kScales; s++) {
        bw_[s] = w;
        bh_[s] = h;
        weights_[s] = vmaf::adm::csf_weights(params_.csf, s);
        if (s > 0) factors_[s] = vmaf::adm::scale_factors(params_.csf, s);
        cm_shifts_[s] = s == 0 ? ScaleMath<int16_t>::cm_shifts(w, h)
                               : ScaleMath<int32_t>::cm_shifts(w, h, s);
        w = (w + 1) / 2;
        h = (h + 1) / 2;
    }
    factors0_ = vmaf::adm::scale0_factors(params_.csf);

    int err = 0;
    for (Lane &l : lanes_) {
        for (int p = 0; p < 2; p++) {
            for (int s = 0; s + 1 < kScales; s++)
                l.approx[s][p] = device_array<int32_t>(static_cast<size_t>(bw_[s]) * bh_[s], err);
            for (int s = 1; s < kScales; s++) {
                const size_t n = static_cast<size_t>(bw_[s - 1]) * bh_[s];
                l.vlo[s][p] = device_array<int32_t>(n, err);
                l.vhi[s][p] = device_array<int32_t>(n, err);
            }
        }
        if (err) return err;
        if ((err = allocate_bands(l.bands0, 0))) return err;
        for (int s = 1; s < kScales; s++)
            if ((err = allocate_bands(l.bands[s], s))) return err;
    }
    if ((err = division_table_.upload(vmaf::adm::division_table(),
                                       vmaf::adm::kDivisionTableSize * sizeof(int32_t))))
        return err;
    shape.result_bytes = kSumCount * sizeof(unsigned long long);
    shape.results = FramePipeline::Results::kAccumulated;
    shape.lanes = kLanes;
    return 0;
}

// Decoupling, CSF and masking of one scale's bands, leaving the scale's
// numerator, additive impairment and denominator sums.
template <typename T>
int AdmWork::measure(const ScaleBands<T> &bands, int scale,
                    const typename ScaleMath<T>::Factors &f, unsigned long long *sums,
                    hipStream_t stream)
{
    const int w = bw_[scale], h = bh_[scale];
    const Region work = vmaf::adm::work_region(w, h);
    const Region score = vmaf::adm::score_region(w, h);

    DecoupleArgs<T> d{};
    for (int b = 0; b < 3; b++) {
        d.ref[b] = bands.ref[b];
        d.dis[b] = bands.dis[b];
        d.restored[b] = bands.restored[b];
        d.additive[b] = bands.additive[b];
    }
    d.w = w;
    d.reg = work;
    d.nearest_end = vmaf::adm::x86_work_end(work);
    d.egl = params_.enhn_gain_limit;
    d.cos_1deg_sq = vmaf::adm::cos_1deg_sq();
    d.division_table = division_table_.as<const int32_t>();
    if (int err = check([&] { return launch_decouple(d, stream); },
                        "launch of adm_hip's decouple kernel"))
        return err;

    // Each measure is masked by the other: DLM (restored) by the additive
    // part, AIM (additive) by the restored part; one launch of each kernel
    // serves both passes.
    const CmShifts &cm = cm_shifts_[scale];
    CsfArgs<T> c{};
    MaskArgs<T> m{};
    c.passes = m.passes = params_.skip_aim ? 1 : 2;
    for (int pass = 0; pass < c.passes; pass++) {
        T *const *src = pass == 0 ? bands.restored : bands.additive;
        T *const *masker = pass == 0 ? bands.additive : bands.restored;
        for (int b = 0; b < 3; b++) {
            c.pass[pass].in[b] = masker[b];
            c.pass[pass].weighted[b] = bands.weighted[pass][b];
            c.pass[pass].floor[b] = bands.floor[pass][b];
            m.pass[pass].src[b] = src[b];
            m.pass[pass].weighted[b] = bands.weighted[pass][b];
            m.pass[pass].floor[b] = bands.floor[pass][b];
        }
        m.pass[pass].sums = sums + sum_at(scale, pass == 0 ? kNumSums : kAimSums);
    }
    for (int b = 0; b < 3; b++) {
        c.factor[b] = f[b];
        m.factor[b] = f[b];
        m.cube[b] = cm.cube[b];
    }
    c.w = w;
    c.reg = work;
    m.row_shift = cm.row;
    m.row_round = vmaf::adm::half_of(cm.row);
    m.w = w;
    m.h = h;
    m.reg = score;
    if (int err = check([&] { return launch_csf(c, stream); }, "launch of adm_hip's csf kernel"))
        return err;
    if (int err =
            check([&] { return launch_mask(m, stream); }, "launch of adm_hip's masking kernel"))
        return err;

    DenArgs<T> den{};
    for (int b = 0; b < 3; b++) den.ref[b] = bands.ref[b];
    den.w = w;
    den.reg = score;
    den.shifts = scale == 0 ? vmaf::adm::den_shifts_scale0(score)
                            : vmaf::adm::den_shifts(scale, score);
    den.sums = sums + sum_at(scale, kDenSums);
    return check([&] { return launch_den(den, stream); }, "launch of adm_hip's denominator kernel");
}

int AdmWork::enqueue(const FrameWork &f)
{
    const Lane &l = lanes_[f.lane];
    auto *sums = f.results_as<unsigned long long>();
    const hipStream_t stream = f.stream;

    Dwt0Args d0{};
    d0.src[0] = f.ref.plane(0);
    d0.src[1] = f.dis.plane(0);
    d0.w = w_;
    d0.h = h_;
    d0.bpc = bpc_;
    for (int p = 0; p < 2; p++) {
        d0.approx[p] = l.approx[0][p];
        int16_t *const *bands = p == 0 ? l.bands0.ref : l.bands0.dis;
        for (int b = 0; b < 3; b++) d0.band[p][b] = params_.skip_scale0 ? nullptr : bands[b];
    }
    if (int err =
            check([&] { return launch_dwt0(d0, stream); }, "launch of adm_hip's scale 0 transform"))
        return err;
    if (!params_.skip_scale0)
        if (int err = measure(l.bands0, 0, factors0_, sums, stream)) return err;

    for (int s = 1; s < kScales; s++) {
        DwtArgs d{};
        d.w = bw_[s - 1];
        d.h = bh_[s - 1];
        d.shifts = vmaf::adm::dwt_shifts(s);
        for (int p = 0; p < 2; p++) {
            d.in[p] = l.approx[s - 1][p];
            d.vlo[p] = l.vlo[s][p];
            d.vhi[p] = l.vhi[s][p];
            d.approx[p] = s + 1 < kScales ? l.approx[s][p] : nullptr;
            int32_t *const *bands = p == 0 ? l.bands[s].ref : l.bands[s].dis;
            for (int b = 0; b < 3; b++) d.band[p][b] = bands[b];
        }
        if (s > 1) {
            // The distorted lowpass of the previous scale's last row, where
            // the reference's buffer continues past this scale's layout.
            const int prev_w = bw_[s - 2];
            d.stale = l.vlo[s - 1][1] + static_cast<size_t>(bh_[s - 1] - 1) * prev_w;
            d.stale_offset = 4 * d.w - 2 * prev_w;
        }
        if (int err = check([&] { return launch_dwt(d, stream); }, "launch of adm_hip's transform"))
            return err;
        if (int err = measure(l.bands[s], s, factors_[s], sums, stream)) return err;
    }
    return 0;
}

int AdmWork::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
{
    const auto *r = result.as<const unsigned long long>();
    std::array<float, kScales> num{}, den{}, aim{};
    for (int s = 0; s < kScales; s++) {
        if (s == 0 && params_.skip_scale0) {
            den[0] = vmaf::adm::kSkippedScaleDen;
            continue;
        }
        const Region score = vmaf::adm::score_region(bw_[s], bh_[s]);
        int64_t masked[2][3];
        uint64_t energy[3];
        for (int b = 0; b < 3; b++) {
            masked[0][b] = static_cast<int64_t>(r[sum_at(s, kNumSums) + b]);
            masked[1][b] = static_cast<int64_t>(r[sum_at(s, kAimSums) + b]);
            energy[b] = r[sum_at(s, kDenSums) + b];
        }
        const double nw = params_.noise_weight;
        auto pool = [&](const int64_t *sums, double noise_weight) {
            return s == 0 ? vmaf::adm::cm_from_sums<int16_t>(sums, cm_shifts_[s], score,
                                                             noise_weight)
                          : vmaf::adm::cm_from_sums<int32_t>(sums, cm_shifts_[s], score,
                                                             noise_weight);
        };
        num[s] = pool(masked[0], nw);
        if (!params_.skip_aim) aim[s] = pool(masked[1], 0.0);
        den[s] = vmaf::adm::den_from_sums(energy,
                                          s == 0 ? vmaf::adm::den_shifts_scale0(score)
                                                 : vmaf::adm::den_shifts(s, score),
                                          weights_[s], score, nw);
    }
    const AdmScores scores = vmaf::adm::combine_scales(num, den, aim, w_, h_);
    return reporter_.report(scores, index, sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    IntegerAdmParams params;
    AdmOutput output;
    if (int err = vmaf::adm::read_setup(*setup, AdmWork::kName, &params, &output)) return err;
    return create_twin<AdmWork>(state, *setup, params, output);
}

} // namespace
} // namespace vmaf::hip::adm

extern "C" constinit const VmafExtractor vmaf_extractor_adm_hip =
    vmaf::hip::twin_entry<vmaf::hip::adm::AdmWork>(vmaf::adm::kDescription, vmaf::hip::adm::init);
