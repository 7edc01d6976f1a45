#include "engine/hip_module.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "base/log.h"
#include "extractor/registry.h"

namespace vmaf::hip_module {

namespace {

constexpr const char *kFileName = "hip_backend.so";

bool host_log_enabled(VmafLogLevel level) { return log_enabled(level); }

void host_log_message(VmafLogLevel level, const char *message, size_t length)
{
    log_message(level, std::string_view(message, length));
}

constexpr VmafHipHost kHost{VMAF_HIP_MODULE_ABI,     vmaf_sink_append, vmaf_sink_append_at,
                            vmaf_sink_set_aggregate, host_log_enabled, host_log_message};

// Where the module may be: $VMAF_HIP_MODULE alone when set (tests);
// else beside the object that holds this code (libvmaf.so in its libdir,
// wherever the install was moved), then the configured install folder
// (programs that link libvmaf statically), and for a program run from the
// build folder, the module built there.
std::vector<std::string> candidates()
{
    if (const char *path = std::getenv("VMAF_HIP_MODULE"); path && *path) return {path};
    std::vector<std::string> paths;
    Dl_info info{};
    std::string self;
    if (dladdr(reinterpret_cast<void *>(&load), &info) && info.dli_fname) {
        self = info.dli_fname;
        const size_t slash = self.rfind('/');
        if (slash != std::string::npos)
            paths.push_back(self.substr(0, slash) + "/libvmaf/" + kFileName);
    }
    const std::string installed = std::string(VMAF_HIP_MODULE_DIR) + "/" + kFileName;
    if (paths.empty() || paths.front() != installed) paths.push_back(installed);
    if (self.starts_with(VMAF_BUILD_ROOT "/")) paths.push_back(VMAF_HIP_MODULE_BUILT);
    return paths;
}

// dlerror() names the library the loader could not find first; say what it
// is when it is a GPU runtime.
std::string explain(const std::string &path, const std::string &why)
{
    std::string message = "HIP backend unavailable: cannot load " + path + ": " + why;
    if (why.find("libamdhip64") != std::string::npos)
        message += " (the AMD ROCm HIP runtime is missing: install ROCm's libamdhip64, or add "
                   "its folder to LD_LIBRARY_PATH)";
    else if (why.find("cannot open shared object file") != std::string::npos)
        message += " (a library the backend needs is missing)";
    return message;
}

struct Loaded {
    // The module stays loaded until the process ends: the GPU runtime
    // inside it registers kernels and exit handlers that must not be
    // unmapped under it.
    const VmafHipModule *module = nullptr;
    std::string error;
};

Loaded open_module()
{
    const std::vector<std::string> paths = candidates();
    std::string looked;
    for (const std::string &path : paths) {
        struct stat st{};
        if (stat(path.c_str(), &st) != 0) {
            looked += (looked.empty() ? "" : ", ") + path;
            continue;
        }
        void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *why = dlerror();
            return {nullptr, explain(path, why ? why : "unknown error")};
        }
        auto open = reinterpret_cast<VmafHipModuleOpen>(dlsym(handle, VMAF_HIP_MODULE_ENTRY));
        const VmafHipModule *module = open ? open(&kHost) : nullptr;
        if (!module || module->abi != VMAF_HIP_MODULE_ABI ||
            std::string_view(module->version) != VMAF_VERSION)
            return {nullptr, "HIP backend unavailable: " + path +
                                 " is not the HIP module of this libvmaf build (" VMAF_VERSION
                                 ")"};
        return {module, {}};
    }
    return {nullptr, "HIP backend unavailable: its module " + std::string(kFileName) +
                         " was not found (looked for " + looked +
                         "; set VMAF_HIP_MODULE to its path)"};
}

std::once_flag g_once;
Loaded g_loaded;
std::atomic<const VmafHipModule *> g_module{nullptr};

} // namespace

const VmafHipModule *load(Report report)
{
    std::call_once(g_once, [] {
        g_loaded = open_module();
        if (const VmafHipModule *m = g_loaded.module)
            add_hip_twins({m->extractors, m->extractor_count});
        g_module = g_loaded.module;
    });
    if (!g_loaded.module && report == Report::kLog) log_error("{}", g_loaded.error);
    return g_loaded.module;
}

const VmafHipModule *loaded() { return g_module.load(); }

} // namespace vmaf::hip_module
