// The HIP runtime and API: errors come back as codes with messages, never as
// aborts, whether or not a device is there; staging packs rows tightly.
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/context.h"
#include "engine/hip_module.h"
#include "extractor/registry.h"
#include "support/feature_scoring.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/staging.h"
#include "hip/runtime/state.h"
#include "hip/runtime/stream.h"
#include "hip/hip_parity.h"
#include "base/log.h"
#include "base/picture_memory.h"

namespace {

using vmaf::test::make_context;

// A state for API-order checks that never reach the device. The backend's
// module is loaded first, as vmaf_hip_state_init does, so that a test run
// alone finds the twins.
VmafHipState fake_state()
{
    static_cast<void>(vmaf_hip_available());
    return VmafHipState{};
}

TEST(HipRuntime, ErrorCodes)
{
    EXPECT_EQ(vmaf::hip::error_code(hipSuccess), 0);
    EXPECT_EQ(vmaf::hip::error_code(hipErrorOutOfMemory), -ENOMEM);
    EXPECT_EQ(vmaf::hip::error_code(hipErrorNoDevice), -ENODEV);
    EXPECT_EQ(vmaf::hip::error_code(hipErrorInvalidDevice), -ENODEV);
    EXPECT_EQ(vmaf::hip::error_code(hipErrorInsufficientDriver), -ENODEV);
    EXPECT_EQ(vmaf::hip::report(hipSuccess, "nothing"), 0);
    EXPECT_EQ(vmaf::hip::report(hipErrorOutOfMemory, "a test allocation"), -ENOMEM);
}

// A capture that other work invalidated is tried again (Graph::capture): its
// failed calls are noted, not logged, and only while this thread captures.
TEST(HipRuntime, InvalidatedCaptureIsNotedNotLogged)
{
    vmaf::set_log_level(VMAF_LOG_LEVEL_ERROR);
    testing::internal::CaptureStderr();
    {
        const vmaf::hip::CaptureScope scope;
        EXPECT_FALSE(scope.invalidated());
        EXPECT_EQ(vmaf::hip::report(hipErrorStreamCaptureInvalidated, "a captured launch"), -EIO);
        EXPECT_TRUE(scope.invalidated());
    }
    const std::string inside = testing::internal::GetCapturedStderr();
    EXPECT_EQ(inside.find("a captured launch"), std::string::npos) << inside;
    testing::internal::CaptureStderr();
    {
        const vmaf::hip::CaptureScope scope;
        EXPECT_FALSE(scope.invalidated());
    }
    EXPECT_EQ(vmaf::hip::report(hipErrorStreamCaptureInvalidated, "a launch"), -EIO);
    const std::string outside = testing::internal::GetCapturedStderr();
    EXPECT_NE(outside.find("a launch failed"), std::string::npos) << outside;
}

TEST(HipRuntime, MissingDeviceIsAnError)
{
    VmafHipState *state = reinterpret_cast<VmafHipState *>(1);
    EXPECT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{1 << 20}), -ENODEV);
    EXPECT_EQ(state, nullptr);
    EXPECT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{-1}), -ENODEV);
    EXPECT_EQ(vmaf_hip_state_init(nullptr, VmafHipConfiguration{0}), -EINVAL);
    EXPECT_EQ(vmaf_hip_state_free(nullptr), -EINVAL);
}

TEST(HipRuntime, ImportBeforeFeatures)
{
    VmafHipState state = fake_state();
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "psnr", nullptr), 0);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), &state), -EINVAL);
    EXPECT_EQ(vmaf_hip_import_state(nullptr, &state), -EINVAL);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), nullptr), -EINVAL);
}

TEST(HipRuntime, ImportOnce)
{
    VmafHipState state = fake_state();
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), &state), 0);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), &state), -EINVAL);
}

TEST(HipRuntime, ImportSwapsInTheTwin)
{
    VmafHipState state = fake_state();
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), &state), 0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "psnr", nullptr), 0);
    EXPECT_EQ(ctx->extractor_names(), std::vector<std::string>{"psnr_hip"});
}

std::vector<std::string> option_names(const VmafOption *options)
{
    std::vector<std::string> names;
    for (; options && options->name; options++) names.emplace_back(options->name);
    return names;
}

std::vector<std::string> strings(const char *const *list)
{
    std::vector<std::string> out;
    for (; list && *list; list++) out.emplace_back(*list);
    return out;
}

// Every CPU extractor of the metric list has a HIP twin, named after it,
// with its options, provided features, flags and temporal reach; the
// module has no other twin.
TEST(HipRuntime, EveryExtractorHasATwin)
{
    VmafHipState state = fake_state();
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), &state), 0);
    for (const VmafExtractor *cpu : vmaf::extractor_table()) {
        const VmafExtractor *twin = vmaf::find_hip_twin(*cpu);
        ASSERT_NE(twin, nullptr) << cpu->name << " has no HIP twin";
        EXPECT_EQ(std::string(twin->name), std::string(cpu->name) + "_hip");
        EXPECT_EQ(option_names(twin->options), option_names(cpu->options)) << twin->name;
        EXPECT_EQ(strings(twin->provided_features), strings(cpu->provided_features)) << twin->name;
        // The CPU's flags but PREV_REF (a twin keeps earlier frames itself).
        EXPECT_EQ(twin->flags, (cpu->flags & ~uint64_t{VMAF_EXTRACTOR_PREV_REF}) | VMAF_EXTRACTOR_HIP)
            << twin->name;
        EXPECT_EQ(twin->reach.before, cpu->reach.before) << twin->name;
        EXPECT_EQ(twin->reach.after, cpu->reach.after) << twin->name;
    }
    const VmafHipModule *module = vmaf::hip_module::loaded();
    ASSERT_NE(module, nullptr);
    EXPECT_EQ(module->extractor_count, vmaf::extractor_table().size());
}

TEST(HipRuntime, NoDeviceFailsWithACode)
{
    if (vmaf_hip_available()) GTEST_SKIP() << "checks a machine without a usable HIP device";
    VmafHipState state = fake_state();
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), &state), 0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "psnr", nullptr), 0);
    VmafPicture ref, dis;
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    ASSERT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    EXPECT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, 0), -ENODEV);
}

TEST(HipRuntime, PinnedPoolNeedsAState)
{
    auto ctx = make_context(0);
    VmafPictureConfiguration cfg{};
    cfg.pic_params = {64, 64, 8, VMAF_PIX_FMT_YUV420P};
    cfg.pic_cnt = 4;
    EXPECT_EQ(vmaf_hip_preallocate_pictures(ctx.get(), cfg), -EINVAL);
    EXPECT_EQ(vmaf_hip_preallocate_pictures(nullptr, cfg), -EINVAL);
}

TEST(HipRuntime, TwinWithoutStateFailsAtTheFirstFrame)
{
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "psnr_hip", nullptr), 0);
    VmafPicture ref, dis;
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    ASSERT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    EXPECT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, 0), -EINVAL);
}

struct StateDeleter {
    void operator()(VmafHipState *s) const { vmaf_hip_state_free(s); }
};

std::unique_ptr<VmafHipState, StateDeleter> first_device()
{
    VmafHipState *state = nullptr;
    EXPECT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    return std::unique_ptr<VmafHipState, StateDeleter>(state);
}

using HipRuntimeOnDevice = vmaf::test::HipDeviceTest;

TEST_F(HipRuntimeOnDevice, DeviceOutOfMemoryIsAnError)
{
    auto state = first_device();
    ASSERT_TRUE(state);
    vmaf::hip::DeviceBuffer huge;
    EXPECT_EQ(huge.allocate(size_t{1} << 60), -ENOMEM);
    EXPECT_EQ(huge.get(), nullptr);
    vmaf::hip::DeviceBuffer small;
    EXPECT_EQ(small.allocate(4096), 0);
    EXPECT_NE(small.get(), nullptr);
}

TEST_F(HipRuntimeOnDevice, PinnedPoolPictures)
{
    auto state = first_device();
    ASSERT_TRUE(state);
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state.get()), 0);
    VmafPictureConfiguration cfg{};
    cfg.pic_params = {99, 51, 10, VMAF_PIX_FMT_YUV420P};
    cfg.pic_cnt = 3;
    ASSERT_EQ(vmaf_hip_preallocate_pictures(ctx.get(), cfg), 0);
    VmafPicture pic;
    ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx.get(), &pic), 0);
    // Floor-sized chroma, as libvmaf's; the pinned memory holds the
    // ceil-sized planes a reader writes (50x26 here).
    EXPECT_EQ(pic.w[1], 49u);
    EXPECT_EQ(pic.h[1], 25u);
    std::memset(pic.data[0], 0x5a, pic.stride[0] * pic.h[0]);
    ASSERT_GE(pic.stride[1], 50 * 2);
    for (unsigned p = 1; p < 3; p++) std::memset(pic.data[p], 0x5a, pic.stride[p] * 26);
    EXPECT_EQ(vmaf_picture_unref(&pic), 0);
}

// Host rows with padding (stride > width) arrive on the device packed.
TEST_F(HipRuntimeOnDevice, StagingPacksRows)
{
    auto state = first_device();
    ASSERT_TRUE(state);
    VmafPicture pic;
    ASSERT_EQ(vmaf::picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 37, 5, vmaf::hip::pinned_allocator(*state)), 0);
    ASSERT_GT(pic.stride[0], 37 * 2);
    for (unsigned p = 0; p < 3; p++)
        for (unsigned y = 0; y < pic.h[p]; y++)
            for (unsigned x = 0; x < pic.w[p]; x++)
                reinterpret_cast<uint16_t *>(static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p])[x] =
                    static_cast<uint16_t>(p * 1000 + y * 64 + x);

    vmaf::hip::PlaneStaging staging;
    ASSERT_EQ(staging.allocate(VMAF_PIX_FMT_YUV420P, 10, 37, 5, 3), 0);
    vmaf::hip::Stream stream;
    ASSERT_EQ(stream.create(), 0);
    ASSERT_EQ(staging.upload(pic, stream), 0);
    for (unsigned p = 0; p < 3; p++) {
        std::vector<uint16_t> back(staging.samples(p));
        ASSERT_EQ(vmaf::hip::check(
                      [&] {
                          return hipMemcpyAsync(back.data(), staging.plane(p),
                                                back.size() * sizeof(uint16_t),
                                                hipMemcpyDeviceToHost, stream.get());
                      },
                      "hipMemcpyAsync"),
                  0);
        ASSERT_EQ(stream.synchronize(), 0);
        for (unsigned y = 0; y < pic.h[p]; y++)
            for (unsigned x = 0; x < pic.w[p]; x++)
                ASSERT_EQ(back[y * pic.w[p] + x], p * 1000 + y * 64 + x)
                    << "plane " << p << " x " << x << " y " << y;
    }
    vmaf_picture_unref(&pic);
}

} // namespace

namespace {

// VMAF_BACKEND=hip: a plain vmaf_init context runs the twins on GPU
// VMAF_GPU, with the CPU's scores (psnr is bit-exact), and frees the state
// at vmaf_close; an explicit import replaces it. (Without a GPU:
// test_env_backend.)
class EnvBackend : public vmaf::test::HipDeviceTest {
protected:
    void TearDown() override
    {
        unsetenv("VMAF_BACKEND");
        unsetenv("VMAF_GPU");
    }
};

double psnr_with(VmafContext *ctx)
{
    EXPECT_EQ(vmaf_use_feature(ctx, "psnr", nullptr), 0);
    EXPECT_EQ(vmaf::test::score_pair(ctx, vmaf::test::textured_picture(8, 64, 48),
                                     vmaf::test::textured_picture(8, 64, 48, 2)),
              0);
    return vmaf::test::score_of(ctx, "psnr_y");
}

TEST_F(EnvBackend, HipRunsTheTwinsWithTheCpusScores)
{
    const double want = psnr_with(make_context(0).get());
    for (const char *backend : {"hip", "auto"}) {
        setenv("VMAF_BACKEND", backend, 1);
        setenv("VMAF_GPU", "0", 1);
        auto ctx = make_context(0);
        ASSERT_NE(ctx->hip_state, nullptr) << backend;
        EXPECT_TRUE(ctx->owns_hip_state);
        EXPECT_EQ(psnr_with(ctx.get()), want) << backend;
        const auto names = ctx->extractor_names();
        ASSERT_EQ(names.size(), 1u);
        EXPECT_EQ(names[0], "psnr_hip");
    }
    // The program's own state replaces VMAF_BACKEND's.
    setenv("VMAF_BACKEND", "hip", 1);
    auto ctx = make_context(0);
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), state), 0);
    EXPECT_EQ(ctx->hip_state, state);
    EXPECT_FALSE(ctx->owns_hip_state);
    ctx.reset();
    vmaf_hip_state_free(state);
    // A GPU index beyond the machine's fails vmaf_init.
    setenv("VMAF_GPU", "1000", 1);
    VmafContext *raw = nullptr;
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    EXPECT_EQ(vmaf_init(&raw, cfg), -ENODEV);
    EXPECT_EQ(raw, nullptr);
}

} // namespace
