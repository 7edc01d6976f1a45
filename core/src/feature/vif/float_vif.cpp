// float_vif: Visual Information Fidelity over four scales in float, the
// CPU reference, bit-exact with libvmaf's float_vif.
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_filter.h"
#include "feature/vif/float_vif_math.h"
#include "feature/vif/float_vif_options.h"
#include "feature/vif/float_vif_setup.h"
#include "feature/vif/vif_report.h"

namespace vmaf::float_vif {
namespace {

class FloatVif {
public:
    FloatVif(const VmafExtractorSetup &setup, const FloatVifSetup &s)
        : setup_(s), pyramid_(s.params, setup.cpu_flags)
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_, -128.0f);
        luma_to_float(*frame.dis, dis_, -128.0f);
        const FloatPlane *r = &ref_, *d = &dis_;
        if (setup_.w != ref_.w || setup_.h != ref_.h) {
            floatf::scale_plane(setup_.method, ref_, setup_.w, setup_.h, ref_scaled_);
            floatf::scale_plane(setup_.method, dis_, setup_.w, setup_.h, dis_scaled_);
            r = &ref_scaled_;
            d = &dis_scaled_;
        }
        ScaleScore scores[kScales];
        pyramid_.compute(*r, *d, scores);
        return vif::report_float(scores, setup_.params.skip_scale0, setup_.min_val, setup_.debug,
                                 [&](int key, double v) {
                                     return vmaf_sink_append(sink, keys_[key].c_str(), v,
                                                             frame.index);
                                 });
    }

private:
    FloatVifSetup setup_;
    std::vector<std::string> keys_;
    Pyramid pyramid_;
    FloatPlane ref_, dis_, ref_scaled_, dis_scaled_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    FloatVifSetup s;
    if (int err = read_setup(*setup, "float_vif", s)) return err;
    *state = new FloatVif(*setup, s);
    return 0;
}

} // namespace
} // namespace vmaf::float_vif

extern "C" constinit const VmafExtractor vmaf_extractor_float_vif =
    vmaf::extractor_entry<vmaf::float_vif::FloatVif>(vmaf::float_vif::kDescription,
                                                     vmaf::float_vif::init);
