// adm: integer Additive Detail Measure (adm2, aim, adm3 and per-scale
// ratios), the CPU reference, bit-exact with libvmaf's integer_adm.
#include <cerrno>

#include "base/log.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/adm/adm_compute.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/adm_options.h"
#include "feature/adm/adm_setup.h"

namespace vmaf::adm {
namespace {

IntegerAdmParams params_from(const VmafOptionValue *opt)
{
    IntegerAdmParams p;
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

} // namespace

int read_setup(const VmafExtractorSetup &setup, const char *name, IntegerAdmParams *params,
               AdmOutput *output)
{
    if (setup.w < kMinSize || setup.h < kMinSize) {
        log_error("{}: {}x{} is too small, the 4-scale transform needs at least {}x{}", name,
                  setup.w, setup.h, kMinSize, kMinSize);
        return -EINVAL;
    }
    const IntegerAdmParams p = params_from(setup.options);
    // The 16-bit pipeline of scale 0 cannot hold the CSF factors of lower
    // angular frequencies (the reference refuses them too).
    if (p.csf.norm_view_dist * p.csf.ref_display_height < 3.0 * 1080) {
        log_error("{}: adm_norm_view_dist * adm_ref_display_height is {}, it must be at "
                  "least 3240 (3.0 x 1080)",
                  name, p.csf.norm_view_dist * p.csf.ref_display_height);
        return -EINVAL;
    }
    if (!csf_defined(p.csf)) {
        log_error("{}: adm_csf_mode {} is tabulated for adm_ref_display_height 480, 720, 1080 "
                  "or 2160 at adm_norm_view_dist 3 or 5 (or 2160 at 1.5), not {} at {}",
                  name, p.csf.mode, p.csf.ref_display_height, p.csf.norm_view_dist);
        return -EINVAL;
    }
    const VmafOptionValue *opt = setup.options;
    *params = p;
    *output = AdmOutput{opt[kDebug].b, false, opt[kDlmWeight].d, opt[kMinVal].d};
    return 0;
}

namespace {

int init(void **state, const VmafExtractorSetup *setup)
{
    IntegerAdmParams p;
    AdmOutput output;
    if (int err = read_setup(*setup, "adm", &p, &output)) return err;
    return create_adm_extractor(
        state,
        [&] {
            return IntegerAdm(p, static_cast<int>(setup->w), static_cast<int>(setup->h),
                              setup->cpu_flags);
        },
        output, setup->feature_names);
}

} // namespace
} // namespace vmaf::adm

extern "C" constinit const VmafExtractor vmaf_extractor_adm =
    vmaf::extractor_entry<vmaf::adm::AdmExtractor<vmaf::adm::IntegerAdm>>(vmaf::adm::kDescription,
                                                                          vmaf::adm::init);
