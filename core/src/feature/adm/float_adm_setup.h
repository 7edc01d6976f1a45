// What float_adm and its HIP twin read from their setup, checked the same
// way.
#pragma once

#include <cerrno>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/float_adm_compute.h"
#include "feature/adm/float_adm_options.h"

namespace vmaf::float_adm {

// The parameters and output options of float_adm's option values; -EINVAL,
// with a message starting with `name`, for pictures too small for the four
// scales.
inline int read_setup(const VmafExtractorSetup &setup, const char *name, FloatAdmParams &p,
                      adm::AdmOutput &output)
{
    if (setup.w < kMinSize || setup.h < kMinSize) {
        log_error("{}: {}x{} is too small, the 4-scale transform needs at least {}x{}", name,
                  setup.w, setup.h, kMinSize, kMinSize);
        return -EINVAL;
    }
    const VmafOptionValue *opt = setup.options;
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
    output = {opt[kDebug].b, opt[kApplyHm].b, opt[kDlmWeight].d, opt[kMinVal].d};
    return 0;
}

} // namespace vmaf::float_adm
