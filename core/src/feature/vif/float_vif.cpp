// float_vif: Visual Information Fidelity over four scales in float, the
// CPU reference, bit-exact with libvmaf's float_vif.
#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/float_filter.h"
#include "feature/vif/float_vif_math.h"
#include "feature/vif/float_vif_options.h"
#include "feature/vif/vif_report.h"
#include "engine/log.h"

namespace vmaf::float_vif {
namespace {

FloatVifParams params_of(const VmafOptionValue *o)
{
    return {o[kEnhnGainLimit].d, o[kKernelScale].d, o[kSigmaNsq].d, o[kSkipScale0].b};
}

// The picture size after the prescale, as the reference rounds it.
int prescaled(unsigned n, double prescale) { return static_cast<int>(n * prescale + 0.5); }

class FloatVif {
public:
    FloatVif(const VmafExtractorSetup &setup, floatf::ScaleMethod method)
        : debug_(setup.options[kDebug].b), skip_scale0_(setup.options[kSkipScale0].b),
          method_(method), scaled_w_(prescaled(setup.w, setup.options[kPrescale].d)),
          scaled_h_(prescaled(setup.h, setup.options[kPrescale].d)),
          min_val_{0.0, setup.options[kScale1MinVal].d, setup.options[kScale2MinVal].d,
                   setup.options[kScale3MinVal].d},
          pyramid_(params_of(setup.options))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_, -128.0f);
        luma_to_float(*frame.dis, dis_, -128.0f);
        const FloatPlane *r = &ref_, *d = &dis_;
        if (scaled_w_ != ref_.w || scaled_h_ != ref_.h) {
            floatf::scale_plane(method_, ref_, scaled_w_, scaled_h_, ref_scaled_);
            floatf::scale_plane(method_, dis_, scaled_w_, scaled_h_, dis_scaled_);
            r = &ref_scaled_;
            d = &dis_scaled_;
        }
        ScaleScore scores[kScales];
        pyramid_.compute(*r, *d, scores);
        return write(scores, frame.index, sink);
    }

private:
    int write(const ScaleScore scores[kScales], unsigned index, VmafFeatureSink *sink) const
    {
        auto put = [&](int key, double v) {
            return vmaf_sink_append(sink, keys_[key].c_str(), v, index);
        };
        int err = 0;
        for (int s = 0; s < kScales; s++) {
            double score = static_cast<double>(scores[s].num) / static_cast<double>(scores[s].den);
            if (s == 0) score = skip_scale0_ ? 0.0 : score;
            else score = score > min_val_[s] ? score : min_val_[s];
            err |= put(kScale0 + s, score);
        }
        if (!debug_) return err;
        return err | vif::report_debug(scores, kScales, skip_scale0_, put);
    }

    bool debug_, skip_scale0_;
    floatf::ScaleMethod method_;
    int scaled_w_, scaled_h_;
    double min_val_[kScales];
    std::vector<std::string> keys_;
    Pyramid pyramid_;
    FloatPlane ref_, dis_, ref_scaled_, dis_scaled_;
};

// The reference's bilinear resampling keeps its column tables on the stack
// and refuses wider outputs.
constexpr int kBilinearMaxWidth = 7680;

int init(void **state, const VmafExtractorSetup *setup)
{
    const VmafOptionValue *o = setup->options;
    const char *method_name = o[kPrescaleMethod].s ? o[kPrescaleMethod].s : "";
    const auto method = scale_method(method_name);
    if (!method) {
        log_error("float_vif: vif_prescale_method '{}' is not one of nearest, bilinear, bicubic, "
                  "lanczos4", method_name);
        return -EINVAL;
    }
    if (!valid_kernelscale(o[kKernelScale].d)) {
        log_error("float_vif: vif_kernelscale {} is not one the reference supports (1, 0.5, 1.5, "
                  "2, 2/3, 2.4, 360/97, 4/3, 3.5/3, 3.75/3, 4.25/3, 5/3, 3, 1/2.25, 1.4746, 1.54, "
                  "1.6, 1.06667, 0.711111, 0.74074, 1.111111)", o[kKernelScale].d);
        return -EINVAL;
    }
    const int w = prescaled(setup->w, o[kPrescale].d), h = prescaled(setup->h, o[kPrescale].d);
    if (*method == floatf::ScaleMethod::kBilinear && w > kBilinearMaxWidth) {
        log_error("float_vif: bilinear prescale to width {} exceeds {}", w, kBilinearMaxWidth);
        return -EINVAL;
    }
    if (!size_fits(w, h, params_of(o))) {
        log_error("float_vif: picture {}x{} (prescaled {}x{}) is too small for the Gaussian "
                  "filters of the four scales", setup->w, setup->h, w, h);
        return -EINVAL;
    }
    *state = new FloatVif(*setup, *method);
    return 0;
}

} // namespace
} // namespace vmaf::float_vif

extern "C" constinit const VmafExtractor vmaf_extractor_float_vif =
    vmaf::extractor_entry<vmaf::float_vif::FloatVif>("float_vif", vmaf::float_vif::kOptions, 0,
                                                     vmaf::float_vif::kFeatures,
                                                     vmaf::float_vif::init);
