// xpsnr_hip: the HIP twin of xpsnr. The GPU computes every block's integer
// sums (xpsnr.hip); the host weighs them with xpsnr::weighted_sse, the CPU
// extractor's own double arithmetic, so the scores are the CPU's.
//
// The temporal term reads the reference's last two lumas: the twin keeps
// them on the device itself (copied from each frame's staging after its
// kernel), so it runs its frames in order on one lane and checks that they
// come in order.
#include <array>
#include <cerrno>
#include <cstdint>
#include <string>
#include <vector>

#include "base/log.h"
#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/xpsnr/xpsnr_description.h"
#include "feature/xpsnr/xpsnr_math.h"
#include "feature/xpsnr/xpsnr_setup.h"
#include "feature/xpsnr/xpsnr_summary.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_order.h"
#include "hip/runtime/twin.h"
#include "hip/xpsnr/xpsnr_kernel.h"

namespace vmaf::hip::xpsnr {
namespace {

using vmaf::xpsnr::Layout;

class XpsnrWork {
public:
    static constexpr const char *kName = "xpsnr_hip";

    XpsnrWork(const VmafExtractorSetup &setup, const Layout &layout)
        : layout_(layout), depth_(setup.bpc),
          sample_bytes_(static_cast<unsigned>(bytes_per_sample(setup.bpc))),
          blocks_(layout.cols[0] * layout.rows[0]), summary_(setup.options[vmaf::xpsnr::kAverage].b)
    {
        for (int c = 0; c < layout.planes; c++) keys_[c] = setup.feature_names[c];
    }

    int init(const VmafExtractorSetup &setup, FramePipeline::Shape &shape)
    {
        if (layout_.temporal)
            for (DeviceBuffer &b : history_)
                if (int err = b.allocate(size_t{setup.w} * setup.h * sample_bytes_)) return err;
        shape.planes = static_cast<unsigned>(layout_.planes);
        shape.result_bytes = static_cast<size_t>(blocks_) * kSumsPerBlock * sizeof(unsigned long long);
        // Each frame names the history of its own place in the sequence.
        shape.replay = FramePipeline::Replay::kEachFrameQueued;
        shape.lanes = 1;
        return 0;
    }

    int begin(const VmafExtractorFrame &frame)
    {
        return order_.next(frame.index, kName, "its temporal term needs");
    }

    // Frame n's luma goes to history_[n % 2] after its kernel, so frame n
    // reads frame n - 1 from history_[(n + 1) % 2] and frame n - 2 from
    // history_[n % 2], the stream keeping the order.
    int enqueue(const FrameWork &f) const
    {
        BlockArgs a{};
        for (int c = 0; c < layout_.planes; c++) {
            a.ref[c] = f.ref.plane(static_cast<unsigned>(c));
            a.dis[c] = f.dis.plane(static_cast<unsigned>(c));
            a.w[c] = layout_.w[c];
            a.h[c] = layout_.h[c];
            a.bw[c] = layout_.bw[c];
            a.bh[c] = layout_.bh[c];
        }
        const bool history = layout_.temporal;
        if (history) {
            a.prev1 = f.index >= 1 ? history_[(f.index + 1) % 2].get() : nullptr;
            a.prev2 = f.index >= 2 ? history_[f.index % 2].get() : nullptr;
        }
        a.planes = layout_.planes;
        a.cols = layout_.cols[0];
        a.edge = layout_.edge;
        a.temporal = layout_.temporal;
        a.second_order = layout_.second_order;
        a.sums = f.results_as<unsigned long long>();
        if (int err = check([&] { return launch_block_sums(a, blocks_, sample_bytes_, f.stream); },
                            "launch of xpsnr_hip's block sums"))
            return err;
        if (!history) return 0;
        return check(
            [&] {
                return hipMemcpyAsync(history_[f.index % 2].get(), f.ref.plane(0),
                                      f.ref.samples(0) * sample_bytes_, hipMemcpyDeviceToDevice,
                                      f.stream);
            },
            "hipMemcpyAsync");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
    {
        const auto *r = result.as<const unsigned long long>();
        const auto n = static_cast<size_t>(blocks_);
        for (int c = 0; c < layout_.planes; c++) sums_.sse[c].resize(n);
        sums_.spatial.resize(n);
        sums_.temporal.resize(n);
        for (size_t i = 0; i < n; i++) {
            const unsigned long long *b = r + i * kSumsPerBlock;
            for (int c = 0; c < layout_.planes; c++) sums_.sse[c][i] = b[kSseY + c];
            sums_.spatial[i] = b[kSpatial];
            sums_.temporal[i] = b[kTemporal];
        }
        uint64_t wsse[3];
        vmaf::xpsnr::weighted_sse(sums_, layout_, depth_, weight_, wsse);
        double v[3] = {};
        for (int c = 0; c < layout_.planes; c++) {
            v[c] = vmaf::xpsnr::plane_xpsnr(wsse[c], layout_.w[c], layout_.h[c], depth_);
            if (int err = vmaf_sink_append(sink, keys_[c].c_str(), v[c], index)) return err;
        }
        summary_.add(wsse, v, layout_.planes);
        return 0;
    }

    // After the last frame's report (HipTwin flushes the pipeline first).
    int flush(VmafFeatureSink *sink) { return summary_.write(sink, layout_, depth_); }

private:
    Layout layout_;
    unsigned depth_, sample_bytes_;
    int blocks_;
    std::string keys_[3];
    std::array<DeviceBuffer, 2> history_;
    FrameOrder order_;
    vmaf::xpsnr::BlockSums sums_;
    std::vector<double> weight_;
    vmaf::xpsnr::Summary summary_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    Layout layout;
    if (int err = vmaf::xpsnr::read_setup(*setup, XpsnrWork::kName, layout)) return err;
    return create_twin<XpsnrWork>(state, *setup, layout);
}

} // namespace
} // namespace vmaf::hip::xpsnr

extern "C" constinit const VmafExtractor vmaf_extractor_xpsnr_hip =
    vmaf::hip::twin_entry<vmaf::hip::xpsnr::XpsnrWork>(vmaf::xpsnr::kDescription,
                                                       vmaf::hip::xpsnr::init);
