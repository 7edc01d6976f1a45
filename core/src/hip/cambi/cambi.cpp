// cambi_hip: the HIP twin of cambi, every option (full_ref, heatmaps_path,
// the encoding and source sizes, cambi_high_res_speedup). The GPU checks
// the luma's range, brings it to 10 bits at the scored size, undithers it,
// computes the spatial mask and, per scale, the mode filter, the c-values
// and their top-k mean; the host weighs the five means with cambi's own
// weighted_score and writes the keys with cambi's write_frame. Only the
// top-k mean's double sum runs in another order than the CPU's
// (cambi.hip).
//
// FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph and runs several frames at once (lanes).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "feature/cambi/c_values.h"
#include "feature/cambi/cambi_config.h"
#include "feature/cambi/cambi_options.h"
#include "feature/cambi/cambi_report.h"
#include "feature/cambi/cambi_scorer.h"
#include "feature/cambi/heatmap_files.h"
#include "feature/cambi/preprocess.h"
#include "feature/cambi/reciprocal_table.h"
#include "feature/cambi/spatial_mask.h"
#include "feature/common/plane.h"
#include "hip/cambi/cambi_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::cambi {
namespace {

using vmaf::cambi::CambiConfig;
using vmaf::cambi::HeatmapFiles;
using vmaf::cambi::kScales;
using vmaf::cambi::ScoredSize;

// The pictures of a frame: the distorted one, and the reference with full_ref.
enum Side { kDistorted, kReference, kSides };
constexpr const char *kSideNames[kSides] = {"distorted", "reference"};

// A frame's results: each side's scale means, each side's first sample out
// of range (all ones: none), then, with heatmaps, the distorted picture's
// c-values of every scale.
constexpr size_t kMeansBytes = kSides * kScales * sizeof(double);
constexpr size_t kRangeOffset = kMeansBytes;
constexpr size_t kHeatmapOffset = kRangeOffset + kSides * sizeof(unsigned long long);
constexpr unsigned long long kInRange = ~0ull;

// How one side is scored.
struct SidePlan {
    ScoredSize size;
    std::array<int, kScales> w{}, h{}, k{};
    int mask_threshold = 0;
    DeviceBuffer xs, ys; // the source column and row of each scored sample
};

struct LaneBuffers {
    std::array<DeviceBuffer, 2> image, mask;
    DeviceBuffer flat, codes, c, histogram, topk_state, partials;
};

class CambiWork {
public:
    static constexpr const char *kName = "cambi_hip";

    CambiWork(const VmafExtractorSetup &setup, CambiConfig config,
              std::shared_ptr<HeatmapFiles> heatmaps)
        : bpc_(setup.bpc), pw_(static_cast<int>(setup.w)), ph_(static_cast<int>(setup.h)),
          config_(std::move(config)), heatmaps_(std::move(heatmaps)), levels_(config_.levels)
    {
        for (int k = 0; k < 3; k++) keys_[k] = setup.feature_names[k];
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape);
    int enqueue(const FrameWork &f);
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink);
    // The heatmap files, complete once every frame is reported.
    int flush(VmafFeatureSink *) const { return heatmaps_ ? heatmaps_->finish() : 0; }
    // After an error, no half-written heatmap file is left.
    void abandon() const
    {
        if (heatmaps_) heatmaps_->abandon();
    }

private:
    int plan(SidePlan &p, const ScoredSize &size);
    int score(const void *luma, Side side, LaneBuffers &b, unsigned char *results,
              hipStream_t stream);
    int sides() const { return config_.full_ref ? 2 : 1; }

    unsigned bpc_;
    int pw_, ph_;
    CambiConfig config_;
    std::shared_ptr<HeatmapFiles> heatmaps_;
    vmaf::cambi::CValueLevels levels_;
    std::array<std::string, 3> keys_;
    std::array<SidePlan, kSides> plans_;
    std::array<size_t, kScales> heatmap_offset_{};
    size_t result_bytes_ = kHeatmapOffset;
    DeviceBuffer steps_, weight_, reciprocal_;
    Plane<float> heatmap_;

    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<LaneBuffers, kLanes> lanes_;
};

// Where the size is the picture's, each sample is its own source.
std::vector<unsigned> positions(unsigned in, unsigned out)
{
    if (in != out) return vmaf::cambi::nearest_positions(in, out);
    std::vector<unsigned> same(out);
    for (unsigned i = 0; i < out; i++) same[i] = i;
    return same;
}

int CambiWork::plan(SidePlan &p, const ScoredSize &size)
{
    p.size = size;
    p.mask_threshold = vmaf::cambi::mask_threshold(size.w, size.h);
    int w = size.w, h = size.h;
    for (int s = 0; s < kScales; s++) {
        if (s > 0 || config_.high_res_speedup) {
            w = (w + 1) >> 1;
            h = (h + 1) >> 1;
        }
        p.w[s] = w;
        p.h[s] = h;
        const int n = w * h;
        p.k[s] = std::clamp(static_cast<int>(config_.topk * n), 1, n);
    }
    const std::vector<unsigned> xs = positions(static_cast<unsigned>(pw_), static_cast<unsigned>(size.w));
    const std::vector<unsigned> ys = positions(static_cast<unsigned>(ph_), static_cast<unsigned>(size.h));
    if (int err = p.xs.upload(xs.data(), xs.size() * sizeof(unsigned))) return err;
    return p.ys.upload(ys.data(), ys.size() * sizeof(unsigned));
}

int CambiWork::init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
{
    if (int err = plan(plans_[kDistorted], config_.enc)) return err;
    if (config_.full_ref)
        if (int err = plan(plans_[kReference], config_.src)) return err;

    // An empty band asks for no step, but its table still needs an address.
    std::vector<uint32_t> steps = levels_.steps;
    if (steps.empty()) steps.push_back(0);
    if (int err = steps_.upload(steps.data(), steps.size() * sizeof(uint32_t))) return err;
    if (int err = weight_.upload(levels_.weight.data(), levels_.weight.size() * sizeof(int)))
        return err;
    const std::span<const float> reciprocal = vmaf::cambi::reciprocals();
    if (int err = reciprocal_.upload(reciprocal.data(), reciprocal.size_bytes())) return err;

    if (heatmaps_) {
        const SidePlan &p = plans_[kDistorted];
        for (int s = 0; s < kScales; s++) {
            heatmap_offset_[s] = result_bytes_;
            result_bytes_ += static_cast<size_t>(p.w[s]) * p.h[s] * sizeof(float);
        }
    }
    size_t samples = 0, padded = 0;
    for (int z = 0; z < sides(); z++) {
        const ScoredSize &size = plans_[z].size;
        samples = std::max(samples, static_cast<size_t>(size.w) * size.h);
        const int pad = 2 * (size.window >> 1);
        padded = std::max(padded, static_cast<size_t>(size.w + pad) * (size.h + pad));
    }
    for (LaneBuffers &b : lanes_) {
        for (int i = 0; i < 2; i++) {
            if (int err = b.image[i].allocate(samples * sizeof(uint16_t))) return err;
            if (int err = b.mask[i].allocate(samples * sizeof(uint16_t))) return err;
        }
        if (int err = b.flat.allocate(samples)) return err;
        if (int err = b.codes.allocate(padded * sizeof(uint16_t))) return err;
        if (int err = b.c.allocate(samples * sizeof(float))) return err;
        // The top-k mean's histogram and state start at zero (TopkState).
        const std::array<unsigned, 256> zeros{};
        if (int err = b.histogram.upload(zeros.data(), sizeof zeros)) return err;
        if (int err = b.topk_state.upload(zeros.data(), sizeof(TopkState))) return err;
        if (int err = b.partials.allocate(kTopkBlocks * sizeof(double))) return err;
    }
    // The distorted picture is always scored; the reference is staged too,
    // used with full_ref.
    shape.result_bytes = result_bytes_;
    shape.lanes = kLanes;
    return 0;
}

// One side's five means into results (device), as CambiScorer::score.
int CambiWork::score(const void *luma, Side side, LaneBuffers &b, unsigned char *results,
                    hipStream_t stream)
{
    const SidePlan &p = plans_[side];
    auto *range = reinterpret_cast<unsigned long long *>(results + kRangeOffset) + side;
    // 8- and 16-bit samples use their whole type.
    if (bpc_ != 8 && bpc_ != 16)
        if (int err = check(
                [&] {
                    return launch_find_out_of_range(static_cast<const uint16_t *>(luma), pw_, ph_,
                                                    (1u << bpc_) - 1, range, stream);
                },
                "launch of cambi_hip's range check"))
            return err;

    uint16_t *image = b.image[0].as<uint16_t>(), *spare = b.image[1].as<uint16_t>();
    uint16_t *mask = b.mask[0].as<uint16_t>(), *spare_mask = b.mask[1].as<uint16_t>();
    const int w = p.size.w, h = p.size.h;
    const To10BitArgs t{luma, pw_, bpc_ > 8, static_cast<int>(bpc_), p.xs.as<const unsigned>(),
                        p.ys.as<const unsigned>(), w, h, image};
    if (int err =
            check([&] { return launch_to_10bit(t, stream); }, "launch of cambi_hip's conversion"))
        return err;
    if (config_.enc_bitdepth < 10) {
        if (int err = check([&] { return launch_undo_dithering(image, w, h, spare, stream); },
                            "launch of cambi_hip's undithering"))
            return err;
        std::swap(image, spare);
    }
    // The mask is computed once, at full size, and halved with the image.
    if (int err = check(
            [&] {
                return launch_spatial_mask(image, w, h, p.mask_threshold, b.flat.as<uint8_t>(),
                                           mask, stream);
            },
            "launch of cambi_hip's spatial mask"))
        return err;

    auto *means = reinterpret_cast<double *>(results) + side * kScales;
    int sw = w, sh = h;
    for (int s = 0; s < kScales; s++) {
        if (s > 0 || config_.high_res_speedup) {
            if (int err = check([&] { return launch_halve(image, sw, sh, spare, stream); },
                                "launch of cambi_hip's halving"))
                return err;
            if (int err = check([&] { return launch_halve(mask, sw, sh, spare_mask, stream); },
                                "launch of cambi_hip's halving"))
                return err;
            std::swap(image, spare);
            std::swap(mask, spare_mask);
            sw = p.w[s];
            sh = p.h[s];
        }
        // The next scale halves the filtered image.
        if (int err = check([&] { return launch_mode_filter(image, sw, sh, spare, stream); },
                            "launch of cambi_hip's mode filter"))
            return err;
        std::swap(image, spare);
        const int half = p.size.window >> 1;
        const BandCodesArgs band{image, mask, sw, sh, half, levels_.band_low, levels_.band_count,
                                 b.codes.as<uint16_t>()};
        if (int err = check([&] { return launch_band_codes(band, stream); },
                            "launch of cambi_hip's band codes"))
            return err;
        CValueArgs c{};
        c.codes = band.codes;
        c.w = sw;
        c.h = sh;
        c.half = half;
        c.num_diffs = levels_.num_diffs;
        c.tables = {steps_.as<const uint32_t>(), weight_.as<const int>(),
                    reciprocal_.as<const float>(), levels_.band_low, levels_.band_count};
        c.c = b.c.as<float>();
        if (int err =
                check([&] { return launch_c_values(c, stream); }, "launch of cambi_hip's c-values"))
            return err;
        if (heatmaps_ && side == kDistorted)
            if (int err = check(
                    [&] {
                        return hipMemcpyAsync(results + heatmap_offset_[s], c.c,
                                              static_cast<size_t>(sw) * sh * sizeof(float),
                                              hipMemcpyDeviceToDevice, stream);
                    },
                    "hipMemcpyAsync"))
                return err;
        TopkArgs k{};
        k.values = c.c;
        k.n = sw * sh;
        k.k = p.k[s];
        k.histogram = b.histogram.as<unsigned>();
        k.state = b.topk_state.as<TopkState>();
        k.partials = b.partials.as<double>();
        k.result = means + s;
        if (int err = check([&] { return launch_topk_mean(k, stream); },
                            "launch of cambi_hip's top-k mean"))
            return err;
    }
    return 0;
}

int CambiWork::enqueue(const FrameWork &f)
{
    auto *results = f.results_as<unsigned char>();
    // No sample out of range until the range check finds one.
    if (int err = check(
            [&] {
                return hipMemsetAsync(results + kRangeOffset, 0xff,
                                      kSides * sizeof(unsigned long long), f.stream);
            },
            "hipMemsetAsync"))
        return err;
    if (int err = score(f.dis.plane(0), kDistorted, lanes_[f.lane], results, f.stream)) return err;
    if (!config_.full_ref) return 0;
    return score(f.ref.plane(0), kReference, lanes_[f.lane], results, f.stream);
}

int CambiWork::report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
{
    const auto *bytes = result.as<const unsigned char>();
    const auto *range = reinterpret_cast<const unsigned long long *>(bytes + kRangeOffset);
    for (int z = 0; z < sides(); z++) {
        if (range[z] == kInRange) continue;
        const unsigned long long at = range[z] >> 16;
        return vmaf::cambi::out_of_range_error(
            "cambi_hip", kSideNames[z], index, static_cast<unsigned>(at % pw_),
            static_cast<unsigned>(at / pw_), static_cast<unsigned>(range[z] & 0xffffu), bpc_);
    }
    const auto *means = reinterpret_cast<const double *>(bytes);
    double score[kSides] = {};
    for (int z = 0; z < sides(); z++) {
        double m[kScales];
        std::memcpy(m, means + z * kScales, sizeof(m));
        score[z] = vmaf::cambi::weighted_score(m, plans_[z].size.window);
    }
    if (heatmaps_) {
        const SidePlan &p = plans_[kDistorted];
        for (int s = 0; s < kScales; s++) {
            heatmap_.resize(p.w[s], p.h[s]);
            std::memcpy(heatmap_.px.data(), bytes + heatmap_offset_[s],
                        heatmap_.size() * sizeof(float));
            if (int err = heatmaps_->write(s, index, heatmap_)) return err;
        }
    }
    return vmaf::cambi::write_frame(keys_, config_.max_val, config_.full_ref, score[kDistorted],
                                    score[kReference], index, sink);
}

int init(void **state, const VmafExtractorSetup *setup)
{
    CambiConfig config;
    if (int err = vmaf::cambi::resolve_config(*setup, config)) return err;
    std::shared_ptr<HeatmapFiles> heatmaps;
    if (!config.heatmaps_path.empty()) {
        heatmaps = HeatmapFiles::open(config);
        if (!heatmaps) return -EIO;
    }
    return create_twin<CambiWork>(state, *setup, std::move(config), std::move(heatmaps));
}

} // namespace
} // namespace vmaf::hip::cambi

extern "C" constinit const VmafExtractor vmaf_extractor_cambi_hip =
    vmaf::hip::twin_entry<vmaf::hip::cambi::CambiWork>(vmaf::cambi::kDescription,
                                                       vmaf::hip::cambi::init);
