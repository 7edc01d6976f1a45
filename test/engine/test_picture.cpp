// Pictures: plane geometry, refcounting, and the preallocated pool.
#include <gtest/gtest.h>

#include "libvmaf/libvmaf.h"

namespace {

TEST(Picture, ChromaPlanesAreCeilSized)
{
    struct Case {
        VmafPixelFormat fmt;
        unsigned w, h, cw, ch;
    };
    const Case cases[] = {
        {VMAF_PIX_FMT_YUV420P, 481, 271, 241, 136}, {VMAF_PIX_FMT_YUV420P, 1, 1, 1, 1},
        {VMAF_PIX_FMT_YUV422P, 481, 271, 241, 271}, {VMAF_PIX_FMT_YUV444P, 7, 5, 7, 5},
        {VMAF_PIX_FMT_YUV400P, 9, 3, 0, 0},
    };
    for (const auto &c : cases) {
        VmafPicture pic;
        ASSERT_EQ(vmaf_picture_alloc(&pic, c.fmt, 8, c.w, c.h), 0);
        EXPECT_EQ(pic.w[0], c.w);
        EXPECT_EQ(pic.h[0], c.h);
        EXPECT_EQ(pic.w[1], c.cw);
        EXPECT_EQ(pic.h[1], c.ch);
        EXPECT_EQ(pic.w[2], c.cw);
        EXPECT_EQ(pic.h[2], c.ch);
        EXPECT_GE(pic.stride[0], static_cast<ptrdiff_t>(c.w));
        EXPECT_EQ(pic.data[1] == nullptr, c.fmt == VMAF_PIX_FMT_YUV400P);
        EXPECT_EQ(vmaf_picture_unref(&pic), 0);
    }
}

TEST(Picture, DeepSamplesTakeTwoBytes)
{
    for (unsigned bpc : {9u, 10u, 12u, 16u}) {
        VmafPicture pic;
        ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, bpc, 33, 17), 0);
        EXPECT_GE(pic.stride[0], 66);
        // The whole row is writable.
        static_cast<uint16_t *>(pic.data[0])[32] = 0xffff;
        EXPECT_EQ(vmaf_picture_unref(&pic), 0);
    }
}

TEST(Picture, RejectsBadParameters)
{
    VmafPicture pic;
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 7, 16, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 17, 16, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 0, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 16, 0), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_UNKNOWN, 8, 16, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 1u << 20, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_alloc(nullptr, VMAF_PIX_FMT_YUV420P, 8, 16, 16), -EINVAL);
    EXPECT_EQ(vmaf_picture_unref(nullptr), -EINVAL);
}

TEST(PicturePool, RecyclesPicturesAndRefusesTooFew)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    VmafPicture pic;
    EXPECT_EQ(vmaf_fetch_preallocated_picture(ctx, &pic), -EINVAL); // nothing preallocated
    VmafPictureConfiguration pc{};
    pc.pic_params = {64, 32, 8, VMAF_PIX_FMT_YUV420P};
    pc.pic_cnt = 2;
    EXPECT_EQ(vmaf_preallocate_pictures(ctx, pc), -EINVAL);
    pc.pic_cnt = 3;
    ASSERT_EQ(vmaf_preallocate_pictures(ctx, pc), 0);
    VmafPicture a, b, c, d;
    ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &a), 0);
    ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &b), 0);
    ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &c), 0);
    void *first = a.data[0];
    EXPECT_EQ(a.w[0], 64u);
    EXPECT_EQ(vmaf_picture_unref(&a), 0);
    // The pool is empty but for the one just returned.
    ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &d), 0);
    EXPECT_EQ(d.data[0], first);
    for (VmafPicture *p : {&b, &c, &d}) EXPECT_EQ(vmaf_picture_unref(p), 0);
    EXPECT_EQ(vmaf_close(ctx), 0);
}

} // namespace
