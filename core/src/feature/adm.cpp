// adm: integer Additive Detail Measure (adm2, aim, adm3 and per-scale
// ratios), the CPU reference, bit-exact with libvmaf's integer_adm.
#include <cerrno>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "feature/adm_compute.h"
#include "feature/adm_options.h"
#include "feature/adm_report.h"
#include "feature/extractor.h"
#include "feature/extractor_state.h"
#include "log.h"

namespace vmaf::adm {
namespace {

struct State {
    Computer computer;
    bool debug;
    double dlm_weight, min_val;
    std::vector<std::string> keys; // by FeatureIndex
};

Params params_from(const VmafOptionValue *opt)
{
    Params p;
    p.csf.norm_view_dist = opt[kNormViewDist].d;
    p.csf.ref_display_height = opt[kRefDisplayHeight].i;
    p.csf.mode = opt[kCsfMode].i;
    p.csf.scale = opt[kCsfScale].d;
    p.csf.diag_scale = opt[kCsfDiagScale].d;
    p.enhn_gain_limit = opt[kEnhnGainLimit].d;
    p.noise_weight = opt[kNoiseWeight].d;
    p.skip_aim = opt[kSkipAim].b;
    p.skip_scale0 = opt[kSkipScale0].b;
    return p;
}

int init(void **state, const VmafExtractorSetup *setup)
{
    if (setup->w < kMinSize || setup->h < kMinSize) {
        log_error("adm: {}x{} is too small, the 4-scale transform needs at least {}x{}",
                  setup->w, setup->h, kMinSize, kMinSize);
        return -EINVAL;
    }
    const Params p = params_from(setup->options);
    // The 16-bit pipeline of scale 0 cannot hold the CSF factors of lower
    // angular frequencies (the reference refuses them too).
    if (p.csf.norm_view_dist * p.csf.ref_display_height < 3.0 * 1080) {
        log_error("adm: adm_norm_view_dist * adm_ref_display_height is {}, it must be at "
                  "least 3240 (3.0 x 1080)",
                  p.csf.norm_view_dist * p.csf.ref_display_height);
        return -EINVAL;
    }
    if (!csf_defined(p.csf)) {
        log_error("adm: adm_csf_mode {} is tabulated for adm_ref_display_height 480, 720, 1080 "
                  "or 2160 at adm_norm_view_dist 3 or 5 (or 2160 at 1.5), not {} at {}",
                  p.csf.mode, p.csf.ref_display_height, p.csf.norm_view_dist);
        return -EINVAL;
    }
    try {
        std::vector<std::string> keys;
        for (size_t k = 0; kFeatures[k]; k++) keys.emplace_back(setup->feature_names[k]);
        *state = new State{Computer(p, static_cast<int>(setup->w), static_cast<int>(setup->h)),
                           setup->options[kDebug].b, setup->options[kDlmWeight].d,
                           setup->options[kMinVal].d, std::move(keys)};
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
    const double blend = r.adm2 * s->dlm_weight + (1 - r.aim) * (1 - s->dlm_weight);
    return report(r, blend, s->min_val, s->debug, s->keys, frame->index, sink);
}

} // namespace
} // namespace vmaf::adm

extern "C" const VmafExtractor vmaf_extractor_adm = {
    "adm",
    vmaf::adm::kOptions,
    0,
    vmaf::adm::kFeatures,
    vmaf::adm::init,
    vmaf::adm::extract,
    nullptr,
    vmaf::close_state<vmaf::adm::State>,
};
