// libvmaf_cuda.h (libvmaf's CUDA API) on the HIP backend, NVIDIA builds: a
// VmafCudaState is a HIP state in the caller's CUDA context, and the device
// pool's pictures are device pictures that the twins read in place.
#include <algorithm>
#include <cerrno>
#include <memory>
#include <optional>
#include <vector>

#include "base/guarded.h"
#include "base/log.h"
#include "base/picture_memory.h"
#include "engine/context.h"
#include "engine/hip_module.h"
#include "libvmaf/libvmaf_cuda.h"
#include "libvmaf/libvmaf_hip.h"

using vmaf::hip_module::Report;

namespace {

VmafHipState *hip_of(VmafCudaState *state) { return reinterpret_cast<VmafHipState *>(state); }

// Bytes a fresh device picture's chroma planes hold until a writer
// overwrites them: a first frame whose first chroma rows still hold them
// was written in luma only (FFmpeg's filter copies plane 0 alone).
constexpr int kUnwrittenU = 0x5a;
constexpr int kUnwrittenV = 0xa5;

// A device pool's pictures: what the context holds, and the frame its
// caller writes while the context reads (one frame ahead).
unsigned device_pool_pictures(const VmafContext &vmaf) { return vmaf.pictures_held() + 2; }

struct DevicePool {
    const VmafHipModule *module;
    const VmafHipState *state;
    vmaf::PictureAllocator allocator;
    VmafCudaPictureConfiguration cfg;
    // Decided at the first frame: 3 when the writer writes chroma, else 1.
    std::optional<unsigned> planes_written;

    int make(VmafPicture *pic) const
    {
        const auto &p = cfg.pic_params;
        if (int err = vmaf::picture_alloc_device(pic, p.pix_fmt, p.bpc, p.w, p.h, allocator))
            return err;
        unsigned cw[3], ch[3];
        vmaf::coded_plane_sizes(p.pix_fmt, p.w, p.h, cw, ch);
        for (unsigned plane : {1u, 2u}) {
            if (!pic->data[plane]) continue;
            const size_t bytes = static_cast<size_t>(pic->stride[plane]) * ch[plane];
            const int value = plane == 1 ? kUnwrittenU : kUnwrittenV;
            if (int err = module->device_fill(state, pic->data[plane], bytes, value)) {
                vmaf::picture_destroy(pic);
                return err;
            }
        }
        return 0;
    }

    // Whether the first row of each chroma plane still holds what make()
    // put there.
    int chroma_unwritten(const VmafPicture &pic, bool *unwritten) const
    {
        *unwritten = false;
        if (!pic.data[1]) return 0;
        const size_t row = pic.w[1] * vmaf::bytes_per_sample(pic.bpc);
        std::vector<unsigned char> host(row);
        bool all = row > 0;
        for (unsigned plane : {1u, 2u}) {
            if (int err = module->device_read(state, host.data(), pic.data[plane], row))
                return err;
            const unsigned char value = plane == 1 ? kUnwrittenU : kUnwrittenV;
            all = all && std::all_of(host.begin(), host.end(),
                                     [value](unsigned char b) { return b == value; });
        }
        *unwritten = all;
        return 0;
    }

    int prepare(const VmafPicture &pic)
    {
        if (!planes_written) {
            bool unwritten = false;
            if (int err = chroma_unwritten(pic, &unwritten)) return err;
            if (unwritten)
                vmaf::log(VMAF_LOG_LEVEL_INFO,
                          "libvmaf_cuda: the pictures' chroma planes are not written (luma "
                          "only): features that read chroma refuse them");
            planes_written = unwritten ? 1 : 3;
        }
        void *ready = nullptr;
        void *const planes[3] = {pic.data[0], pic.data[1], pic.data[2]};
        if (int err = module->device_ready(state, planes, pic.data[1] ? 3 : 1, &ready))
            return err;
        vmaf::picture_set_ready(pic, ready, module->ready_free, *planes_written);
        return 0;
    }
};

int preallocate_device(VmafContext *vmaf, const VmafCudaPictureConfiguration &cfg)
{
    const VmafHipModule *module = vmaf::hip_module::loaded();
    const auto *state = static_cast<const VmafHipState *>(vmaf->hip_state);
    auto pool = std::make_shared<DevicePool>(DevicePool{module, state, {}, cfg, std::nullopt});
    module->device_allocator(state, &pool->allocator);
    if (int err = vmaf->preallocate_with(device_pool_pictures(*vmaf),
                                         [pool](VmafPicture *pic) { return pool->make(pic); }))
        return err;
    vmaf->prepare_device_picture = [pool](const VmafPicture &pic) { return pool->prepare(pic); };
    return 0;
}

} // namespace

extern "C" {

int vmaf_cuda_state_init(VmafCudaState **cu_state, VmafCudaConfiguration cfg)
{
    if (!cu_state) return -EINVAL;
    *cu_state = nullptr;
    const VmafHipModule *module = vmaf::hip_module::load(Report::kLog);
    if (!module) return -ELIBACC;
    VmafHipState *state = nullptr;
    const int err = cfg.cu_ctx ? module->state_init_context(&state, cfg.cu_ctx)
                               : module->state_init(&state, 0);
    if (err) return err;
    *cu_state = reinterpret_cast<VmafCudaState *>(state);
    return 0;
}

int vmaf_cuda_import_state(VmafContext *vmaf, VmafCudaState *cu_state)
{
    if (!vmaf || !cu_state) return -EINVAL;
    if (int err = vmaf_hip_import_state(vmaf, hip_of(cu_state))) return err;
    // libvmaf's vmaf_close releases an imported CUDA state: callers (FFmpeg)
    // never free it themselves.
    vmaf->owns_hip_state = true;
    return 0;
}

int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    if (!vmaf->hip_state || !vmaf::hip_module::loaded()) {
        vmaf::log_error("vmaf_cuda_preallocate_pictures: no CUDA state imported (call "
                        "vmaf_cuda_import_state first)");
        return -EINVAL;
    }
    return vmaf::guarded("vmaf_cuda_preallocate_pictures", [&] {
        switch (cfg.pic_prealloc_method) {
        case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE: return 0;
        case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE: return preallocate_device(vmaf, cfg);
        case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
        case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED: {
            // The imported state makes the context's pool pinned.
            VmafPictureConfiguration host{};
            host.pic_params.pix_fmt = cfg.pic_params.pix_fmt;
            host.pic_params.bpc = cfg.pic_params.bpc;
            host.pic_params.w = cfg.pic_params.w;
            host.pic_params.h = cfg.pic_params.h;
            host.pic_cnt = device_pool_pictures(*vmaf);
            return vmaf->preallocate(host);
        }
        }
        vmaf::log_error("vmaf_cuda_preallocate_pictures: unknown preallocation method {}",
                        static_cast<int>(cfg.pic_prealloc_method));
        return -EINVAL;
    });
}

int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    if (!vmaf || !pic) return -EINVAL;
    return vmaf::guarded("vmaf_cuda_fetch_preallocated_picture",
                         [&] { return vmaf->fetch_preallocated(pic); });
}

}
