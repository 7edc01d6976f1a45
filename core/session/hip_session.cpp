#include "session/hip_session.h"

#include <fmt/core.h>

#include "session/options/option_names.h"

#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace vmaf::session {

#ifdef VMAF_HAVE_HIP

HipSession::~HipSession()
{
    if (state_) vmaf_hip_state_free(state_);
}

bool HipSession::attach(VmafContext *ctx, unsigned gpu, std::string &error)
{
    VmafHipConfiguration cfg{};
    cfg.device = static_cast<int>(gpu);
    if (vmaf_hip_state_init(&state_, cfg)) {
        error = fmt::format("{}: cannot use GPU {} (see the message above)",
                            option(Option::Backend, "hip"), gpu);
        return false;
    }
    if (vmaf_hip_import_state(ctx, state_)) {
        error = option(Option::Backend, "hip") + ": cannot attach the GPU to the scoring context";
        return false;
    }
    return true;
}

#else

HipSession::~HipSession() = default;

std::string no_hip_backend()
{
    return option(Option::Backend, "hip") +
           ": this build has no HIP backend (configure with -Denable_hip=enabled)";
}

bool HipSession::attach(VmafContext *, unsigned, std::string &error)
{
    error = no_hip_backend();
    return false;
}

#endif

} // namespace vmaf::session
