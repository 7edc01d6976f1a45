// float_adm: the float Additive Detail Measure (adm2, aim, adm3 and
// per-scale ratios) of libvmaf's float model, the CPU reference, with the
// reference's float arithmetic.
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/adm/adm_extractor.h"
#include "feature/adm/float_adm_compute.h"
#include "feature/adm/float_adm_options.h"
#include "feature/adm/float_adm_setup.h"

namespace vmaf::float_adm {
namespace {

int init(void **state, const VmafExtractorSetup *setup)
{
    FloatAdmParams p;
    adm::AdmOutput output;
    if (int err = read_setup(*setup, "float_adm", p, output)) return err;
    return adm::create_adm_extractor(
        state,
        [&] {
            return FloatAdm(p, static_cast<int>(setup->w), static_cast<int>(setup->h),
                            setup->cpu_flags);
        },
        output, setup->feature_names);
}

} // namespace
} // namespace vmaf::float_adm

extern "C" constinit const VmafExtractor vmaf_extractor_float_adm =
    vmaf::extractor_entry<vmaf::adm::AdmExtractor<vmaf::float_adm::FloatAdm>>(
        vmaf::float_adm::kDescription, vmaf::float_adm::init);
