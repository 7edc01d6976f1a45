// speed_temporal: SpEED of the frame differences of luma (each frame less
// the next), the CPU reference, as libvmaf's speed_temporal computes it.
// Temporal: it keeps the previous frame's planes; the first frame scores 0.
#include <cerrno>
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_picture.h"
#include "feature/speed/speed_options.h"
#include "feature/speed/speed_score.h"

namespace vmaf::speed {
namespace {

class SpeedTemporal {
public:
    SpeedTemporal(const VmafExtractorSetup &setup, const SpeedParams &params, const SpeedSize &size)
        : key_(setup.feature_names[0]), use_ref_diff_(setup.options[kUseRefDiff].b),
          scorer_(params, size, setup.cpu_flags)
    {
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        plane_to_float(*frame.ref, 0, ref_, -128.0f);
        plane_to_float(*frame.dis, 0, dis_, -128.0f);
        double score = 0.0;
        if (have_prev_) {
            // The previous frame less this one; with use_ref_diff the
            // distorted's previous frame less the reference's current one.
            difference(prev_ref_, ref_, ref_diff_);
            difference(prev_dis_, use_ref_diff_ ? ref_ : dis_, dis_diff_);
            // Unclipped: the reference applies speed_max_val to speed_chroma only.
            score = scorer_.score(ref_diff_, dis_diff_).score;
        }
        std::swap(prev_ref_, ref_);
        std::swap(prev_dis_, dis_);
        have_prev_ = true;
        return vmaf_sink_append(sink, key_.c_str(), score, frame.index);
    }

private:
    static void difference(const FloatPlane &a, const FloatPlane &b, FloatPlane &out)
    {
        out.resize(a.w, a.h);
        for (size_t i = 0; i < out.size(); i++) out.px[i] = a.px[i] - b.px[i];
    }

    std::string key_;
    bool use_ref_diff_;
    SpeedScorer scorer_;
    bool have_prev_ = false;
    FloatPlane ref_, dis_, prev_ref_, prev_dis_, ref_diff_, dis_diff_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    SpeedParams params;
    SpeedSize size;
    if (int err = read_setup(setup->options, static_cast<int>(setup->w), static_cast<int>(setup->h),
                             "speed_temporal", params, size))
        return err;
    *state = new SpeedTemporal(*setup, params, size);
    return 0;
}

} // namespace
} // namespace vmaf::speed

extern "C" constinit const VmafExtractor vmaf_extractor_speed_temporal =
    vmaf::extractor_entry<vmaf::speed::SpeedTemporal>(vmaf::speed::kTemporalDescription,
                                                      vmaf::speed::init);
