// speed_chroma: SpEED of the two chroma planes, and of both together, the
// CPU reference, as libvmaf's speed_chroma computes it.
#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "base/log.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_picture.h"
#include "feature/speed/speed_options.h"
#include "feature/speed/speed_score.h"

namespace vmaf::speed {
namespace {

class SpeedChroma {
public:
    SpeedChroma(const VmafExtractorSetup &setup, const SpeedParams &params, const SpeedSize &size)
        : max_val_(setup.options[kMaxVal].d), scorer_(params, size, setup.cpu_flags)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        SpeedResult plane[2];
        for (unsigned p = 1; p <= 2; p++) {
            plane_to_float(*frame.ref, p, ref_, -128.0f);
            plane_to_float(*frame.dis, p, dis_, -128.0f);
            plane[p - 1] = scorer_.score(ref_, dis_);
        }
        const auto [u, v] = plane;
        // A singular plane (a flat one, say) takes the other's score rather
        // than pulling the mean down.
        const float uv = u.singular && !v.singular   ? v.score
                         : v.singular && !u.singular ? u.score
                                                     : static_cast<float>((u.score + v.score) / 2.0);
        const float scores[] = {u.score, v.score, uv};
        for (int k : {kU, kV, kUv}) {
            const double clipped = std::min(static_cast<double>(scores[k]), max_val_);
            if (int err = vmaf_sink_append(sink, keys_[k].c_str(), clipped, frame.index)) return err;
        }
        return 0;
    }

private:
    double max_val_;
    SpeedScorer scorer_;
    std::vector<std::string> keys_;
    FloatPlane ref_, dis_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    int w = static_cast<int>(setup->w), h = static_cast<int>(setup->h);
    switch (setup->pix_fmt) {
    case VMAF_PIX_FMT_YUV420P: w /= 2; h /= 2; break;
    case VMAF_PIX_FMT_YUV422P: w /= 2; break;
    case VMAF_PIX_FMT_YUV444P: break;
    default:
        log_error("speed_chroma: scores the chroma planes, and this picture has none");
        return -EINVAL;
    }
    SpeedParams params;
    SpeedSize size;
    if (int err = read_setup(setup->options, w, h, "speed_chroma", params, size)) return err;
    params.weight_var_mode = setup->options[kWeightVarMode].i;
    *state = new SpeedChroma(*setup, params, size);
    return 0;
}

} // namespace
} // namespace vmaf::speed

extern "C" constinit const VmafExtractor vmaf_extractor_speed_chroma =
    vmaf::extractor_entry<vmaf::speed::SpeedChroma>("speed_chroma", vmaf::speed::kChromaOptions,
                                                    VMAF_EXTRACTOR_CHROMA,
                                                    vmaf::speed::kChromaFeatures,
                                                    vmaf::speed::init);
