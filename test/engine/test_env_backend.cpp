// VMAF_BACKEND and VMAF_GPU at vmaf_init, where no GPU is usable (CI): hip
// fails with a message, auto scores on the CPU, cpu and unset change
// nothing, other values are refused, and a program that picks its backend
// itself turns the variables off. (With a GPU: test_hip_runtime.)
#include <cerrno>
#include <cstdlib>
#include <gtest/gtest.h>

#include "engine/context.h"
#include "libvmaf/libvmaf_ext.h"
#include "support/feature_scoring.h"
#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace {

bool gpu_usable()
{
#ifdef VMAF_HAVE_HIP
    return vmaf_hip_available();
#else
    return false;
#endif
}

using vmaf::test::textured_picture;

struct Environment {
    Environment(const char *backend, const char *gpu = nullptr)
    {
        set("VMAF_BACKEND", backend);
        set("VMAF_GPU", gpu);
    }
    ~Environment()
    {
        unsetenv("VMAF_BACKEND");
        unsetenv("VMAF_GPU");
        vmaf_use_backend_environment(true);
    }
    static void set(const char *name, const char *value)
    {
        if (value) setenv(name, value, 1);
        else unsetenv(name);
    }
};

int init(VmafContext **ctx)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    *ctx = nullptr;
    return vmaf_init(ctx, cfg);
}

// psnr_y of one textured pair through the context.
double psnr_of(VmafContext *ctx)
{
    EXPECT_EQ(vmaf_use_feature(ctx, "psnr", nullptr), 0);
    EXPECT_EQ(vmaf::test::score_pair(ctx, textured_picture(8, 64, 48), textured_picture(8, 64, 48, 2)),
              0);
    return vmaf::test::score_of(ctx, "psnr_y");
}

TEST(EnvBackend, UnsetAndCpuChangeNothing)
{
    for (const char *backend : {static_cast<const char *>(nullptr), "", "cpu"}) {
        const Environment env(backend);
        VmafContext *ctx = nullptr;
        ASSERT_EQ(init(&ctx), 0);
        EXPECT_EQ(ctx->hip_state, nullptr);
        vmaf_close(ctx);
    }
}

TEST(EnvBackend, OtherValuesAreRefused)
{
    for (const auto &[backend, gpu] : {std::pair{"gpu", "0"}, std::pair{"HIP", "0"},
                                       std::pair{"hip", "first"}, std::pair{"auto", "-1"}}) {
        const Environment env(backend, gpu);
        VmafContext *ctx = nullptr;
        EXPECT_EQ(init(&ctx), -EINVAL) << backend << " " << gpu;
        EXPECT_EQ(ctx, nullptr);
    }
}

TEST(EnvBackend, HipWithoutAGpuFails)
{
    if (gpu_usable()) GTEST_SKIP() << "a GPU is usable here (test_hip_runtime covers it)";
    const Environment env("hip");
    VmafContext *ctx = nullptr;
    EXPECT_LT(init(&ctx), 0);
    EXPECT_EQ(ctx, nullptr);
}

TEST(EnvBackend, AutoWithoutAGpuScoresOnTheCpu)
{
    if (gpu_usable()) GTEST_SKIP() << "a GPU is usable here (test_hip_runtime covers it)";
    VmafContext *plain = nullptr;
    ASSERT_EQ(init(&plain), 0);
    const double want = psnr_of(plain);
    vmaf_close(plain);
    const Environment env("auto");
    VmafContext *ctx = nullptr;
    ASSERT_EQ(init(&ctx), 0);
    EXPECT_EQ(ctx->hip_state, nullptr);
    EXPECT_EQ(psnr_of(ctx), want);
    vmaf_close(ctx);
}

TEST(EnvBackend, AProgramThatPicksItsBackendTurnsItOff)
{
    const Environment env("gpu");
    vmaf_use_backend_environment(false);
    VmafContext *ctx = nullptr;
    ASSERT_EQ(init(&ctx), 0);
    EXPECT_EQ(ctx->hip_state, nullptr);
    vmaf_close(ctx);
}

} // namespace
