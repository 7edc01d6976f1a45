// libvmaf_cuda.h on the HIP backend (NVIDIA): a CUDA context of the
// caller's own (not the device's primary one), as FFmpeg's CUDA device
// makes, and pictures of the device pool written on that context's legacy
// stream, as FFmpeg's libvmaf_cuda filter writes them (cuMemcpy2D). Every
// value of every frame must equal the same frames' from host memory: the
// twins are the same, only where they run and what they copy from differs.
#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

#include "hip/hip_parity.h"
#include "hip/runtime/platform.h"
#include "libvmaf/libvmaf_cuda.h"
#include "support/clips.h"

namespace {

using vmaf::test::Context;
using vmaf::test::HipDeviceTest;
using vmaf::test::HipState;
using vmaf::test::Video;

// The driver's context functions (CUresult is 0 on success).
struct Driver {
    int (*init)(unsigned flags);
    int (*device_get)(int *device, int ordinal);
    int (*ctx_create)(void **ctx, unsigned flags, int device);
    int (*ctx_destroy)(void *ctx);
    int (*ctx_push)(void *ctx);
    int (*ctx_pop)(void **ctx);
};

const Driver *driver()
{
    static const Driver *d = []() -> const Driver * {
        void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!lib) return nullptr;
        static Driver out{};
        out.init = reinterpret_cast<int (*)(unsigned)>(dlsym(lib, "cuInit"));
        out.device_get = reinterpret_cast<int (*)(int *, int)>(dlsym(lib, "cuDeviceGet"));
        out.ctx_create =
            reinterpret_cast<int (*)(void **, unsigned, int)>(dlsym(lib, "cuCtxCreate_v2"));
        out.ctx_destroy = reinterpret_cast<int (*)(void *)>(dlsym(lib, "cuCtxDestroy_v2"));
        out.ctx_push = reinterpret_cast<int (*)(void *)>(dlsym(lib, "cuCtxPushCurrent_v2"));
        out.ctx_pop = reinterpret_cast<int (*)(void **)>(dlsym(lib, "cuCtxPopCurrent_v2"));
        const bool all = out.init && out.device_get && out.ctx_create && out.ctx_destroy &&
                         out.ctx_push && out.ctx_pop;
        return all ? &out : nullptr;
    }();
    return d;
}

// A context of GPU 0 made with cuCtxCreate, as FFmpeg's CUDA device makes
// it (not current once made).
class CudaContext {
public:
    CudaContext()
    {
        const Driver *d = driver();
        int device = 0;
        if (!d || d->init(0) || d->device_get(&device, 0) || d->ctx_create(&ctx_, 0, device)) {
            ctx_ = nullptr;
            return;
        }
        void *popped = nullptr;
        d->ctx_pop(&popped);
    }
    ~CudaContext()
    {
        if (ctx_) driver()->ctx_destroy(ctx_);
    }
    CudaContext(const CudaContext &) = delete;
    CudaContext &operator=(const CudaContext &) = delete;
    void *get() const { return ctx_; }

private:
    void *ctx_ = nullptr;
};

// A feature and its options as the CLI writes them ("a=1:b=2").
struct Feature {
    const char *name;
    std::string options;
};

int use(VmafContext *ctx, const Feature &f)
{
    return vmaf::test::use_feature_text(ctx, f.name, f.options);
}

struct Scored {
    std::string csv;
    int error = 0;
};

Scored finish(VmafContext *ctx, int error)
{
    Scored out;
    out.error = error ? error : vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    if (!out.error) out.csv = vmaf::test::written_output(ctx, VMAF_OUTPUT_FORMAT_CSV);
    return out;
}

// The pair from host memory through a HIP state of the primary context.
Scored score_host(const Video &ref, const Video &dis, const std::vector<Feature> &features)
{
    VmafHipState *raw = nullptr;
    EXPECT_EQ(vmaf_hip_state_init(&raw, VmafHipConfiguration{0}), 0);
    HipState state(raw);
    Context ctx = vmaf::test::make_context(0);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), state.get()), 0);
    for (const Feature &f : features) EXPECT_EQ(use(ctx.get(), f), 0) << f.name;
    int err = 0;
    for (unsigned i = 0; i < ref.frames.size() && !err; i++) {
        VmafPicture r = vmaf::test::host_copy(ref.frames[i]);
        VmafPicture d = vmaf::test::host_copy(dis.frames[i]);
        err = vmaf_read_pictures(ctx.get(), &r, &d, i);
    }
    Scored out = finish(ctx.get(), err);
    ctx.reset();
    return out;
}

// `src`'s planes (luma alone when `luma_only`) into a fetched pool picture,
// on the legacy stream of `cu_ctx`, with the context pushed as FFmpeg does.
int write_picture(void *cu_ctx, const VmafPicture &src, const VmafPicture &dst, bool luma_only)
{
    if (driver()->ctx_push(cu_ctx)) return -EIO;
    const size_t bytes = src.bpc > 8 ? 2 : 1;
    int err = 0;
    for (unsigned p = 0; p < (luma_only ? 1u : 3u) && !err; p++) {
        if (!src.data[p]) continue;
        if (hipMemcpy2DAsync(dst.data[p], static_cast<size_t>(dst.stride[p]), src.data[p],
                             static_cast<size_t>(src.stride[p]), src.w[p] * bytes, src.h[p],
                             hipMemcpyHostToDevice, nullptr) != hipSuccess)
            err = -EIO;
    }
    void *popped = nullptr;
    driver()->ctx_pop(&popped);
    return err;
}

// The pair through libvmaf_cuda.h, in FFmpeg's libvmaf_cuda filter's order
// of calls, its pictures from the device pool.
Scored score_cuda(void *cu_ctx, const Video &ref, const Video &dis,
                  const std::vector<Feature> &features, bool luma_only)
{
    Context ctx = vmaf::test::make_context(0);
    VmafCudaState *state = nullptr;
    EXPECT_EQ(vmaf_cuda_state_init(&state, VmafCudaConfiguration{cu_ctx}), 0);
    EXPECT_EQ(vmaf_cuda_import_state(ctx.get(), state), 0);
    VmafCudaPictureConfiguration cfg{};
    cfg.pic_params.w = ref.frames[0].w[0];
    cfg.pic_params.h = ref.frames[0].h[0];
    cfg.pic_params.bpc = ref.frames[0].bpc;
    cfg.pic_params.pix_fmt = ref.frames[0].pix_fmt;
    cfg.pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE;
    EXPECT_EQ(vmaf_cuda_preallocate_pictures(ctx.get(), cfg), 0);
    for (const Feature &f : features) EXPECT_EQ(use(ctx.get(), f), 0) << f.name;
    int err = 0;
    for (unsigned i = 0; i < ref.frames.size() && !err; i++) {
        VmafPicture r{}, d{};
        err = vmaf_cuda_fetch_preallocated_picture(ctx.get(), &r);
        if (!err) err = vmaf_cuda_fetch_preallocated_picture(ctx.get(), &d);
        if (!err) err = write_picture(cu_ctx, ref.frames[i], r, luma_only);
        if (!err) err = write_picture(cu_ctx, dis.frames[i], d, luma_only);
        if (err) {
            if (r.ref) vmaf_picture_unref(&r);
            if (d.ref) vmaf_picture_unref(&d);
            break;
        }
        err = vmaf_read_pictures(ctx.get(), &r, &d, i);
    }
    // vmaf_close releases the imported state: nothing else frees it.
    Scored out = finish(ctx.get(), err);
    ctx.reset();
    return out;
}

class CudaApi : public HipDeviceTest {
protected:
    void SetUp() override
    {
        HipDeviceTest::SetUp();
        if (IsSkipped()) return;
        ASSERT_NE(driver(), nullptr) << "libcuda.so.1's context functions";
        ASSERT_NE(context_.get(), nullptr) << "cuCtxCreate on GPU 0";
    }
    CudaContext context_;
};

// Every format, features of luma and of chroma: the caller's context and
// the device pool give the host pictures' scores.
TEST_F(CudaApi, DevicePoolScoresAsHostPictures)
{
    const std::vector<Feature> features = {{"vif", {}},      {"adm", {}},        {"motion", {}},
                                           {"psnr", {}},     {"float_ssim", {}}, {"ciede", {}}};
    for (const char *clip : {"vtest_576x324_420p8", "tree_640x360_420p10", "box_352x288_444p8"}) {
        Video ref = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "ref"));
        Video dis = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "dis"));
        ASSERT_FALSE(ref.frames.empty()) << clip;
        const Scored want = score_host(ref, dis, features);
        ASSERT_EQ(want.error, 0) << clip;
        ASSERT_NE(want.csv.find('\n'), std::string::npos) << clip;
        const Scored got = score_cuda(context_.get(), ref, dis, features, false);
        EXPECT_EQ(got.error, 0) << clip;
        EXPECT_EQ(got.csv, want.csv) << clip;
        ref.release();
        dis.release();
    }
}

// A writer of luma alone (FFmpeg's filter): luma features score as from
// host memory; a feature that reads chroma refuses the pictures at the
// first frame instead of scoring chroma nobody wrote.
TEST_F(CudaApi, LumaOnlyWriterScoresLumaAndRefusesChroma)
{
    Video ref = vmaf::test::load_y4m(vmaf::test::clip_path("vtest_576x324_420p8", "ref"));
    Video dis = vmaf::test::load_y4m(vmaf::test::clip_path("vtest_576x324_420p8", "dis"));
    ASSERT_FALSE(ref.frames.empty());
    const std::vector<Feature> luma = {{"vif", {}},
                                       {"adm", {}},
                                       {"motion", {}},
                                       {"float_ssim", {}},
                                       {"psnr", "enable_chroma=false"}};
    const Scored want = score_host(ref, dis, luma);
    ASSERT_EQ(want.error, 0);
    const Scored got = score_cuda(context_.get(), ref, dis, luma, true);
    EXPECT_EQ(got.error, 0);
    EXPECT_EQ(got.csv, want.csv);
    for (const char *chroma : {"psnr", "ciede"}) {
        const Scored refused =
            score_cuda(context_.get(), ref, dis, {{"vif", {}}, {chroma, {}}}, true);
        EXPECT_EQ(refused.error, -EINVAL) << chroma;
    }
    ref.release();
    dis.release();
}

} // namespace
