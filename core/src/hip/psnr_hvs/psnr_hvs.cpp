// psnr_hvs_hip: the HIP twin of psnr_hvs, bit-exact (psnr_hvs.hip says
// why). The GPU computes the error terms of every block of the three planes
// and their float sums in the CPU's order; the host writes the keys with
// psnr_hvs's write_frame.
//
// FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph, runs two frames at once (one per lane:
// a frame's sums are long sequential chains) and reads the three sums back.
#include <array>
#include <string>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "feature/psnr_hvs/psnr_hvs_setup.h"
#include "hip/psnr_hvs/psnr_hvs_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/hip_extractor.h"

namespace vmaf::hip::psnr_hvs {
namespace {

using vmaf::psnr_hvs::block_count;

class PsnrHvsHip {
public:
    PsnrHvsHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : device_(state.device.index), bpc_(setup.bpc)
    {
        for (int i = 0; i < 4; i++) keys_[i] = setup.feature_names[i];
        unsigned pw[3], ph[3];
        plane_sizes(setup.pix_fmt, setup.w, setup.h, pw, ph);
        for (int p = 0; p < 3; p++) {
            w_[p] = static_cast<int>(pw[p]);
            h_[p] = static_cast<int>(ph[p]);
            terms_[p] = block_count(w_[p]) * block_count(h_[p]) * 64;
            for (int i = 0; i < 8; i++)
                for (int j = 0; j < 8; j++) tables_[p].csf[i][j] = (*vmaf::psnr_hvs::kCsf[p])[i][j];
            vmaf::psnr_hvs::masking_table(tables_[p].csf, tables_[p].mask);
        }
    }

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        for (auto &lane : lane_terms_)
            for (int p = 0; p < 3; p++)
                if (int err = lane[p].allocate(static_cast<size_t>(terms_[p]) * sizeof(float)))
                    return err;
        return pipeline_.init(setup, 3, 3 * sizeof(float), FramePipeline::Pictures::kBoth,
                              FramePipeline::Replay::kCaptured, kLanes);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return extract_with(*this, pipeline_, frame, sink);
    }
    int flush(VmafFeatureSink *sink) { return flush_with(*this, pipeline_, sink); }
    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }

    int enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane, hipStream_t stream)
    {
        PlaneSums sums{};
        for (unsigned p = 0; p < 3; p++) {
            float *terms = lane_terms_[lane][p].as<float>();
            if (int err = check(launch_block_terms(ref.plane(p), dis.plane(p), w_[p], h_[p],
                                                   bpc_ > 8, tables_[p], terms, stream),
                                "launch of psnr_hvs_hip's block terms"))
                return err;
            sums.terms[p] = terms;
            sums.count[p] = terms_[p];
        }
        sums.result = pipeline_.results<float>(lane);
        return check(launch_plane_sums(sums, stream), "launch of psnr_hvs_hip's sums");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        return vmaf::psnr_hvs::write_frame(keys_, result.as<const float>(), terms_.data(), bpc_,
                                           index, sink);
    }

private:
    int device_;
    unsigned bpc_;
    std::array<std::string, 4> keys_;
    std::array<int, 3> w_{}, h_{}, terms_{};
    std::array<PlaneTables, 3> tables_{};
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<std::array<DeviceBuffer, 3>, kLanes> lane_terms_;
    // Last: its streams wait for the work that uses the buffers above.
    FramePipeline pipeline_{"psnr_hvs_hip"};
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = vmaf::psnr_hvs::check_setup(*setup, "psnr_hvs_hip")) return err;
    return create_hip_state<PsnrHvsHip>(state, *setup, "psnr_hvs_hip");
}

} // namespace
} // namespace vmaf::hip::psnr_hvs

extern "C" constinit const VmafExtractor vmaf_extractor_psnr_hvs_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::psnr_hvs::PsnrHvsHip>(
        "psnr_hvs_hip", nullptr, VMAF_EXTRACTOR_CHROMA, vmaf::psnr_hvs::kFeatures,
        vmaf::hip::psnr_hvs::init);
