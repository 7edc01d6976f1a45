// float_moment: first and second moments (mean, mean square) of the luma of
// each side, in float samples summed in double as the reference does.
#include <string>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_picture.h"
#include "feature/moment/float_moment_math.h"
#include "base/first_error.h"
#include "feature/moment/float_moment_description.h"

namespace vmaf::float_moment {
namespace {

Moments moments(const FloatPlane &img)
{
    double sum = 0, sum_sq = 0;
    for (const float v : img.samples()) {
        sum += v;
        sum_sq += v * v; // squared in float, as the reference
    }
    return moments_of(sum, sum_sq, static_cast<double>(img.w * img.h));
}

class FloatMoment {
public:
    explicit FloatMoment(const VmafExtractorSetup &setup)
    {
        for (int i = 0; i < 4; i++) keys_[i] = setup.feature_names[i];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_);
        luma_to_float(*frame.dis, dis_);
        const Moments r = moments(ref_), d = moments(dis_);
        int err = vmaf_sink_append(sink, keys_[0].c_str(), r.first, frame.index);
        err = first_error(err, vmaf_sink_append(sink, keys_[1].c_str(), d.first, frame.index));
        err = first_error(err, vmaf_sink_append(sink, keys_[2].c_str(), r.second, frame.index));
        err = first_error(err, vmaf_sink_append(sink, keys_[3].c_str(), d.second, frame.index));
        return err;
    }

private:
    std::string keys_[4];
    FloatPlane ref_, dis_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    return create_state<FloatMoment>(state, *setup);
}

} // namespace
} // namespace vmaf::float_moment

extern "C" constinit const VmafExtractor vmaf_extractor_float_moment =
    vmaf::extractor_entry<vmaf::float_moment::FloatMoment>(vmaf::float_moment::kDescription,
                                                           vmaf::float_moment::init);
