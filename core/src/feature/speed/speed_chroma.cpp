// speed_chroma: SpEED of the two chroma planes, and of both together, the
// CPU reference, as libvmaf's speed_chroma computes it.
#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_picture.h"
#include "feature/speed/speed_math.h"
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
        const float uv = combined_uv(u.score, u.singular, v.score, v.singular);
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
    SpeedParams params;
    SpeedSize size;
    if (int err = read_chroma_setup(*setup, "speed_chroma", params, size)) return err;
    *state = new SpeedChroma(*setup, params, size);
    return 0;
}

} // namespace
} // namespace vmaf::speed

extern "C" constinit const VmafExtractor vmaf_extractor_speed_chroma =
    vmaf::extractor_entry<vmaf::speed::SpeedChroma>(vmaf::speed::kChromaDescription,
                                                    vmaf::speed::init);
