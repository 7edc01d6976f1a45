// The module's entry point: the twins and the device functions the core
// reaches through VmafHipModule.
#include <cerrno>
#include <iterator>
#include <new>

#include "base/log.h"
#include "hip/module/host.h"
#include "hip/runtime/device.h"
#include "hip/runtime/state.h"

extern "C" {
extern const VmafExtractor vmaf_extractor_psnr_hip;
extern const VmafExtractor vmaf_extractor_float_ssim_hip;
extern const VmafExtractor vmaf_extractor_float_ms_ssim_hip;
extern const VmafExtractor vmaf_extractor_adm_hip;
extern const VmafExtractor vmaf_extractor_vif_hip;
extern const VmafExtractor vmaf_extractor_motion_hip;
extern const VmafExtractor vmaf_extractor_float_psnr_hip;
extern const VmafExtractor vmaf_extractor_float_moment_hip;
extern const VmafExtractor vmaf_extractor_float_ansnr_hip;
extern const VmafExtractor vmaf_extractor_float_motion_hip;
extern const VmafExtractor vmaf_extractor_ciede_hip;
extern const VmafExtractor vmaf_extractor_float_vif_hip;
extern const VmafExtractor vmaf_extractor_float_adm_hip;
extern const VmafExtractor vmaf_extractor_psnr_hvs_hip;
extern const VmafExtractor vmaf_extractor_cambi_hip;
}

namespace vmaf::hip {

namespace {

constexpr const VmafExtractor *kTwins[] = {
    &vmaf_extractor_psnr_hip,       &vmaf_extractor_float_ssim_hip,
    &vmaf_extractor_float_ms_ssim_hip, &vmaf_extractor_adm_hip,
    &vmaf_extractor_vif_hip,        &vmaf_extractor_motion_hip,
    &vmaf_extractor_float_psnr_hip, &vmaf_extractor_float_moment_hip,
    &vmaf_extractor_float_ansnr_hip, &vmaf_extractor_float_motion_hip,
    &vmaf_extractor_ciede_hip,       &vmaf_extractor_float_vif_hip,
    &vmaf_extractor_float_adm_hip,   &vmaf_extractor_psnr_hvs_hip,
    &vmaf_extractor_cambi_hip,
};

int state_init(VmafHipState **state, int device)
{
    *state = nullptr;
    DeviceInfo info;
    if (int err = select_device(device, &info)) return err;
    auto *s = new (std::nothrow) VmafHipState{info};
    if (!s) return -ENOMEM;
    log(VMAF_LOG_LEVEL_INFO, "HIP: using GPU {} ({}, {} MiB)", info.index, info.name,
        info.memory >> 20);
    *state = s;
    return 0;
}

void state_free(VmafHipState *state) { delete state; }

void allocator_of(const VmafHipState *state, PictureAllocator *allocator)
{
    *allocator = pinned_allocator(*state);
}

constexpr VmafHipModule kModule{
    VMAF_HIP_MODULE_ABI, VMAF_VERSION, kTwins, std::size(kTwins), device_count,
    state_init,          state_free,   allocator_of,
};

} // namespace

} // namespace vmaf::hip

extern "C" __attribute__((visibility("default"))) const VmafHipModule *
vmaf_hip_module_open(const VmafHipHost *host)
{
    if (!host || host->abi != VMAF_HIP_MODULE_ABI) return nullptr;
    vmaf::hip::set_host(*host);
    return &vmaf::hip::kModule;
}
