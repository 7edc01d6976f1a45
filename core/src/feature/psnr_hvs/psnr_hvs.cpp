// psnr_hvs: PSNR-HVS-M (Ponomarenko et al.) as Xiph's Daala tools compute it
// and the reference embeds it: 8x8 blocks on a 7-pixel grid, Daala's integer
// DCT, errors weighted by a contrast sensitivity table and reduced by the
// block's contrast masking. The CPU reference.
#include <array>
#include <cstdint>
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "feature/psnr_hvs/psnr_hvs_setup.h"

namespace vmaf::psnr_hvs {
namespace {

// The float sum of the plane's block terms, block by block in raster order.
template <typename Sample>
float plane_sum(const VmafPicture &ref, const VmafPicture &dis, unsigned p, const Csf &csf,
                int &terms)
{
    float mask[8][8];
    masking_table(csf, mask);
    const int w = static_cast<int>(ref.w[p]), h = static_cast<int>(ref.h[p]);
    const auto *rbase = static_cast<const uint8_t *>(ref.data[p]);
    const auto *dbase = static_cast<const uint8_t *>(dis.data[p]);
    float sum = 0;
    int32_t s[64], d[64];
    for (int y = 0; y < h - 7; y += 7) {
        for (int x = 0; x < w - 7; x += 7) {
            for (int i = 0; i < 8; i++) {
                const auto *rr = reinterpret_cast<const Sample *>(rbase + (y + i) * ref.stride[p]);
                const auto *dd = reinterpret_cast<const Sample *>(dbase + (y + i) * dis.stride[p]);
                for (int j = 0; j < 8; j++) {
                    s[i * 8 + j] = rr[x + j];
                    d[i * 8 + j] = dd[x + j];
                }
            }
            block_terms(s, d, csf, mask, [&](int, float term) { sum += term; });
        }
    }
    terms = block_count(w) * block_count(h) * 64;
    return sum;
}

class PsnrHvs {
public:
    explicit PsnrHvs(const VmafExtractorSetup &setup)
    {
        for (int i = 0; i < 4; i++) keys_[i] = setup.feature_names[i];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        const unsigned bpc = frame.ref->bpc;
        float sums[3];
        int terms[3];
        for (unsigned p = 0; p < 3; p++) {
            sums[p] = bpc > 8 ? plane_sum<uint16_t>(*frame.ref, *frame.dis, p, *kCsf[p], terms[p])
                              : plane_sum<uint8_t>(*frame.ref, *frame.dis, p, *kCsf[p], terms[p]);
        }
        return write_frame(keys_, sums, terms, bpc, frame.index, sink);
    }

private:
    std::array<std::string, 4> keys_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_setup(*setup, "psnr_hvs")) return err;
    return create_state<PsnrHvs>(state, *setup);
}

} // namespace
} // namespace vmaf::psnr_hvs

extern "C" constinit const VmafExtractor vmaf_extractor_psnr_hvs =
    vmaf::extractor_entry<vmaf::psnr_hvs::PsnrHvs>(vmaf::psnr_hvs::kDescription,
                                                   vmaf::psnr_hvs::init);
