// psnr: peak signal-to-noise ratio per plane, the CPU reference.
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

// The planes' squared errors, summed here, turned into keys by the Reporter
// (shared with psnr_hip).
class Psnr {
public:
    explicit Psnr(const VmafExtractorSetup &setup) : reporter_(setup) {}

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        uint64_t sse[3] = {};
        for (unsigned p = 0; p < reporter_.planes(); p++) {
            const unsigned w = reporter_.plane_width(p), h = reporter_.plane_height(p);
            sse[p] = frame.ref->bpc > 8 ? plane_sse<uint16_t>(*frame.ref, *frame.dis, p, w, h)
                                        : plane_sse<uint8_t>(*frame.ref, *frame.dis, p, w, h);
        }
        return reporter_.report(sse, frame.index, sink);
    }
    int flush(VmafFeatureSink *sink) const { return reporter_.flush(sink); }

private:
    Reporter reporter_;
};

} // namespace
} // namespace vmaf::psnr

// apsnr sums over the whole clip in one instance, as the reference does.
extern "C" constinit const VmafExtractor vmaf_extractor_psnr =
    vmaf::extractor_entry<vmaf::psnr::Psnr>(vmaf::psnr::kDescription,
                                            vmaf::init_state<vmaf::psnr::Psnr>);
