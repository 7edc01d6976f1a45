// psnr: peak signal-to-noise ratio per plane, the CPU reference.
#include <cerrno>
#include <cstdint>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/psnr/psnr_options.h"
#include "feature/psnr/psnr_report.h"

namespace vmaf::psnr {
namespace {

template <typename Sample>
uint64_t plane_sse(const VmafPicture &ref, const VmafPicture &dis, unsigned p, unsigned w,
                   unsigned h)
{
    uint64_t sse = 0;
    const auto *r = static_cast<const uint8_t *>(ref.data[p]);
    const auto *d = static_cast<const uint8_t *>(dis.data[p]);
    for (unsigned y = 0; y < h; y++) {
        const auto *rr = reinterpret_cast<const Sample *>(r + y * ref.stride[p]);
        const auto *dd = reinterpret_cast<const Sample *>(d + y * dis.stride[p]);
        uint64_t row = 0;
        for (unsigned x = 0; x < w; x++) {
            const int64_t e = int64_t{rr[x]} - int64_t{dd[x]};
            row += static_cast<uint64_t>(e * e);
        }
        sse += row;
    }
    return sse;
}

int init(void **state, const VmafExtractorSetup *setup)
{
    return create_state<Reporter>(state, *setup);
}

int extract(void *state, const VmafExtractorFrame *frame, VmafFeatureSink *sink)
{
    auto *reporter = static_cast<Reporter *>(state);
    uint64_t sse[3] = {};
    for (unsigned p = 0; p < reporter->planes(); p++) {
        const unsigned w = reporter->plane_width(p), h = reporter->plane_height(p);
        sse[p] = frame->ref->bpc > 8 ? plane_sse<uint16_t>(*frame->ref, *frame->dis, p, w, h)
                                     : plane_sse<uint8_t>(*frame->ref, *frame->dis, p, w, h);
    }
    return reporter->report(sse, frame->index, sink);
}

} // namespace
} // namespace vmaf::psnr

extern "C" const VmafExtractor vmaf_extractor_psnr = {
    "psnr",
    vmaf::psnr::kOptions,
    // apsnr sums over the whole clip in one instance, as the reference does.
    VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_CHROMA,
    vmaf::psnr::kFeatures,
    vmaf::psnr::init,
    vmaf::psnr::extract,
    vmaf::flush_state<vmaf::psnr::Reporter>,
    vmaf::close_state<vmaf::psnr::Reporter>,
    nullptr,
};
