// float_adm: the float Additive Detail Measure (adm2, aim, adm3 and
// per-scale ratios) of libvmaf's float model, the CPU reference, with the
// reference's float arithmetic.
#include <cerrno>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "feature/extractor.h"
#include "feature/extractor_state.h"
#include "feature/float_adm_compute.h"
#include "feature/adm_report.h"
#include "feature/float_adm_options.h"
#include "log.h"

namespace vmaf::float_adm {
namespace {

struct State {
    Computer computer;
    bool debug, apply_hm;
    double dlm_weight, min_val;
    std::vector<std::string> keys; // by FeatureIndex
};

Params params_from(const VmafOptionValue *opt)
{
    Params p;
    p.csf.csf.norm_view_dist = opt[kNormViewDist].d;
    p.csf.csf.ref_display_height = opt[kRefDisplayHeight].i;
    p.csf.csf.mode = opt[kCsfMode].i;
    p.csf.csf.scale = opt[kCsfScale].d;
    p.csf.csf.diag_scale = opt[kCsfDiagScale].d;
    for (int s = 0; s < adm::kScales; s++) {
        p.csf.override_hv[s] = opt[kF1s0 + s].d;
        p.csf.override_d[s] = opt[kF2s0 + s].d;
    }
    p.enhn_gain_limit = opt[kEnhnGainLimit].d;
    p.noise_weight = opt[kNoiseWeight].d;
    p.p_norm = opt[kPNorm].d;
    p.bypass_cm = opt[kBypassCm].i != 0;
    p.skip_aim_scale = opt[kSkipAimScale].i;
    p.skip_scale0 = opt[kSkipScale0].b;
    return p;
}

int init(void **state, const VmafExtractorSetup *setup)
{
    if (setup->w < kMinSize || setup->h < kMinSize) {
        log_error("float_adm: {}x{} is too small, the 4-scale transform needs at least {}x{}",
                  setup->w, setup->h, kMinSize, kMinSize);
        return -EINVAL;
    }
    const VmafOptionValue *opt = setup->options;
    try {
        std::vector<std::string> keys;
        for (size_t k = 0; kFeatures[k]; k++) keys.emplace_back(setup->feature_names[k]);
        *state = new State{
            Computer(params_from(opt), static_cast<int>(setup->w), static_cast<int>(setup->h)),
            opt[kDebug].b, opt[kApplyHm].b, opt[kDlmWeight].d, opt[kMinVal].d, std::move(keys)};
    } catch (const std::bad_alloc &) {
        return -ENOMEM;
    }
    return 0;
}

int extract(void *state, const VmafExtractorFrame *frame, VmafFeatureSink *sink)
{
    auto *s = static_cast<State *>(state);
    Scores r;
    try {
        r = s->computer.compute(*frame->ref, *frame->dis);
    } catch (const std::bad_alloc &) {
        return -ENOMEM;
    }
    // adm3 combines detail loss and additive impairment, linearly or by the
    // harmonic mean.
    const double blend = s->apply_hm ? 2 * r.adm2 * r.aim / (r.adm2 + r.aim)
                                     : r.adm2 * s->dlm_weight + (1 - r.aim) * (1 - s->dlm_weight);
    return adm::report(r, blend, s->min_val, s->debug, s->keys, frame->index, sink);
}

} // namespace
} // namespace vmaf::float_adm

extern "C" const VmafExtractor vmaf_extractor_float_adm = {
    "float_adm",
    vmaf::float_adm::kOptions,
    0,
    vmaf::float_adm::kFeatures,
    vmaf::float_adm::init,
    vmaf::float_adm::extract,
    nullptr,
    vmaf::close_state<vmaf::float_adm::State>,
};
