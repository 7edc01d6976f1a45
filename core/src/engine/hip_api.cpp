// The HIP backend's C API (libvmaf/libvmaf_hip.h): the core's side, which
// loads the backend's module on first use.
#include <cerrno>
#include <new>

#include "engine/context.h"
#include "engine/hip_module.h"
#include "base/log.h"
#include "libvmaf/libvmaf_hip.h"

using vmaf::hip_module::Report;

extern "C" {

bool vmaf_hip_available(void)
{
    const VmafHipModule *module = vmaf::hip_module::load(Report::kQuiet);
    return module && module->device_count() > 0;
}

int vmaf_hip_device_count(unsigned *count)
{
    if (!count) return -EINVAL;
    *count = 0;
    const VmafHipModule *module = vmaf::hip_module::load(Report::kLog);
    if (!module) return -ELIBACC;
    const int n = module->device_count();
    *count = n > 0 ? static_cast<unsigned>(n) : 0;
    return 0;
}

int vmaf_hip_state_init(VmafHipState **hip_state, VmafHipConfiguration cfg)
{
    if (!hip_state) return -EINVAL;
    *hip_state = nullptr;
    const VmafHipModule *module = vmaf::hip_module::load(Report::kLog);
    if (!module) return -ELIBACC;
    return module->state_init(hip_state, cfg.device);
}

int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *hip_state)
{
    if (!vmaf || !hip_state) return -EINVAL;
    const VmafHipModule *module = vmaf::hip_module::loaded();
    if (!module) {
        vmaf::log_error("vmaf_hip_import_state: the state is not from vmaf_hip_state_init");
        return -EINVAL;
    }
    vmaf::PictureAllocator allocator{};
    module->pinned_allocator(hip_state, &allocator);
    return vmaf->import_hip_state(hip_state, allocator);
}

int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    if (!vmaf->hip_state) {
        vmaf::log_error("vmaf_hip_preallocate_pictures: no HIP state imported "
                        "(call vmaf_hip_import_state first)");
        return -EINVAL;
    }
    try {
        return vmaf->preallocate(cfg);
    } catch (const std::bad_alloc &) {
        vmaf::log_error("vmaf_hip_preallocate_pictures: out of memory");
        return -ENOMEM;
    }
}

int vmaf_hip_state_free(VmafHipState *hip_state)
{
    const VmafHipModule *module = vmaf::hip_module::loaded();
    if (!hip_state || !module) return -EINVAL;
    module->state_free(hip_state);
    return 0;
}

}
