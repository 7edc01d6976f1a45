// float_moment_hip: the HIP twin of float_moment, bit-exact (moment_kernel.h
// says why): the GPU sums the samples and their float squares, the
// moments are the CPU's float_moment::moments_of.
#include <string>

#include "feature/moment/float_moment_math.h"
#include "hip/moment/luma_sums.h"
#include "hip/runtime/hip_extractor.h"

namespace vmaf::hip::moment {
namespace {

struct MomentReport {
    std::array<std::string, 4> keys;

    int operator()(const FrameSums &s, unsigned index, VmafFeatureSink *sink) const
    {
        const float_moment::Moments r = float_moment::moments_of(s.ref, s.ref_squared, s.samples);
        const float_moment::Moments d = float_moment::moments_of(s.dis, s.dis_squared, s.samples);
        int err = vmaf_sink_append(sink, keys[0].c_str(), r.first, index);
        err |= vmaf_sink_append(sink, keys[1].c_str(), d.first, index);
        err |= vmaf_sink_append(sink, keys[2].c_str(), r.second, index);
        err |= vmaf_sink_append(sink, keys[3].c_str(), d.second, index);
        return err;
    }
};

class FloatMomentHip : public LumaSumsTwin<MomentReport> {
public:
    FloatMomentHip(const VmafExtractorSetup &setup, const VmafHipState &state)
        : LumaSumsTwin(setup, state, "float_moment_hip",
                       MomentReport{{setup.feature_names[0], setup.feature_names[1],
                                     setup.feature_names[2], setup.feature_names[3]}})
    {}
};

int init(void **state, const VmafExtractorSetup *setup)
{
    return create_hip_state<FloatMomentHip>(state, *setup, "float_moment_hip");
}

} // namespace
} // namespace vmaf::hip::moment

extern "C" constinit const VmafExtractor vmaf_extractor_float_moment_hip =
    vmaf::hip::hip_extractor_entry<vmaf::hip::moment::FloatMomentHip>(
        "float_moment_hip", nullptr, 0, vmaf::float_moment::kFeatures, vmaf::hip::moment::init);
