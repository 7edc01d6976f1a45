// psnr_hvs_hip: the HIP twin of psnr_hvs, bit-exact (psnr_hvs.hip says
// why). The GPU computes the error terms of every block of the three planes
// and their float sums in the CPU's order (each plane's terms folded ahead
// in segments, runtime/float_chain.h); the host writes the keys with
// psnr_hvs's write_frame.
//
// Its FramePipeline overlaps the next frames' copies with the kernels, replays
// each frame's launches as a graph, runs several frames at once (one per lane:
// a frame's sums are long sequential chains) and reads the three sums back.
#include <array>
#include <string>

#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "feature/psnr_hvs/psnr_hvs_setup.h"
#include "hip/psnr_hvs/psnr_hvs_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"

namespace vmaf::hip::psnr_hvs {
namespace {

using vmaf::psnr_hvs::block_count;

class PsnrHvsWork {
public:
    static constexpr const char *kName = "psnr_hvs_hip";

    explicit PsnrHvsWork(const VmafExtractorSetup &setup) : bpc_(setup.bpc)
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

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        for (unsigned l = 0; l < kLanes; l++)
            for (int p = 0; p < 3; p++) {
                if (int err = lane_terms_[l][p].allocate(static_cast<size_t>(terms_[p]) *
                                                         sizeof(float)))
                    return err;
                if (int err = lane_scratch_[l][p].allocate(plane_sum_scratch_bytes(terms_[p])))
                    return err;
            }
        shape.planes = 3;
        shape.result_bytes = 3 * sizeof(float);
        shape.lanes = kLanes;
        return 0;
    }

    int enqueue(const FrameWork &f)
    {
        PlaneSums sums{};
        for (unsigned p = 0; p < 3; p++) {
            float *terms = lane_terms_[f.lane][p].as<float>();
            if (int err = check(
                    [&] {
                        return launch_block_terms(f.ref.plane(p), f.dis.plane(p), w_[p], h_[p],
                                                  bpc_ > 8, tables_[p], terms, f.stream);
                    },
                    "launch of psnr_hvs_hip's block terms"))
                return err;
            sums.terms[p] = terms;
            sums.count[p] = terms_[p];
            sums.scratch[p] = lane_scratch_[f.lane][p].as<void>();
        }
        sums.result = f.results_as<float>();
        return check([&] { return launch_plane_sums(sums, f.stream); },
                     "launch of psnr_hvs_hip's sums");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        return vmaf::psnr_hvs::write_frame(keys_, result.as<const float>(), terms_.data(), bpc_,
                                           index, sink);
    }

private:
    unsigned bpc_;
    std::array<std::string, 4> keys_;
    std::array<int, 3> w_{}, h_{}, terms_{};
    std::array<PlaneTables, 3> tables_{};
    static constexpr unsigned kLanes = FramePipeline::kMaxLanes;
    std::array<std::array<DeviceBuffer, 3>, kLanes> lane_terms_, lane_scratch_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = vmaf::psnr_hvs::check_setup(*setup, PsnrHvsWork::kName)) return err;
    return create_twin<PsnrHvsWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::psnr_hvs

extern "C" constinit const VmafExtractor vmaf_extractor_psnr_hvs_hip =
    vmaf::hip::twin_entry<vmaf::hip::psnr_hvs::PsnrHvsWork>(vmaf::psnr_hvs::kDescription,
                                                            vmaf::hip::psnr_hvs::init);
