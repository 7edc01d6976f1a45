// vmaf_hip_thumbnails_init (libvmaf_hip.h): the thumbnails kept by the HIP
// module's store, on the state's GPU. Built with the HIP backend.
#include <cerrno>
#include <memory>

#include "base/guarded.h"
#include "base/log.h"
#include "engine/hip_module.h"
#include "engine/thumbnails.h"
#include "libvmaf/libvmaf_hip.h"

namespace {

// The HIP module's store, through its table.
class ModuleThumbnails final : public vmaf::align::ThumbnailStore {
  public:
    ModuleThumbnails(const VmafHipModule &module, void *handle) : module_(module), handle_(handle)
    {
    }
    ~ModuleThumbnails() override { module_.thumbnails_free(handle_); }
    ModuleThumbnails(const ModuleThumbnails &) = delete;
    ModuleThumbnails &operator=(const ModuleThumbnails &) = delete;

    int put(const VmafPicture &pic, unsigned index) override
    {
        return module_.thumbnails_put(handle_, &pic, index);
    }
    int mse(const unsigned *a, const unsigned *b, size_t count, double *mse) override
    {
        return module_.thumbnails_mse(handle_, a, b, count, mse);
    }

  private:
    const VmafHipModule &module_;
    void *handle_;
};

} // namespace

extern "C" int vmaf_hip_thumbnails_init(VmafThumbnails **thumbnails, VmafHipState *hip_state,
                                        unsigned w, unsigned h, unsigned bpc, unsigned capacity)
{
    return vmaf::guarded("vmaf_hip_thumbnails_init", [&]() -> int {
        if (!thumbnails) return -EINVAL;
        *thumbnails = nullptr;
        const VmafHipModule *module = vmaf::hip_module::loaded();
        if (!hip_state || !module) {
            vmaf::log_error("vmaf_hip_thumbnails_init: the state is not from vmaf_hip_state_init");
            return -EINVAL;
        }
        if (!vmaf::thumbnails_format_valid("vmaf_hip_thumbnails_init", w, h, bpc, capacity))
            return -EINVAL;
        std::unique_ptr<VmafThumbnails> t = vmaf::make_thumbnails(w, h, bpc, capacity);
        void *handle = nullptr;
        if (int err = module->thumbnails_create(hip_state, w, h, bpc, capacity, &handle))
            return err;
        t->store = std::make_unique<ModuleThumbnails>(*module, handle);
        *thumbnails = t.release();
        return 0;
    });
}
