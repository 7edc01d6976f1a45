// float_adm_hip: the HIP twin of float_adm, bit-exact (float_adm.hip says
// why). The GPU runs every stage of float ADM on the luma of both pictures,
// four scales, and leaves the float band sums of each pooling; the host
// pools them with float_adm's own pool_scale and combine_scales and writes
// the keys through adm's AdmReporter, so the doubles are the CPU's.
//
// Its FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph, runs several frames at once (lanes, each
// with its own intermediate buffers) and reads the sums back.
#include <array>
#include <deque>

#include "extractor/extractor.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/float_adm_compute.h"
#include "feature/adm/float_adm_math.h"
#include "feature/adm/float_adm_options.h"
#include "feature/adm/float_adm_setup.h"
#include "feature/adm/rcp_estimate.h"
#include "hip/adm/float_adm_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::float_adm {
namespace {

using vmaf::adm::AdmOutput;
using vmaf::adm::AdmReporter;
using vmaf::adm::kScales;
using vmaf::float_adm::BandSums;
using vmaf::float_adm::FloatAdmParams;
using vmaf::float_adm::ScaleTotals;

// Band sums per scale: denominator, detail loss, additive impairment; three
// bands each.
enum Pooling { kDen, kNum, kAim, kPoolings };
constexpr size_t kSumsPerScale = kPoolings * 3;
constexpr size_t sum_at(int scale, Pooling p) { return scale * kSumsPerScale + p * 3; }

// A frame's intermediate buffers of one lane, sized for scale 0 and reused
// by the smaller scales.
struct Lane {
    float *approx[2][2]; // [picture][scale parity]
    float *ref[3], *dis[3], *restored[3], *additive[3];
    // The CSF-weighted masker and its floors, per pass: detail loss (masked
    // by the additive part), additive impairment (by the restored).
    float *weighted[2][3], *floor[2][3];
    float *row_sums;
};

class FloatAdmWork {
public:
    static constexpr const char *kName = "float_adm_hip";

    FloatAdmWork(const VmafExtractorSetup &setup, const FloatAdmParams &params,
                 const AdmOutput &output)
        : params_(params), reporter_(output, setup.feature_names), w_(static_cast<int>(setup.w)), h_(static_cast<int>(setup.h)), bpc_(setup.bpc)
    {
        int w = w_, h = h_;
        for (int s = 0; s < kScales; s++) {
            w = (w + 1) / 2;
            h = (h + 1) / 2;
            bw_[s] = w;
            bh_[s] = h;
            factors_[s] = vmaf::float_adm::csf_factors(params.csf, s);
        }
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const;

private:
    float *device_floats(size_t count, int &err);
    int measure(const Lane &b, int scale, float *sums, hipStream_t stream) const;

    FloatAdmParams params_;
    AdmReporter reporter_;
    int w_, h_;
    unsigned bpc_;
    std::array<int, kScales> bw_{}, bh_{};
    std::array<std::array<float, 2>, kScales> factors_{};

    std::deque<DeviceBuffer> memory_;
    DeviceBuffer rcp_table_;
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<Lane, kLanes> lanes_{};
};

float *FloatAdmWork::device_floats(size_t count, int &err)
{
    if (err) return nullptr;
    DeviceBuffer &b = memory_.emplace_back();
    err = b.allocate(count * sizeof(float));
    return err ? nullptr : b.as<float>();
}

int FloatAdmWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    if (int err = rcp_table_.upload(kRcpEstimate, sizeof(kRcpEstimate))) return err;
    const size_t n = static_cast<size_t>(bw_[0]) * static_cast<size_t>(bh_[0]);
    int err = 0;
    for (Lane &b : lanes_) {
        for (auto &picture : b.approx)
            for (float *&p : picture) p = device_floats(n, err);
        for (int k = 0; k < 3; k++) {
            for (float **band : {b.ref, b.dis, b.restored, b.additive, b.weighted[0], b.floor[0],
                                 b.weighted[1], b.floor[1]})
                band[k] = device_floats(n, err);
        }
        b.row_sums = device_floats(kPoolings * 3 * static_cast<size_t>(bh_[0]), err);
    }
    if (err) return err;
    shape.result_bytes = kScales * kSumsPerScale * sizeof(float);
    shape.lanes = kLanes;
    return 0;
}

// Decoupling, CSF weighting and the three poolings of the bands in `b`.
int FloatAdmWork::measure(const Lane &b, int scale, float *sums, hipStream_t stream) const
{
    const int w = bw_[scale], h = bh_[scale];
    const vmaf::adm::Region work = vmaf::adm::work_region(w, h);
    const std::array<float, 2> &f = factors_[scale];

    DecoupleArgs d{};
    for (int k = 0; k < 3; k++) {
        d.ref[k] = b.ref[k];
        d.dis[k] = b.dis[k];
        d.restored[k] = b.restored[k];
        d.additive[k] = b.additive[k];
    }
    d.w = w;
    d.reg = work;
    d.gain_limit = params_.enhn_gain_limit;
    d.cos_sq = vmaf::float_adm::cos_1deg_sq();
    d.rcp_table = rcp_table_.as<const uint16_t>();
    if (int err = check([&] { return launch_decouple(d, stream); },
                        "launch of float_adm_hip's decoupling"))
        return err;

    // The aim pass of a scale left out of aim is not needed.
    const bool aim = params_.skip_aim_scale != scale;
    CsfArgs c{};
    c.passes = aim ? 2 : 1;
    c.factor[0] = c.factor[1] = f[0];
    c.factor[2] = f[1];
    c.w = w;
    c.reg = work;
    for (int k = 0; k < 3; k++) {
        c.pass[0].in[k] = b.additive[k];
        c.pass[1].in[k] = b.restored[k];
        for (int z = 0; z < 2; z++) {
            c.pass[z].weighted[k] = b.weighted[z][k];
            c.pass[z].floor[k] = b.floor[z][k];
        }
    }
    if (int err =
            check([&] { return launch_csf(c, stream); }, "launch of float_adm_hip's CSF weighting"))
        return err;

    PoolArgs p{};
    p.passes = aim ? 3 : 2;
    p.factor[0] = p.factor[1] = f[0];
    p.factor[2] = f[1];
    p.w = w;
    p.h = h;
    p.reg = vmaf::adm::score_region(w, h);
    p.bypass = params_.bypass_cm;
    p.p_norm = params_.p_norm;
    p.row_sums = b.row_sums;
    for (int k = 0; k < 3; k++) {
        p.pass[kDen].src[k] = b.ref[k];
        p.pass[kNum].src[k] = b.restored[k];
        p.pass[kNum].weighted[k] = b.weighted[0][k];
        p.pass[kNum].floor[k] = b.floor[0][k];
        p.pass[kAim].src[k] = b.additive[k];
        p.pass[kAim].weighted[k] = b.weighted[1][k];
        p.pass[kAim].floor[k] = b.floor[1][k];
    }
    for (int z = 0; z < kPoolings; z++) p.pass[z].sums = sums + sum_at(scale, Pooling(z));
    return check([&] { return launch_pool(p, stream); }, "launch of float_adm_hip's pooling");
}

int FloatAdmWork::enqueue(const FrameWork &f)
{
    const Lane &b = lanes_[f.lane];
    float *sums = f.results_as<float>();
    const hipStream_t stream = f.stream;
    int w = w_, h = h_;
    for (int s = 0; s < kScales; s++) {
        DwtArgs a{};
        a.w = w;
        a.h = h;
        if (s == 0) {
            a.src[0] = f.ref.plane(0);
            a.src[1] = f.dis.plane(0);
            a.bpc = bpc_;
        } else {
            a.src[0] = b.approx[0][(s - 1) % 2];
            a.src[1] = b.approx[1][(s - 1) % 2];
        }
        const bool skipped = s == 0 && params_.skip_scale0;
        for (int z = 0; z < 2; z++) {
            a.approx[z] = b.approx[z][s % 2];
            for (int k = 0; k < 3 && !skipped; k++) a.band[z][k] = z == 0 ? b.ref[k] : b.dis[k];
        }
        if (int err =
                check([&] { return launch_dwt(a, stream); }, "launch of float_adm_hip's transform"))
            return err;
        if (!skipped)
            if (int err = measure(b, s, sums, stream)) return err;
        w = bw_[s];
        h = bh_[s];
    }
    return 0;
}

int FloatAdmWork::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
{
    const auto *r = result.as<const float>();
    auto band_sums = [&](int s, Pooling p) {
        const float *at = r + sum_at(s, p);
        return BandSums{at[0], at[1], at[2]};
    };
    std::array<ScaleTotals, kScales> scales;
    for (int s = 0; s < kScales; s++) {
        if (s == 0 && params_.skip_scale0) {
            scales[s] = vmaf::float_adm::kSkippedScale;
            continue;
        }
        scales[s] = vmaf::float_adm::pool_scale(params_, s, bw_[s], bh_[s], band_sums(s, kDen),
                                                band_sums(s, kNum), band_sums(s, kAim));
    }
    return reporter_.report(vmaf::float_adm::combine_scales(params_, w_, h_, scales), index, sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    FloatAdmParams params;
    AdmOutput output;
    if (int err = vmaf::float_adm::read_setup(*setup, FloatAdmWork::kName, params, output))
        return err;
    return create_twin<FloatAdmWork>(state, *setup, params, output);
}

} // namespace
} // namespace vmaf::hip::float_adm

extern "C" constinit const VmafExtractor vmaf_extractor_float_adm_hip =
    vmaf::hip::twin_entry<vmaf::hip::float_adm::FloatAdmWork>(vmaf::float_adm::kDescription,
                                                              vmaf::hip::float_adm::init);
