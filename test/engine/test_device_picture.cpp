// Device pictures (picture_wrap_device, under vmaf_hip_picture_wrap): their
// memory goes back to its owner once, with the last reference, or at once
// when they cannot be made; a context whose extractors run on the CPU
// refuses them. No device is needed: nothing here reads the planes.
#include <cerrno>
#include <gtest/gtest.h>
#include <tuple>

#include "base/picture_memory.h"
#include "libvmaf/libvmaf.h"

namespace {

struct Owner {
    int released = 0;
    int ready_freed = 0;
};

void release(void *cookie) { static_cast<Owner *>(cookie)->released++; }

// A stand-in for the module's event: the owner counts its destruction.
void ready_free(void *ready) { static_cast<Owner *>(ready)->ready_freed++; }

// Addresses that stand for device memory; never dereferenced.
unsigned char fake_device[3][64];

int wrap(Owner &owner, VmafPicture &pic, VmafPixelFormat fmt = VMAF_PIX_FMT_YUV420P,
         unsigned w = 16, unsigned bpc = 8)
{
    vmaf::DevicePlanes device{};
    // NV12: chroma interleaved, U and V one byte apart.
    device.layout[0] = {1, 1, 0};
    device.layout[1] = device.layout[2] = {2, 1, 0};
    device.ready = &owner;
    device.ready_free = ready_free;
    device.release = release;
    device.cookie = &owner;
    void *data[3] = {fake_device[0], fake_device[1], fake_device[1] + 1};
    const ptrdiff_t stride[3] = {32, 32, 32};
    return vmaf::picture_wrap_device(&pic, fmt, bpc, w, 8, data, stride, device);
}

TEST(DevicePicture, ReleasedOnceWithTheLastReference)
{
    Owner owner;
    VmafPicture pic{}, second{};
    ASSERT_EQ(wrap(owner, pic), 0);
    ASSERT_NE(vmaf::picture_device(pic), nullptr);
    EXPECT_EQ(vmaf::picture_device(pic)->layout[1].step, 2u);
    EXPECT_EQ(pic.data[2], static_cast<void *>(fake_device[1] + 1));
    EXPECT_EQ(pic.w[1], 8u);
    EXPECT_EQ(pic.h[1], 4u);
    vmaf::picture_ref(&second, &pic);
    ASSERT_EQ(vmaf_picture_unref(&pic), 0);
    EXPECT_EQ(owner.released, 0);
    ASSERT_EQ(vmaf_picture_unref(&second), 0);
    EXPECT_EQ(owner.released, 1);
    EXPECT_EQ(owner.ready_freed, 1);
}

TEST(DevicePicture, HostPicturesAreNot)
{
    VmafPicture pic{};
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 16, 8), 0);
    EXPECT_EQ(vmaf::picture_device(pic), nullptr);
    vmaf_picture_unref(&pic);
}

TEST(DevicePicture, ReleasedAtOnceWhenItCannotBeMade)
{
    for (const auto &[fmt, w, bpc] :
         {std::tuple{VMAF_PIX_FMT_UNKNOWN, 16u, 8u}, std::tuple{VMAF_PIX_FMT_YUV420P, 0u, 8u},
          std::tuple{VMAF_PIX_FMT_YUV420P, 16u, 17u}}) {
        Owner owner;
        VmafPicture pic{};
        EXPECT_EQ(wrap(owner, pic, fmt, w, bpc), -EINVAL);
        EXPECT_EQ(pic.ref, nullptr);
        EXPECT_EQ(owner.released, 1);
        EXPECT_EQ(owner.ready_freed, 1);
    }
}

TEST(DevicePicture, ACpuExtractorRefusesIt)
{
    VmafContext *ctx = nullptr;
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    ASSERT_EQ(vmaf_use_feature(ctx, "psnr", nullptr), 0);
    Owner owner;
    VmafPicture ref{}, dis{};
    ASSERT_EQ(wrap(owner, dis), 0);
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 16, 8), 0);
    // Refused before any extractor reads it; the context took both over.
    EXPECT_EQ(vmaf_read_pictures(ctx, &ref, &dis, 0), -EINVAL);
    EXPECT_EQ(owner.released, 1);
    EXPECT_EQ(dis.ref, nullptr);
    vmaf_close(ctx);
}

} // namespace
