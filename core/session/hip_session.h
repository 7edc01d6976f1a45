// --backend hip: the HIP state of one CLI run, imported into its context.
#pragma once

#include <string>

#include "libvmaf/libvmaf.h"

struct VmafHipState;

namespace vmaf::session {

class HipSession {
public:
    HipSession() = default;
    // Frees the state: declare the session before the context it serves.
    ~HipSession();
    HipSession(const HipSession &) = delete;
    HipSession &operator=(const HipSession &) = delete;

    // Selects GPU `gpu` and imports it into ctx; on failure says why in `error`.
    bool attach(VmafContext *ctx, unsigned gpu, std::string &error);
    // The state once attached, else nullptr.
    VmafHipState *state() const { return state_; }

private:
    VmafHipState *state_ = nullptr;
};

#ifndef VMAF_HAVE_HIP
// What a build without the HIP backend says when a GPU is asked for.
std::string no_hip_backend();
#endif

} // namespace vmaf::session
