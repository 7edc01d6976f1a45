#include "engine/shared_upload.h"

#include <cstddef>

namespace vmaf {

int SharedUpload::create(const VmafHipModule &module, const VmafHipState *state,
                         const PictureParams &params, unsigned planes, unsigned pictures,
                         std::unique_ptr<SharedUpload> &out)
{
    void *uploader = nullptr;
    if (int err = module.uploader_create(state, &uploader)) return err;
    PictureAllocator device{};
    module.device_allocator(state, &device);
    out.reset(new SharedUpload(module, uploader, device, params, planes, pictures));
    if (int err = out->pool_.init()) {
        out.reset();
        return err;
    }
    return 0;
}

SharedUpload::SharedUpload(const VmafHipModule &module, void *uploader,
                           const PictureAllocator &device, const PictureParams &params,
                           unsigned planes, unsigned pictures)
    : module_(module), uploader_(uploader), planes_(planes),
      pool_(pictures, [device, params](VmafPicture *pic) {
          return picture_alloc_device(pic, params.pix_fmt, params.bpc, params.w, params.h, device);
      })
{}

SharedUpload::~SharedUpload()
{
    settle();
    module_.uploader_free(uploader_);
}

int SharedUpload::replace(VmafPicture &pic, const std::function<bool()> &returning)
{
    if (picture_device(pic) || picture_cache(pic)) return 0;
    VmafPicture device{};
    if (int err = pool_.fetch(&device, returning)) return err;
    void *ready = nullptr;
    uint64_t ticket = 0;
    if (int err = module_.uploader_copy(uploader_, &pic, &device, planes_, &ready, &ticket)) {
        vmaf_picture_unref(&device);
        return err;
    }
    picture_set_ready(device, ready, module_.ready_free, planes_);
    held_.push_back({pic, ticket});
    pic = device;
    return 0;
}

int SharedUpload::upload(VmafPicture &ref, VmafPicture &dis, const std::function<bool()> &returning)
{
    const size_t earlier = held_.size();
    int err = replace(ref, returning);
    if (!err) err = replace(dis, returning);
    // The earlier frames' copies were queued before this frame's: most are
    // done by now, and this frame's keep the copy engine busy meanwhile.
    int wait = 0;
    if (earlier > 0) wait = module_.uploader_wait(uploader_, held_[earlier - 1].ticket);
    for (size_t i = 0; i < earlier; i++) {
        // After a failed wait the copies may still read them: kept until settle().
        if (wait) break;
        vmaf_picture_unref(&held_[i].host);
    }
    if (!wait) held_.erase(held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(earlier));
    return err ? err : wait;
}

int SharedUpload::settle()
{
    if (held_.empty()) return 0;
    const int err = module_.uploader_wait(uploader_, held_.back().ticket);
    // Copies that cannot be waited for: the device has failed; the
    // pictures go back all the same, as the context's own do after an
    // error.
    for (Held &h : held_) vmaf_picture_unref(&h.host);
    held_.clear();
    return err;
}

} // namespace vmaf
