#include "engine/env_backend.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <string_view>

#include "base/excerpt.h"
#include "base/log.h"
#include "engine/context.h"
#include "libvmaf/libvmaf_ext.h"
#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace {
std::atomic<bool> use_environment{true};
} // namespace

extern "C" void vmaf_use_backend_environment(bool use) { use_environment = use; }

namespace vmaf {

namespace {

// VMAF_GPU, a device index; 0 where unset.
bool gpu_index(int &gpu)
{
    gpu = 0;
    const char *text = std::getenv("VMAF_GPU");
    if (!text || !*text) return true;
    char *end = nullptr;
    errno = 0;
    const long v = std::strtol(text, &end, 10);
    if (errno || *end || v < 0 || v > 1024) {
        log_error("VMAF_GPU='{}' is not a GPU index (0 for the first)", excerpt(text));
        return false;
    }
    gpu = static_cast<int>(v);
    return true;
}

} // namespace

int apply_backend_environment([[maybe_unused]] VmafContext &ctx)
{
    if (!use_environment) return 0;
    const char *text = std::getenv("VMAF_BACKEND");
    const std::string_view backend = text ? text : "";
    if (backend.empty() || backend == "cpu") return 0;
    if (backend != "hip" && backend != "auto") {
        log_error("VMAF_BACKEND='{}' is not a backend: cpu, hip (the GPU, or fail) or auto (the "
                  "GPU where one is usable)",
                  excerpt(text));
        return -EINVAL;
    }
    int gpu = 0;
    if (!gpu_index(gpu)) return -EINVAL;
#ifdef VMAF_HAVE_HIP
    if (backend == "auto" && !vmaf_hip_available()) {
        log(VMAF_LOG_LEVEL_INFO, "VMAF_BACKEND=auto: no usable GPU; scoring on the CPU");
        return 0;
    }
    VmafHipState *state = nullptr;
    if (int err = vmaf_hip_state_init(&state, VmafHipConfiguration{gpu})) {
        if (backend == "auto") {
            log(VMAF_LOG_LEVEL_INFO, "VMAF_BACKEND=auto: GPU {} cannot be used; scoring on the CPU",
                gpu);
            return 0;
        }
        log_error("VMAF_BACKEND=hip: GPU {} cannot be used (see the message above)", gpu);
        return err;
    }
    if (int err = vmaf_hip_import_state(&ctx, state)) {
        vmaf_hip_state_free(state);
        return err;
    }
    ctx.owns_hip_state = true;
    log(VMAF_LOG_LEVEL_INFO, "VMAF_BACKEND={}: scoring on GPU {}", backend, gpu);
    return 0;
#else
    if (backend == "auto") {
        log(VMAF_LOG_LEVEL_INFO, "VMAF_BACKEND=auto: this build has no HIP backend; scoring on "
                                 "the CPU");
        return 0;
    }
    log_error("VMAF_BACKEND=hip: this build has no HIP backend (configure with "
              "-Denable_hip=enabled)");
    return -ENOTSUP;
#endif
}

void release_backend_state(VmafContext &ctx)
{
    if (!ctx.owns_hip_state) return;
#ifdef VMAF_HAVE_HIP
    vmaf_hip_state_free(static_cast<VmafHipState *>(ctx.hip_state));
#endif
    ctx.hip_state = nullptr;
    ctx.owns_hip_state = false;
}

} // namespace vmaf
