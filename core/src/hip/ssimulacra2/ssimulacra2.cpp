// ssimulacra2_hip: the HIP twin of ssimulacra2. The GPU converts both
// pictures to linear light with the CPU's integer arithmetic and computes
// every scale's rows' sums as the CPU does, bit for bit (ssimulacra2.hip);
// the host adds the rows and remaps the norms with the CPU's own functions
// (ssimulacra2::norms_of, score), so the scores are the CPU's.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/ssimulacra2/ssimulacra2_description.h"
#include "feature/ssimulacra2/ssimulacra2_math.h"
#include "feature/ssimulacra2/ssimulacra2_setup.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "hip/ssimulacra2/ssimulacra2_kernel.h"

namespace vmaf::hip::ssimulacra2 {
namespace {

using vmaf::ssimulacra2::Conversion;
using vmaf::ssimulacra2::kRowSums;
using vmaf::ssimulacra2::kScales;
using vmaf::ssimulacra2::ScaleNorms;

// A lane's buffers are some fifty planes of floats (400 MB at 1080p): four
// lanes where they fit in kLanesBudget, which keeps the GPU busy beside
// the row blur's sequential recursions, else two.
constexpr unsigned kMaxLanes = FramePipeline::kMaxLanes;
constexpr size_t kLanesBudget = size_t{2} << 30;

class Ssimulacra2Work {
public:
    static constexpr const char *kName = "ssimulacra2_hip";

    Ssimulacra2Work(const VmafExtractorSetup &setup, const Conversion &conversion)
        : key_(setup.feature_names[0]), conversion_(conversion),
          sample_bytes_(static_cast<int>(bytes_per_sample(setup.bpc)))
    {
        int w = conversion.w, h = conversion.h;
        for (int s = 0; s < kScales; s++) {
            if (s) {
                w = (w + 1) / 2;
                h = (h + 1) / 2;
            }
            w_[s] = w;
            h_[s] = h;
            row_offset_[s] = rows_;
            rows_ += h;
        }
    }

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        const Conversion &c = conversion_;
        const std::array<float, 256> table = vmaf::ssimulacra2::linear_of_8bit();
        if (int err = upload(across_first_, c.across.first)) return err;
        if (int err = upload(across_coef_, c.across.coef)) return err;
        if (int err = upload(down_first_, c.down.first)) return err;
        if (int err = upload(down_coef_, c.down.coef)) return err;
        if (int err = table_.allocate(sizeof table)) return err;
        if (int err = table_.upload(table.data(), sizeof table)) return err;
        const size_t plane = static_cast<size_t>(c.w) * static_cast<size_t>(c.h) * sizeof(float);
        const size_t chroma = 4 * static_cast<size_t>(c.chroma_h) * static_cast<size_t>(c.w) * sizeof(int16_t);
        const unsigned lanes = kMaxLanes * Lane::bytes(chroma, plane) <= kLanesBudget ? kMaxLanes : 2;
        for (unsigned i = 0; i < lanes; i++)
            if (int err = lanes_[i].allocate(chroma, plane)) return err;
        shape.planes = 3;
        shape.result_bytes = static_cast<size_t>(rows_) * kRowSums * sizeof(double);
        shape.lanes = lanes;
        return 0;
    }

    int enqueue(const FrameWork &f) const
    {
        const Conversion &c = conversion_;
        const Lane &l = lanes_[f.lane];
        ConversionArgs a{};
        for (unsigned p = 0; p < 3; p++) {
            a.ref[p] = f.ref.plane(p);
            a.dis[p] = f.dis.plane(p);
        }
        a.w = c.w;
        a.h = c.h;
        a.chroma_w = c.chroma_w;
        a.chroma_h = c.chroma_h;
        a.sample_bytes = sample_bytes_;
        a.depth = c.depth;
        a.across_first = across_first_.as<int>();
        a.across_coef = across_coef_.as<int16_t>();
        a.across_size = c.across.size;
        a.down_first = down_first_.as<int>();
        a.down_coef = down_coef_.as<int16_t>();
        a.down_size = c.down.size;
        a.matrix = c.matrix;
        a.linear_of_code = table_.as<float>();
        a.chroma = l.chroma.as<int16_t>();
        a.linear = l.linear[0].as<float>();
        if (int err = check([&] { return launch_linear(a, f.stream); },
                            "launch of ssimulacra2_hip's conversion"))
            return err;

        auto *sums = f.results_as<double>();
        for (int s = 0; s < kScales; s++) {
            // Each scale reads its linear planes from one buffer and halves
            // them into the other.
            const float *linear = l.linear[s % 2].as<float>();
            if (s) {
                if (int err = check(
                        [&] {
                            return launch_downsample(l.linear[(s + 1) % 2].as<float>(), w_[s - 1],
                                                     h_[s - 1], l.linear[s % 2].as<float>(),
                                                     f.stream);
                        },
                        "launch of ssimulacra2_hip's downsampling"))
                    return err;
            }
            ScaleArgs sa{};
            sa.w = w_[s];
            sa.h = h_[s];
            sa.linear = linear;
            sa.xyb = l.xyb.as<float>();
            sa.tmp = l.tmp.as<float>();
            sa.blurred = l.blurred.as<float>();
            sa.opsin = opsin_;
            sa.gauss = gauss_;
            sa.row_sums = sums + static_cast<size_t>(row_offset_[s]) * kRowSums;
            if (int err = check([&] { return launch_scale(sa, f.stream); },
                                "launch of ssimulacra2_hip's scale"))
                return err;
        }
        return 0;
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        const auto *sums = result.as<const double>();
        ScaleNorms norms[kScales];
        for (int s = 0; s < kScales; s++)
            norms[s] = vmaf::ssimulacra2::norms_of(sums + static_cast<size_t>(row_offset_[s]) * kRowSums, w_[s],
                                                   h_[s]);
        return vmaf_sink_append(sink, key_.c_str(), vmaf::ssimulacra2::score(norms, kScales), index);
    }

private:
    // A frame's buffers: the chroma rows, each scale's linear planes (two
    // buffers, one scale halved into the other), XYB, the row blur's output
    // and the blurred images; counted in planes of floats but the chroma.
    struct Lane {
        static constexpr size_t kLinearPlanes = 6, kXybPlanes = 6, kBlurPlanes = 15;
        DeviceBuffer chroma;
        std::array<DeviceBuffer, 2> linear;
        DeviceBuffer xyb, tmp, blurred;

        static size_t bytes(size_t chroma_bytes, size_t plane)
        {
            return chroma_bytes + (2 * kLinearPlanes + kXybPlanes + 2 * kBlurPlanes) * plane;
        }
        int allocate(size_t chroma_bytes, size_t plane)
        {
            if (int err = chroma.allocate(chroma_bytes)) return err;
            for (DeviceBuffer &b : linear)
                if (int err = b.allocate(kLinearPlanes * plane)) return err;
            if (int err = xyb.allocate(kXybPlanes * plane)) return err;
            if (int err = tmp.allocate(kBlurPlanes * plane)) return err;
            return blurred.allocate(kBlurPlanes * plane);
        }
    };

    template <typename T> static int upload(DeviceBuffer &b, const std::vector<T> &v)
    {
        if (int err = b.allocate(v.size() * sizeof(T))) return err;
        return b.upload(v.data(), v.size() * sizeof(T));
    }

    std::string key_;
    Conversion conversion_;
    int sample_bytes_;
    int w_[kScales] = {}, h_[kScales] = {}, row_offset_[kScales] = {};
    int rows_ = 0;
    vmaf::ssimulacra2::Opsin opsin_ = vmaf::ssimulacra2::opsin();
    vmaf::ssimulacra2::RecursiveGaussian gauss_ = vmaf::ssimulacra2::recursive_gaussian(1.5);
    DeviceBuffer across_first_, across_coef_, down_first_, down_coef_, table_;
    std::array<Lane, kMaxLanes> lanes_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    Conversion conversion;
    if (int err = vmaf::ssimulacra2::read_setup(*setup, Ssimulacra2Work::kName, conversion)) return err;
    return create_twin<Ssimulacra2Work>(state, *setup, conversion);
}

} // namespace
} // namespace vmaf::hip::ssimulacra2

extern "C" constinit const VmafExtractor vmaf_extractor_ssimulacra2_hip =
    vmaf::hip::twin_entry<vmaf::hip::ssimulacra2::Ssimulacra2Work>(vmaf::ssimulacra2::kDescription,
                                                                   vmaf::hip::ssimulacra2::init);
