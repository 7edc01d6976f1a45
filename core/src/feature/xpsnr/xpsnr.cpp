// xpsnr: XPSNR as FFmpeg 7.1's xpsnr filter prints it, the reference first
// (its activity weighs the blocks). The CPU reference; the arithmetic is
// xpsnr_math's.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/xpsnr/xpsnr_description.h"
#include "feature/xpsnr/xpsnr_math.h"
#include "feature/xpsnr/xpsnr_setup.h"
#include "feature/xpsnr/xpsnr_summary.h"

namespace vmaf::xpsnr {
namespace {

// A plane as the filter reads it: 16-bit samples as int16 (their bits), 8-bit
// samples widened into `store`.
PlaneView view_of(const VmafPicture &pic, unsigned p, std::vector<int16_t> &store)
{
    const int w = static_cast<int>(pic.w[p]), h = static_cast<int>(pic.h[p]);
    if (pic.bpc > 8)
        return {static_cast<const int16_t *>(pic.data[p]), w, h, static_cast<int>(pic.stride[p] / 2)};
    store.resize(static_cast<size_t>(w) * static_cast<size_t>(h));
    for (int y = 0; y < h; y++) {
        const auto *row = static_cast<const uint8_t *>(pic.data[p]) + static_cast<size_t>(y) * pic.stride[p];
        int16_t *out = store.data() + static_cast<size_t>(y) * static_cast<size_t>(w);
        for (int x = 0; x < w; x++) out[x] = row[x];
    }
    return {store.data(), w, h, w};
}

class Xpsnr {
public:
    Xpsnr(const VmafExtractorSetup &setup, const Layout &layout)
        : depth_(setup.bpc), layout_(layout), summary_(setup.options[kAverage].b)
    {
        for (int c = 0; c < layout.planes; c++) keys_[c] = setup.feature_names[c];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        FrameInputs in{};
        // An 8-bit reference luma is widened once and kept for the next two
        // frames' temporal term (frames come in order: xpsnr is temporal).
        const bool keep = depth_ <= 8 && layout_.temporal;
        Widened &luma = lumas_[frame.index % lumas_.size()];
        for (int c = 0; c < layout_.planes; c++) {
            in.ref[c] = view_of(*frame.ref, static_cast<unsigned>(c), keep && c == 0 ? luma.px : ref_[c]);
            in.dis[c] = view_of(*frame.dis, static_cast<unsigned>(c), dis_[c]);
        }
        if (keep) {
            luma.index = frame.index;
            luma.valid = true;
        }
        // Without pictures (the first frames) the history reads as zeros, as
        // the filter's starts.
        if (layout_.temporal && frame.prev_ref) in.prev1 = previous(*frame.prev_ref, frame.index, 1);
        if (layout_.temporal && frame.prev_prev_ref) in.prev2 = previous(*frame.prev_prev_ref, frame.index, 2);
        block_sums(in, layout_, sums_);
        uint64_t wsse[3];
        weighted_sse(sums_, layout_, depth_, weight_, wsse);
        double v[3] = {};
        for (int c = 0; c < layout_.planes; c++) {
            v[c] = plane_xpsnr(wsse[c], layout_.w[c], layout_.h[c], depth_);
            if (int err = vmaf_sink_append(sink, keys_[c].c_str(), v[c], frame.index)) return err;
        }
        summary_.add(wsse, v, layout_.planes);
        return 0;
    }

    int flush(VmafFeatureSink *sink) { return summary_.write(sink, layout_, depth_); }

private:
    struct Widened {
        std::vector<int16_t> px;
        unsigned index = 0;
        bool valid = false;
    };

    // The luma of frame index - back: kept where it was widened, else from
    // the engine's picture.
    PlaneView previous(const VmafPicture &pic, unsigned index, unsigned back)
    {
        const Widened &kept = lumas_[(index - back) % lumas_.size()];
        if (depth_ <= 8 && index >= back && kept.valid && kept.index == index - back)
            return {kept.px.data(), layout_.w[0], layout_.h[0], layout_.w[0]};
        return view_of(pic, 0, prev_[back - 1]);
    }

    unsigned depth_;
    Layout layout_;
    std::string keys_[3];
    std::vector<int16_t> ref_[3], dis_[3], prev_[2];
    std::array<Widened, 3> lumas_;
    BlockSums sums_;
    std::vector<double> weight_;
    Summary summary_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    Layout layout;
    if (int err = read_setup(*setup, "xpsnr", layout)) return err;
    *state = new Xpsnr(*setup, layout);
    return 0;
}

} // namespace
} // namespace vmaf::xpsnr

extern "C" constinit const VmafExtractor vmaf_extractor_xpsnr =
    vmaf::extractor_entry<vmaf::xpsnr::Xpsnr>(vmaf::xpsnr::kDescription, vmaf::xpsnr::init);
