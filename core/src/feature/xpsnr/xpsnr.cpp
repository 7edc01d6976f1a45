// xpsnr: XPSNR as FFmpeg 7.1's xpsnr filter prints it, the reference first
// (its activity weighs the blocks). The CPU reference; the arithmetic is
// xpsnr_math's.
#include <cstdint>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/xpsnr/xpsnr_description.h"
#include "feature/xpsnr/xpsnr_math.h"
#include "feature/xpsnr/xpsnr_setup.h"

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
    Xpsnr(const VmafExtractorSetup &setup, const Layout &layout) : depth_(setup.bpc), layout_(layout)
    {
        for (int c = 0; c < layout.planes; c++) keys_[c] = setup.feature_names[c];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        FrameInputs in{};
        for (int c = 0; c < layout_.planes; c++) {
            in.ref[c] = view_of(*frame.ref, static_cast<unsigned>(c), ref_[c]);
            in.dis[c] = view_of(*frame.dis, static_cast<unsigned>(c), dis_[c]);
        }
        // Without pictures (the first frames) the history reads as zeros, as
        // the filter's starts.
        if (layout_.temporal && frame.prev_ref) in.prev1 = view_of(*frame.prev_ref, 0, prev_[0]);
        if (layout_.temporal && frame.prev_prev_ref) in.prev2 = view_of(*frame.prev_prev_ref, 0, prev_[1]);
        block_sums(in, layout_, sums_);
        uint64_t wsse[3];
        weighted_sse(sums_, layout_, depth_, weight_, wsse);
        for (int c = 0; c < layout_.planes; c++) {
            const double v = plane_xpsnr(wsse[c], layout_.w[c], layout_.h[c], depth_);
            if (int err = vmaf_sink_append(sink, keys_[c].c_str(), v, frame.index)) return err;
        }
        return 0;
    }

private:
    unsigned depth_;
    Layout layout_;
    std::string keys_[3];
    std::vector<int16_t> ref_[3], dis_[3], prev_[2];
    BlockSums sums_;
    std::vector<double> weight_;
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
