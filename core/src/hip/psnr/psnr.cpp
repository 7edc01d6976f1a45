// psnr_hip: the HIP twin of psnr. The GPU computes the per-plane sums of
// squared errors; psnr::Reporter turns them into the same keys and values
// as the CPU extractor.
#include <cstdint>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/psnr/psnr_options.h"
#include "feature/psnr/psnr_report.h"
#include "hip/psnr/psnr_kernel.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::psnr {
namespace {

class PsnrWork {
public:
    static constexpr const char *kName = "psnr_hip";

    explicit PsnrWork(const VmafExtractorSetup &setup)
        : reporter_(setup), sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc)))
    {}

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape) const
    {
        shape.planes = reporter_.planes();
        shape.result_bytes = 3 * sizeof(unsigned long long);
        shape.results = FramePipeline::Results::kAccumulated;
        return 0;
    }

    int enqueue(const FrameWork &f) const
    {
        SsePlanes planes{};
        for (unsigned p = 0; p < reporter_.planes(); p++) {
            planes.ref[p] = f.ref.plane(p);
            planes.dis[p] = f.dis.plane(p);
            planes.samples[p] = f.ref.samples(p);
        }
        return check(
            [&] {
                return launch_sse(planes, reporter_.planes(), sample_bytes_,
                                  f.results_as<unsigned long long>(), f.stream);
            },
            "launch of psnr_hip's sse kernel");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        const auto *r = result.as<const unsigned long long>();
        const uint64_t sse[3] = {r[0], r[1], r[2]};
        return reporter_.report(sse, index, sink);
    }

    // apsnr, over the whole clip.
    int flush(VmafFeatureSink *sink) const { return reporter_.flush(sink); }

private:
    vmaf::psnr::Reporter reporter_;
    unsigned sample_bytes_;
};

} // namespace
} // namespace vmaf::hip::psnr

// Temporal like psnr: apsnr sums over the whole clip in one instance.
extern "C" constinit const VmafExtractor vmaf_extractor_psnr_hip =
    vmaf::hip::twin_entry<vmaf::hip::psnr::PsnrWork>(
        vmaf::psnr::kDescription, vmaf::hip::init_twin<vmaf::hip::psnr::PsnrWork>);
