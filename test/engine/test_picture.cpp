// Pictures: plane geometry, refcounting, and the preallocated pool.
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <condition_variable>
#include <deque>
#include <gtest/gtest.h>
#include <malloc.h>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <utility>

#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"
#include "support/finishes_within.h"

namespace {

using vmaf::test::finishes_within;

VmafPictureConfiguration pool_config(unsigned count)
{
    VmafPictureConfiguration pc{};
    pc.pic_params = {64, 32, 8, VMAF_PIX_FMT_YUV420P};
    pc.pic_cnt = count;
    return pc;
}

TEST(Picture, ChromaPlanesAreCeilSized)
{
    struct Case {
        VmafPixelFormat fmt;
        unsigned w, h, cw, ch;
    };
    const Case cases[] = {
        // Subsampled chroma rounded down, as libvmaf's.
        {VMAF_PIX_FMT_YUV420P, 481, 271, 240, 135}, {VMAF_PIX_FMT_YUV420P, 1, 1, 0, 0},
        {VMAF_PIX_FMT_YUV422P, 481, 271, 240, 271}, {VMAF_PIX_FMT_YUV444P, 7, 5, 7, 5},
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

// The memory holds the planes as a file stores them (ceil-sized chroma), so
// a reader may write a whole stored plane; AddressSanitizer checks the
// writes stay inside.
TEST(Picture, MemoryHoldsCodedPlanes)
{
    for (unsigned bpc : {8u, 10u}) {
        VmafPicture pic;
        ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, bpc, 481, 271), 0);
        const size_t bytes = bpc > 8 ? 2 : 1;
        for (unsigned p = 0; p < 3; p++) {
            const unsigned w = p ? 241 : 481, h = p ? 136 : 271;
            ASSERT_GE(pic.stride[p], static_cast<ptrdiff_t>(w * bytes));
            for (unsigned y = 0; y < h; y++)
                std::memset(static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p], 0x5a, w * bytes);
        }
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

// What a context holds while it scores, which callers size their pools by
// (the CLI's readers, the CUDA API's device pool): the pair in hand, then a
// pair for each worker's job and one picture queued; nothing is asked of a
// context that is not there.
TEST(PicturePool, ContextSaysHowManyPicturesItHolds)
{
    for (auto [threads, want] : {std::pair{0u, 4u}, {1u, 5u}, {8u, 19u}}) {
        VmafConfiguration cfg{};
        cfg.n_threads = threads;
        VmafContext *ctx = nullptr;
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        unsigned held = 0;
        ASSERT_EQ(vmaf_pictures_held(ctx, &held), 0);
        EXPECT_EQ(held, want) << threads << " threads";
        EXPECT_EQ(vmaf_pictures_held(ctx, nullptr), -EINVAL);
        EXPECT_EQ(vmaf_close(ctx), 0);
    }
    unsigned held = 7;
    EXPECT_EQ(vmaf_pictures_held(nullptr, &held), -EINVAL);
    EXPECT_EQ(held, 7u);
}

// Motion keeps the two previous reference pictures: the smallest pool still
// scores every frame, on the calling thread and on workers.
TEST(PicturePool, SmallestPoolScoresEveryFrameWithMotion)
{
    for (unsigned threads : {0u, 2u}) {
        SCOPED_TRACE(threads);
        finishes_within(std::chrono::seconds(60), [threads] {
            VmafConfiguration cfg{};
            cfg.n_threads = threads;
            VmafContext *ctx = nullptr;
            ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
            ASSERT_EQ(vmaf_use_feature(ctx, "motion", nullptr), 0);
            ASSERT_EQ(vmaf_use_feature(ctx, "psnr", nullptr), 0);
            ASSERT_EQ(vmaf_preallocate_pictures(ctx, pool_config(3)), 0);
            const unsigned frames = 8;
            for (unsigned i = 0; i < frames; i++) {
                VmafPicture ref, dis;
                ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &ref), 0);
                ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &dis), 0);
                // A frame whose luma steps by 4 each frame: motion is 4 from frame 1.
                std::memset(ref.data[0], static_cast<int>(16 + 4 * i), ref.stride[0] * ref.h[0]);
                std::memset(dis.data[0], static_cast<int>(17 + 4 * i), dis.stride[0] * dis.h[0]);
                ASSERT_EQ(vmaf_read_pictures(ctx, &ref, &dis, i), 0);
            }
            ASSERT_EQ(vmaf_read_pictures(ctx, nullptr, nullptr, 0), 0);
            for (unsigned i = 0; i < frames; i++) {
                double psnr = 0, motion = -1;
                ASSERT_EQ(vmaf_feature_score_at_index(ctx, "psnr_y", &psnr, i), 0);
                ASSERT_EQ(vmaf_feature_score_at_index(ctx, "integer_motion2", &motion, i), 0);
                EXPECT_DOUBLE_EQ(psnr, 10.0 * std::log10(255.0 * 255.0));
                EXPECT_DOUBLE_EQ(motion, i == 0 ? 0.0 : 4.0) << "frame " << i;
            }
            EXPECT_EQ(vmaf_close(ctx), 0);
        });
    }
}

// A pool takes what was asked plus the four pictures a context may keep
// (two previous references, and the last frame's pair while extractors
// still read it); once all are out and no worker will give one back,
// fetching is an error.
TEST(PicturePool, ExhaustedPoolIsAnErrorNotAWait)
{
    finishes_within(std::chrono::seconds(30), [] {
        VmafConfiguration cfg{};
        VmafContext *ctx = nullptr;
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        ASSERT_EQ(vmaf_preallocate_pictures(ctx, pool_config(3)), 0);
        VmafPicture pics[7];
        for (auto &p : pics) ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &p), 0);
        VmafPicture extra;
        EXPECT_EQ(vmaf_fetch_preallocated_picture(ctx, &extra), -EBUSY);
        ASSERT_EQ(vmaf_picture_unref(&pics[0]), 0);
        ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &pics[0]), 0);
        for (auto &p : pics) EXPECT_EQ(vmaf_picture_unref(&p), 0);
        EXPECT_EQ(vmaf_close(ctx), 0);
    });
}

// Pictures still out when the context closes are freed by their last unref.
TEST(PicturePool, PictureOutlivesItsContext)
{
    finishes_within(std::chrono::seconds(30), [] {
        VmafConfiguration cfg{};
        VmafContext *ctx = nullptr;
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        ASSERT_EQ(vmaf_preallocate_pictures(ctx, pool_config(3)), 0);
        VmafPicture a, b;
        ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &a), 0);
        ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &b), 0);
        EXPECT_EQ(vmaf_close(ctx), 0);
        std::memset(a.data[0], 7, a.stride[0] * a.h[0]);
        EXPECT_EQ(vmaf_picture_unref(&a), 0);
        EXPECT_EQ(vmaf_picture_unref(&b), 0);
    });
}

// The CLI's readers: two threads fetch from one pool at once, each holding
// at most kDepth pictures (they wait for room before fetching), while the
// main thread checks and unrefs them. No fetch fails, and no picture is
// handed to two holders (each holder's stamp survives until it is given
// back).
TEST(PicturePool, TwoThreadsFetchWhileAThirdGivesBack)
{
    finishes_within(std::chrono::seconds(60), [] {
        VmafConfiguration cfg{};
        VmafContext *ctx = nullptr;
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        // 2 * kDepth with the producers, 1 with the consumer; 4 + 4 in the pool.
        ASSERT_EQ(vmaf_preallocate_pictures(ctx, pool_config(4)), 0);
        constexpr unsigned kPerThread = 3000, kDepth = 2;
        struct Queue {
            std::mutex mutex;
            std::condition_variable changed;
            std::deque<VmafPicture> pics;
            bool done = false;
            int failures = 0;
        } queues[2];
        auto produce = [&](unsigned id) {
            Queue &q = queues[id];
            for (unsigned i = 0; i < kPerThread; i++) {
                {
                    std::unique_lock lock(q.mutex);
                    q.changed.wait(lock, [&] { return q.pics.size() < kDepth; });
                }
                VmafPicture pic;
                if (vmaf_fetch_preallocated_picture(ctx, &pic)) {
                    q.failures++; // read after the join
                    break;
                }
                std::memset(pic.data[0], static_cast<int>(id * 128 + i % 128),
                            pic.stride[0] * pic.h[0]);
                std::lock_guard lock(q.mutex);
                q.pics.push_back(pic);
            }
            std::lock_guard lock(q.mutex);
            q.done = true;
        };
        std::thread a(produce, 0), b(produce, 1);
        unsigned taken[2] = {0, 0}, bad = 0;
        for (bool all_done = false; !all_done;) {
            all_done = true;
            bool popped = false;
            for (unsigned id = 0; id < 2; id++) {
                Queue &q = queues[id];
                VmafPicture pic;
                {
                    std::lock_guard lock(q.mutex);
                    if (q.pics.empty()) {
                        all_done = all_done && q.done;
                        continue;
                    }
                    pic = q.pics.front();
                    q.pics.pop_front();
                }
                q.changed.notify_all();
                all_done = false;
                popped = true;
                const auto *y = static_cast<const uint8_t *>(pic.data[0]);
                const auto stamp = static_cast<uint8_t>(id * 128 + taken[id] % 128);
                for (size_t k = 0; k < static_cast<size_t>(pic.stride[0]) * pic.h[0]; k++)
                    bad += y[k] != stamp;
                EXPECT_EQ(vmaf_picture_unref(&pic), 0);
                taken[id]++;
            }
            if (!popped) std::this_thread::yield();
        }
        a.join();
        b.join();
        EXPECT_EQ(queues[0].failures + queues[1].failures, 0);
        EXPECT_EQ(taken[0], kPerThread);
        EXPECT_EQ(taken[1], kPerThread);
        EXPECT_EQ(bad, 0u);
        EXPECT_EQ(vmaf_close(ctx), 0);
    });
}

// The process's resident memory in bytes.
double resident_bytes()
{
    long pages = 0, resident = 0;
    FILE *f = std::fopen("/proc/self/statm", "r");
    if (!f) return -1;
    const int n = std::fscanf(f, "%ld %ld", &pages, &resident);
    std::fclose(f);
    return n == 2 ? static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) : -1;
}

// Every picture of a pool is made, and the planes its features read are
// written, when it is preallocated: a long run's memory is what it is at
// its first frame, never a step hours in (issue 57's soak). 2160p 4:4:4
// pictures, so that the chroma planes left alone show.
TEST(PicturePool, EveryPictureIsMadeAndWrittenAtOnce)
{
    // Large blocks from fresh mappings, not from memory that earlier tests
    // freed and that is resident already, and not filled by malloc itself
    // (meson's MALLOC_PERTURB_).
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_PERTURB, 0);
    constexpr double kPlane = 3840.0 * 2160.0;
    constexpr unsigned kAsked = 3, kPool = kAsked + 4;
    struct Case {
        const char *feature; // nullptr: none added yet, every plane written
        double planes;
    };
    for (const Case c : {Case{"psnr", 3}, Case{"motion", 1}, Case{nullptr, 3}}) {
        SCOPED_TRACE(c.feature ? c.feature : "no feature");
        VmafConfiguration cfg{};
        VmafContext *ctx = nullptr;
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        if (c.feature) {
            ASSERT_EQ(vmaf_use_feature(ctx, c.feature, nullptr), 0);
        }
        VmafPictureConfiguration pc{};
        pc.pic_params = {3840, 2160, 8, VMAF_PIX_FMT_YUV444P};
        pc.pic_cnt = kAsked;
        const double before = resident_bytes();
        ASSERT_EQ(vmaf_preallocate_pictures(ctx, pc), 0);
        const double made = resident_bytes();
        const double grown = made - before;
        // Written planes are resident; the allocator's and AddressSanitizer's
        // overheads stay well under one plane a picture. ThreadSanitizer
        // shadows every byte written several times over: the planes left
        // alone are not told from its shadow there.
        EXPECT_GE(grown, 0.95 * kPool * c.planes * kPlane);
#if !defined(__SANITIZE_THREAD__)
        EXPECT_LT(grown, kPool * (c.planes + 1) * kPlane);
#endif
        VmafPicture pics[kPool];
        for (auto &p : pics) {
            ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx, &p), 0);
            EXPECT_EQ(static_cast<const unsigned char *>(p.data[0])[0], 0);
        }
        EXPECT_LT(resident_bytes() - made, kPlane) << "fetching made pictures";
        for (auto &p : pics) EXPECT_EQ(vmaf_picture_unref(&p), 0);
        EXPECT_EQ(vmaf_close(ctx), 0);
    }
}

TEST(PicturePool, RefusesUnknownFormatsAndHugeCounts)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    EXPECT_EQ(vmaf_preallocate_pictures(ctx, pool_config(1u << 30)), -EINVAL);
    VmafPictureConfiguration pc = pool_config(3);
    pc.pic_params.w = 1u << 20;
    EXPECT_EQ(vmaf_preallocate_pictures(ctx, pc), -EINVAL);
    EXPECT_EQ(vmaf_close(ctx), 0);
}

} // namespace
