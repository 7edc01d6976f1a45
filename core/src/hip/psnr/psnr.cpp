// psnr_hip: the HIP twin of psnr. The GPU computes the per-plane sums of
// squared errors; psnr::Reporter turns them into the same keys and values
// as the CPU extractor. FramePipeline overlaps frame n+1's copy with frame
// n's kernel.
#include <cstdint>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/psnr/psnr_options.h"
#include "feature/psnr/psnr_report.h"
#include "hip/psnr/psnr_kernel.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/hip_extractor.h"

namespace vmaf::hip::psnr {
namespace {

class PsnrHip {
public:
    PsnrHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : reporter_(setup), device_(state.device.index),
          sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc)))
    {}

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        return pipeline_.init(setup, reporter_.planes(), 3 * sizeof(unsigned long long));
    }
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return extract_with(*this, pipeline_, frame, sink);
    }
    int flush(VmafFeatureSink *sink)
    {
        if (int err = flush_with(*this, pipeline_, sink)) return err;
        return reporter_.flush(sink);
    }
    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }
    int enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                hipStream_t stream) const;
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        const auto *r = result.as<const unsigned long long>();
        const uint64_t sse[3] = {r[0], r[1], r[2]};
        return reporter_.report(sse, index, sink);
    }

private:

    vmaf::psnr::Reporter reporter_;
    int device_;
    unsigned sample_bytes_;
    FramePipeline pipeline_{"psnr_hip"};
};

int PsnrHip::enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                     hipStream_t stream) const
{
    SsePlanes planes{};
    for (unsigned p = 0; p < reporter_.planes(); p++) {
        planes.ref[p] = ref.plane(p);
        planes.dis[p] = dis.plane(p);
        planes.samples[p] = ref.samples(p);
    }
    auto *sums = pipeline_.results<unsigned long long>(lane);
    if (int err = check(hipMemsetAsync(sums, 0, 3 * sizeof(unsigned long long), stream),
                        "hipMemsetAsync"))
        return err;
    return check(launch_sse(planes, reporter_.planes(), sample_bytes_, sums, stream),
                 "launch of psnr_hip's sse kernel");
}

int init(void **state, const VmafExtractorSetup *setup)
{
    return create_hip_state<PsnrHip>(state, *setup, "psnr_hip");
}

} // namespace
} // namespace vmaf::hip::psnr

// Temporal like psnr: apsnr sums over the whole clip in one instance.
extern "C" constinit const VmafExtractor vmaf_extractor_psnr_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::psnr::PsnrHip>(
        "psnr_hip", vmaf::psnr::kOptions, VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_CHROMA, vmaf::psnr::kFeatures,
        vmaf::hip::psnr::init);
