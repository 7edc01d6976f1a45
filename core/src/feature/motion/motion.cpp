// motion: integer temporal activity of the reference, bit-exact with
// libvmaf's integer_motion. Temporal: it sees frames in order and derives
// motion2/motion3 from all scores at the flush.
#include <cerrno>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/motion/motion_math.h"
#include "feature/motion/motion_options.h"
#include "feature/motion/motion_rows.h"
#include "feature/motion/motion_setup.h"
#include "feature/common/edge.h"
#include "base/log.h"
#include "base/first_error.h"

namespace vmaf::motion {
namespace {

class Motion {
public:
    explicit Motion(const VmafExtractorSetup &setup)
        : w_(setup.w), h_(setup.h), bpc_(setup.bpc), force_zero_(setup.options[kForceZero].b),
          debug_(setup.options[kDebug].b), params_(read_params(setup.options)),
          kernels_(motion_row_kernels(setup.cpu_flags)), y_row_(setup.w + 2 * kRadius)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        if (frame.index != scores_.size()) {
            log_error("motion: frame {} came after {} frames; motion needs every frame in order",
                      frame.index, scores_.size());
            return -EINVAL;
        }
        double score = 0.0;
        if (!force_zero_ && frame.index >= first_scored(params_)) {
            const VmafPicture *prev = params_.five_frame_window ? frame.prev_prev_ref : frame.prev_ref;
            if (!prev) return -EINVAL;
            const uint64_t sad = bpc_ == 8 ? blurred_sad<uint8_t>(*prev, *frame.ref)
                                           : blurred_sad<uint16_t>(*prev, *frame.ref);
            score = score_of_sad(sad, w_, h_, params_);
        }
        scores_.push_back(score);
        int err = vmaf_sink_append(sink, keys_[kSad].c_str(), score, frame.index);
        if (debug_)
            err = first_error(err,
                              vmaf_sink_append(sink, keys_[kMotion].c_str(), score, frame.index));
        return err;
    }

    int flush(VmafFeatureSink *sink) const
    {
        const Derived d = derive(scores_, params_);
        int err = 0;
        for (unsigned i = 0; i < scores_.size(); i++) {
            err = first_error(err, vmaf_sink_append(sink, keys_[kMotion2].c_str(), d.motion2[i], i));
            err = first_error(err, vmaf_sink_append(sink, keys_[kMotion3].c_str(), d.motion3[i], i));
        }
        return err;
    }

private:
    // Sum over the picture of |blur(prev - cur)|, the blur separable with
    // reflected edges, rounded after each direction.
    template <typename Sample>
    uint64_t blurred_sad(const VmafPicture &prev, const VmafPicture &cur)
    {
        const int w = static_cast<int>(w_), h = static_cast<int>(h_);
        uint64_t sad = 0;
        for (int i = 0; i < h; i++) {
            const Sample *p[5], *c[5];
            for (int k = 0; k < 5; k++) {
                const int row = edge::reflect_about_sample(i - kRadius + k, h);
                p[k] = reinterpret_cast<const Sample *>(static_cast<const uint8_t *>(prev.data[0]) +
                                                        row * prev.stride[0]);
                c[k] = reinterpret_cast<const Sample *>(static_cast<const uint8_t *>(cur.data[0]) +
                                                        row * cur.stride[0]);
            }
            if constexpr (sizeof(Sample) == 1) sad += kernels_.row8(p, c, w, bpc_, y_row_.data());
            else sad += kernels_.row16(p, c, w, bpc_, y_row_.data());
        }
        return sad;
    }

    unsigned w_, h_, bpc_;
    bool force_zero_, debug_;
    MotionParams params_;
    const MotionRowKernels &kernels_;
    std::vector<std::string> keys_;
    std::vector<int32_t> y_row_;
    std::vector<double> scores_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_picture_size(*setup, "motion")) return err;
    return create_state<Motion>(state, *setup);
}

} // namespace
} // namespace vmaf::motion

extern "C" constinit const VmafExtractor vmaf_extractor_motion =
    vmaf::extractor_entry<vmaf::motion::Motion>(vmaf::motion::kDescription, vmaf::motion::init);
