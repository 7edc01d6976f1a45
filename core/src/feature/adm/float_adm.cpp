// float_adm: the float Additive Detail Measure (adm2, aim, adm3 and
// per-scale ratios) of libvmaf's float model, the CPU reference, with the
// reference's float arithmetic.
#include <cerrno>

#include "engine/log.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/float_adm_compute.h"
#include "feature/adm/float_adm_options.h"

namespace vmaf::float_adm {
namespace {

FloatAdmParams params_from(const VmafOptionValue *opt)
{
    FloatAdmParams p;
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
    const FloatAdmParams p = params_from(opt);
    const adm::AdmOutput output{opt[kDebug].b, opt[kApplyHm].b, opt[kDlmWeight].d,
                                opt[kMinVal].d};
    return adm::create_adm_extractor(
        state, [&] { return FloatAdm(p, static_cast<int>(setup->w), static_cast<int>(setup->h)); },
        output, setup->feature_names);
}

} // namespace
} // namespace vmaf::float_adm

extern "C" constinit const VmafExtractor vmaf_extractor_float_adm =
    vmaf::extractor_entry<vmaf::adm::AdmExtractor<vmaf::float_adm::FloatAdm>>(
        "float_adm", vmaf::float_adm::kOptions, 0, vmaf::float_adm::kFeatures,
        vmaf::float_adm::init);
