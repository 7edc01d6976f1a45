// The engine's shared staging (ADR 0044): where every extractor of a
// context is a HIP twin, each frame's host pictures cross the bus once,
// into device pictures of a pool, and the twins stage their planes from
// those, device to device, as they do a hardware decoder's frames. Each
// host picture is kept until its copy is done: at the next frame's upload
// or at settle().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "base/picture_memory.h"
#include "engine/picture_pool.h"
#include "engine/extractor_instance.h"
#include "hip/module/module_abi.h"

namespace vmaf {

class SharedUpload {
public:
    // An uploader on the state's GPU for pictures of `params`, copying their
    // first `planes` planes, with up to `pictures` device pictures out at
    // once; the module's error (after its message) when it cannot make one.
    static int create(const VmafHipModule &module, const VmafHipState *state,
                      const PictureParams &params, unsigned planes, unsigned pictures,
                      std::unique_ptr<SharedUpload> &out);
    // Waits for the copies and lets the host pictures go.
    ~SharedUpload();
    SharedUpload(const SharedUpload &) = delete;
    SharedUpload &operator=(const SharedUpload &) = delete;

    // Replaces each host picture of the frame by a device picture holding
    // its planes (copy queued), and lets go of the earlier frames' host
    // pictures once their copies are done. Device pictures (a decoder's)
    // and shared ones (a ladder's reference, whose extractors share what
    // they derive from it) are left as they are. `returning` tells whether
    // device pictures are on their way back (the context's workers).
    int upload(VmafPicture &ref, VmafPicture &dis, const std::function<bool()> &returning);
    // Waits for every copy and lets their host pictures go.
    int settle();

private:
    SharedUpload(const VmafHipModule &module, void *uploader, const PictureAllocator &device,
                 const PictureParams &params, unsigned planes, unsigned pictures);
    int replace(VmafPicture &pic, const std::function<bool()> &returning);

    struct Held {
        VmafPicture host;
        uint64_t ticket;
    };
    const VmafHipModule &module_;
    void *uploader_;
    unsigned planes_;
    PicturePool pool_;
    std::vector<Held> held_;
};

} // namespace vmaf
