// ciede_hip: the HIP twin of ciede, within 1e-6 of it (ciede.hip says
// why): the GPU sums the pixels' differences, the score is the CPU's
// ciede::score.
#include <cerrno>
#include <string>

#include "base/log.h"
#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/ciede/ciede_math.h"
#include "hip/ciede/ciede_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/twin.h"
#include "feature/ciede/ciede_description.h"

namespace vmaf::hip::ciede {
namespace {

class CiedeWork {
public:
    static constexpr const char *kName = "ciede_hip";

    explicit CiedeWork(const VmafExtractorSetup &setup) : key_(setup.feature_names[0])
    {
        unsigned pw[3], ph[3];
        plane_sizes(setup.pix_fmt, setup.w, setup.h, pw, ph);
        args_.w = static_cast<int>(setup.w);
        args_.h = static_cast<int>(setup.h);
        args_.chroma_w = static_cast<int>(pw[1]);
        args_.chroma_h = static_cast<int>(ph[1]);
        // As the CPU: chroma repeated onto the luma grid.
        args_.ss_x = setup.pix_fmt != VMAF_PIX_FMT_YUV444P ? 1 : 0;
        args_.ss_y = setup.pix_fmt == VMAF_PIX_FMT_YUV420P ? 1 : 0;
        args_.bpc = setup.bpc;
    }

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape)
    {
        if (int err = row_sums_.allocate(static_cast<size_t>(args_.h) * sizeof(double))) return err;
        shape.planes = 3;
        shape.result_bytes = sizeof(double);
        return 0;
    }

    int enqueue(const FrameWork &f) const
    {
        CiedeArgs a = args_;
        for (unsigned p = 0; p < 3; p++) {
            a.ref[p] = f.ref.plane(p);
            a.dis[p] = f.dis.plane(p);
        }
        return check(
            [&] {
                return launch_ciede(a, row_sums_.as<double>(), f.results_as<double>(), f.stream);
            },
            "launch of ciede_hip's kernels");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        const double pixels = static_cast<double>(args_.w) * static_cast<double>(args_.h);
        return vmaf_sink_append(sink, key_.c_str(),
                                vmaf::ciede::score(*result.as<const double>(), pixels), index);
    }

private:
    std::string key_;
    CiedeArgs args_{};
    // One lane: the row sums are the lane's intermediates.
    DeviceBuffer row_sums_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (setup->pix_fmt == VMAF_PIX_FMT_YUV400P) {
        log_error("ciede_hip: needs chroma planes, and the input is YUV 4:0:0");
        return -EINVAL;
    }
    return create_twin<CiedeWork>(state, *setup);
}

} // namespace
} // namespace vmaf::hip::ciede

extern "C" constinit const VmafExtractor vmaf_extractor_ciede_hip =
    vmaf::hip::twin_entry<vmaf::hip::ciede::CiedeWork>(vmaf::ciede::kDescription,
                                                       vmaf::hip::ciede::init);
