// float_moment_hip: the HIP twin of float_moment, bit-exact (moment_kernel.h
// says why): the GPU sums the samples and their float squares, the
// moments are the CPU's float_moment::moments_of.
#include <array>
#include <string>

#include "base/first_error.h"
#include "feature/moment/float_moment_math.h"
#include "hip/moment/luma_sums.h"
#include "hip/runtime/twin.h"
#include "feature/moment/float_moment_description.h"

namespace vmaf::hip::moment {
namespace {

struct MomentReport {
    std::array<std::string, 4> keys;

    int operator()(const FrameSums &s, unsigned index, VmafFeatureSink *sink) const
    {
        const float_moment::Moments r = float_moment::moments_of(s.ref, s.ref_squared, s.samples);
        const float_moment::Moments d = float_moment::moments_of(s.dis, s.dis_squared, s.samples);
        int err = vmaf_sink_append(sink, keys[0].c_str(), r.first, index);
        err = first_error(err, vmaf_sink_append(sink, keys[1].c_str(), d.first, index));
        err = first_error(err, vmaf_sink_append(sink, keys[2].c_str(), r.second, index));
        err = first_error(err, vmaf_sink_append(sink, keys[3].c_str(), d.second, index));
        return err;
    }
};

struct FloatMomentWork : LumaSums<MomentReport> {
    static constexpr const char *kName = "float_moment_hip";

    explicit FloatMomentWork(const VmafExtractorSetup &setup)
        : LumaSums(setup, MomentReport{{setup.feature_names[0], setup.feature_names[1],
                                        setup.feature_names[2], setup.feature_names[3]}})
    {}
};

} // namespace
} // namespace vmaf::hip::moment

extern "C" constinit const VmafExtractor vmaf_extractor_float_moment_hip =
    vmaf::hip::twin_entry<vmaf::hip::moment::FloatMomentWork>(
        vmaf::float_moment::kDescription, vmaf::hip::init_twin<vmaf::hip::moment::FloatMomentWork>);
