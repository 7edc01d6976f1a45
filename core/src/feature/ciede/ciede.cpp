// ciede: CIEDE2000 colour difference of every pixel (chroma upsampled to the
// luma grid, YUV taken as BT.709 limited range), averaged and written as
// 45 - 20 log10(mean). The CPU reference; the arithmetic is ciede_math.h's.
#include <cerrno>
#include <cstdint>
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "base/log.h"
#include "feature/ciede/ciede_math.h"
#include "feature/ciede/ciede_description.h"

namespace vmaf::ciede {
namespace {

template <typename Sample>
const Sample *row(const VmafPicture &pic, unsigned p, unsigned y)
{
    return reinterpret_cast<const Sample *>(static_cast<const uint8_t *>(pic.data[p]) +
                                            y * pic.stride[p]);
}

class Ciede {
public:
    explicit Ciede(const VmafExtractorSetup &setup)
        : key_(setup.feature_names[0]),
          // Chroma is upsampled by repeating samples (nearest neighbour), as
          // the reference does for 4:2:0. Its 4:2:2 path indexes chroma rows
          // with luma columns, past their end; here 4:2:2 repeats columns.
          ss_x_(setup.pix_fmt != VMAF_PIX_FMT_YUV444P ? 1 : 0),
          ss_y_(setup.pix_fmt == VMAF_PIX_FMT_YUV420P ? 1 : 0)
    {
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        const double sum = frame.ref->bpc > 8 ? sum_delta_e<uint16_t>(*frame.ref, *frame.dis)
                                              : sum_delta_e<uint8_t>(*frame.ref, *frame.dis);
        const double n = static_cast<double>(frame.ref->w[0]) * frame.ref->h[0];
        return vmaf_sink_append(sink, key_.c_str(), score(sum, n), frame.index);
    }

private:
    template <typename Sample>
    double sum_delta_e(const VmafPicture &ref, const VmafPicture &dis) const
    {
        const unsigned bpc = ref.bpc;
        double sum = 0.;
        const ChromaAt at{ref.w[1], ref.h[1]};
        auto chroma = [&](const VmafPicture &pic, unsigned p, unsigned cx, unsigned cy) -> unsigned {
            const ChromaAt::Where w = at.at(p, cx, cy);
            return w.plane ? row<Sample>(pic, static_cast<unsigned>(w.plane), w.y)[w.x] : 0u;
        };
        for (unsigned i = 0; i < ref.h[0]; i++) {
            const unsigned ci = i >> ss_y_;
            const bool row_inside = ci < at.ch;
            const Sample *ry = row<Sample>(ref, 0, i), *dy = row<Sample>(dis, 0, i);
            const Sample *ru = row<Sample>(ref, 1, row_inside ? ci : 0);
            const Sample *du = row<Sample>(dis, 1, row_inside ? ci : 0);
            const Sample *rv = row<Sample>(ref, 2, row_inside ? ci : 0);
            const Sample *dv = row<Sample>(dis, 2, row_inside ? ci : 0);
            for (unsigned j = 0; j < ref.w[0]; j++) {
                const unsigned cj = j >> ss_x_;
                const bool inside = row_inside && cj < at.cw;
                const unsigned r_u = inside ? ru[cj] : chroma(ref, 1, cj, ci);
                const unsigned d_u = inside ? du[cj] : chroma(dis, 1, cj, ci);
                const unsigned r_v = inside ? rv[cj] : chroma(ref, 2, cj, ci);
                const unsigned d_v = inside ? dv[cj] : chroma(dis, 2, cj, ci);
                // Equal colours differ by exactly 0: skipping them leaves the
                // sum as it was and saves the costly conversion.
                if (ry[j] == dy[j] && r_u == d_u && r_v == d_v) continue;
                const Lab p = to_lab(ry[j], r_u, r_v, bpc);
                const Lab q = to_lab(dy[j], d_u, d_v, bpc);
                sum += delta_e00(p, q);
            }
        }
        return sum;
    }

    std::string key_;
    unsigned ss_x_, ss_y_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (setup->pix_fmt == VMAF_PIX_FMT_YUV400P) {
        log_error("ciede: needs chroma planes, and the input is YUV 4:0:0");
        return -EINVAL;
    }
    return create_state<Ciede>(state, *setup);
}

} // namespace
} // namespace vmaf::ciede

extern "C" constinit const VmafExtractor vmaf_extractor_ciede =
    vmaf::extractor_entry<vmaf::ciede::Ciede>(vmaf::ciede::kDescription, vmaf::ciede::init);
