// float_motion: temporal activity of the reference pictures in float, the
// CPU reference, bit-exact with libvmaf's float_motion. Temporal: it keeps
// the previous blurred picture, scores each frame against it and derives
// motion2/motion3 from all scores at the flush, as integer motion does
// (motion2 of the first frame, always 0, at that frame, as the reference).
#include <algorithm>
#include <cerrno>
#include <span>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_filter.h"
#include "feature/motion/float_motion_math.h"
#include "feature/motion/float_motion_options.h"
#include "base/log.h"

namespace vmaf::float_motion {
namespace {

// Mean |a - b| of two blurred planes; with add_scale1, plus that of both
// halved by bilinear resampling. Float, as the reference returns it.
float plane_motion(const FloatPlane &a, const FloatPlane &b, bool add_scale1,
                   FloatPlane scratch[2])
{
    const float scale0 = floatf::mean_abs_diff(a, b);
    if (!add_scale1) return scale0;
    const int w = static_cast<int>(a.w * 0.5 + 0.5), h = static_cast<int>(a.h * 0.5 + 0.5);
    floatf::scale_plane(floatf::ScaleMethod::kBilinear, a, w, h, scratch[0]);
    floatf::scale_plane(floatf::ScaleMethod::kBilinear, b, w, h, scratch[1]);
    return scale0 + floatf::mean_abs_diff(scratch[0], scratch[1]);
}

class FloatMotion {
public:
    explicit FloatMotion(const VmafExtractorSetup &setup)
        : debug_(setup.options[kDebug].b), force_zero_(setup.options[kForceZero].b),
          add_scale1_(setup.options[kAddScale1].b),
          planes_(setup.options[kAddUv].b ? 3 : 1),
          fps_weight_(setup.options[kFpsWeight].d), max_val_(setup.options[kMaxVal].d),
          taps_(blur_taps(setup.options[kFilterSize].i)), params_(params_of(setup)),
          filter_(setup.cpu_flags)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        if (frame.index != scores_.size()) {
            log_error("float_motion: frame {} came after {} frames; motion needs every frame in "
                      "order", frame.index, scores_.size());
            return -EINVAL;
        }
        const double score = force_zero_ ? 0.0 : score_of(*frame.ref);
        // The score is weighted here; it is clipped where it is written.
        scores_.push_back(score * fps_weight_);
        return write_frame(keys_, scores_, debug_, max_val_, frame.index, sink);
    }

    int flush(VmafFeatureSink *sink) const
    {
        return write_derived(keys_, scores_, params_, max_val_, sink);
    }

private:
    // The frame's score against the previous frame (0 at the first), and
    // its blurred planes kept for the next one.
    double score_of(const VmafPicture &ref)
    {
        double score = 0.0;
        for (int p = 0; p < planes_; p++) {
            plane_to_float(ref, static_cast<unsigned>(p), picture_, -128.0f);
            filter_.plane(taps_, picture_, blurred_[p][1]);
            if (have_prev_)
                score += plane_motion(blurred_[p][0], blurred_[p][1], add_scale1_, halved_);
            std::swap(blurred_[p][0], blurred_[p][1]);
        }
        have_prev_ = true;
        return score;
    }

    bool debug_, force_zero_, add_scale1_;
    int planes_;
    double fps_weight_, max_val_;
    std::span<const float> taps_;
    motion::MotionParams params_;
    std::vector<std::string> keys_;
    floatf::Filter filter_;
    FloatPlane picture_, blurred_[3][2], halved_[2];
    bool have_prev_ = false;
    std::vector<double> scores_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_setup("float_motion", *setup)) return err;
    *state = new FloatMotion(*setup);
    return 0;
}

} // namespace
} // namespace vmaf::float_motion

extern "C" constinit const VmafExtractor vmaf_extractor_float_motion =
    vmaf::extractor_entry<vmaf::float_motion::FloatMotion>(vmaf::float_motion::kDescription,
                                                           vmaf::float_motion::init);
