// The HIP backend's C API (libvmaf/libvmaf_hip.h): the core's side, which
// loads the backend's module on first use.
#include <cerrno>

#include "engine/context.h"
#include "engine/hip_module.h"
#include "base/guarded.h"
#include "base/log.h"
#include "libvmaf/libvmaf_hip.h"

using vmaf::hip_module::Report;

extern "C" {

bool vmaf_hip_available(void)
{
    return vmaf::guarded("vmaf_hip_available", [] {
        const VmafHipModule *module = vmaf::hip_module::load(Report::kQuiet);
        return module && module->device_count() > 0 ? 1 : 0;
    }) == 1;
}

int vmaf_hip_device_count(unsigned *count)
{
    return vmaf::guarded("vmaf_hip_device_count", [&]() -> int {
        if (!count) return -EINVAL;
        *count = 0;
        const VmafHipModule *module = vmaf::hip_module::load(Report::kLog);
        if (!module) return -ELIBACC;
        const int n = module->device_count();
        *count = n > 0 ? static_cast<unsigned>(n) : 0;
        return 0;
    });
}

int vmaf_hip_state_init(VmafHipState **hip_state, VmafHipConfiguration cfg)
{
    return vmaf::guarded("vmaf_hip_state_init", [&]() -> int {
        if (!hip_state) return -EINVAL;
        *hip_state = nullptr;
        const VmafHipModule *module = vmaf::hip_module::load(Report::kLog);
        if (!module) return -ELIBACC;
        return module->state_init(hip_state, cfg.device);
    });
}

int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *hip_state)
{
    return vmaf::guarded("vmaf_hip_import_state", [&]() -> int {
        if (!vmaf || !hip_state) return -EINVAL;
        const VmafHipModule *module = vmaf::hip_module::loaded();
        if (!module) {
            vmaf::log_error("vmaf_hip_import_state: the state is not from vmaf_hip_state_init");
            return -EINVAL;
        }
        vmaf::PictureAllocator allocator{};
        module->pinned_allocator(hip_state, &allocator);
        return vmaf->import_hip_state(hip_state, allocator);
    });
}

int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    if (!vmaf->hip_state) {
        vmaf::log_error("vmaf_hip_preallocate_pictures: no HIP state imported "
                        "(call vmaf_hip_import_state first)");
        return -EINVAL;
    }
    return vmaf::guarded("vmaf_hip_preallocate_pictures", [&] { return vmaf->preallocate(cfg); });
}

int vmaf_hip_picture_wrap(VmafHipState *hip_state, const VmafHipDevicePicture *desc,
                          VmafPicture *pic)
{
    return vmaf::guarded("vmaf_hip_picture_wrap", [&]() -> int {
        if (!desc || !pic) {
            if (desc && desc->release) desc->release(desc->cookie);
            return -EINVAL;
        }
        vmaf::DevicePlanes device{};
        device.release = desc->release;
        device.cookie = desc->cookie;
        const VmafHipModule *module = vmaf::hip_module::loaded();
        if (!hip_state || !module) {
            vmaf::log_error("vmaf_hip_picture_wrap: the state is not from vmaf_hip_state_init");
            if (device.release) device.release(device.cookie);
            return -EINVAL;
        }
        unsigned pw[3], ph[3];
        if (!vmaf::plane_sizes(desc->pix_fmt, desc->w, desc->h, pw, ph)) {
            vmaf::log_error("vmaf_hip_picture_wrap: unknown pixel format {}",
                            static_cast<int>(desc->pix_fmt));
            if (device.release) device.release(device.cookie);
            return -EINVAL;
        }
        const unsigned planes = desc->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
        void *data[3] = {};
        ptrdiff_t stride[3] = {};
        for (unsigned p = 0; p < planes; p++) {
            const VmafHipDevicePlane &d = desc->plane[p];
            // bpc bits above the shift, samples at least a sample apart, rows
            // at least a row of them apart.
            const bool fits = d.data && (d.bytes == 1 || d.bytes == 2) && d.step >= d.bytes &&
                              d.shift + desc->bpc <= d.bytes * 8 && d.stride > 0 &&
                              static_cast<unsigned long long>(d.stride) >=
                                  static_cast<unsigned long long>(d.step) * pw[p];
            if (!fits) {
                vmaf::log_error("vmaf_hip_picture_wrap: plane {} (step {}, {} bytes, shift {}, "
                                "stride {}) cannot hold {} {}-bit samples a row",
                                p, d.step, d.bytes, d.shift, d.stride, pw[p], desc->bpc);
                if (device.release) device.release(device.cookie);
                return -EINVAL;
            }
            device.layout[p] = {d.step, d.bytes, d.shift};
            data[p] = d.data;
            stride[p] = d.stride;
        }
        if (int err = module->device_ready(hip_state, data, planes, &device.ready)) {
            if (device.release) device.release(device.cookie);
            return err;
        }
        device.ready_free = module->ready_free;
        return vmaf::picture_wrap_device(pic, desc->pix_fmt, desc->bpc, desc->w, desc->h, data, stride,
                                         device);
    });
}

int vmaf_hip_state_free(VmafHipState *hip_state)
{
    return vmaf::guarded("vmaf_hip_state_free", [&]() -> int {
        const VmafHipModule *module = vmaf::hip_module::loaded();
        if (!hip_state || !module) return -EINVAL;
        module->state_free(hip_state);
        return 0;
    });
}

}
