// Allocation failure at every allocation of a short run: the Nth allocation
// fails, for every N until a run needs fewer, with every CPU feature and a
// model, on the calling thread and on a worker. VMAF_ALLOCATION_FAILURE_STEP
// = "S:F" fails every S-th allocation from the F-th instead (the sanitizer
// build's cases take a third of the allocations between them). Each run must end with an
// error code or with the scores of a run that did not fail: never a crash,
// an abort or a wrong score (and, under LeakSanitizer, never a leak).
// The model is loaded before the failures start: nlohmann::json's
// destructor allocates, and a failure there ends any program that uses it.
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>
#include <gtest/gtest.h>

#include "extractor/registry.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/model.h"

namespace {

// Allocations left before the one that fails; negative: none fails.
std::atomic<long> g_countdown{-1};
std::atomic<bool> g_failed{false};

void *allocate(size_t bytes, size_t align)
{
    if (g_countdown.load(std::memory_order_relaxed) >= 0 &&
        g_countdown.fetch_sub(1, std::memory_order_relaxed) == 0) {
        g_failed = true;
        return nullptr;
    }
    if (bytes == 0) bytes = 1;
    if (!align) return std::malloc(bytes);
    return std::aligned_alloc(align, (bytes + align - 1) / align * align);
}

void *must_allocate(size_t bytes, size_t align)
{
    if (void *p = allocate(bytes, align)) return p;
    throw std::bad_alloc();
}

} // namespace

void *operator new(size_t n) { return must_allocate(n, 0); }
void *operator new[](size_t n) { return must_allocate(n, 0); }
void *operator new(size_t n, std::align_val_t a) { return must_allocate(n, size_t(a)); }
void *operator new[](size_t n, std::align_val_t a) { return must_allocate(n, size_t(a)); }
void *operator new(size_t n, const std::nothrow_t &) noexcept { return allocate(n, 0); }
void *operator new[](size_t n, const std::nothrow_t &) noexcept { return allocate(n, 0); }
void *operator new(size_t n, std::align_val_t a, const std::nothrow_t &) noexcept
{
    return allocate(n, size_t(a));
}
void *operator new[](size_t n, std::align_val_t a, const std::nothrow_t &) noexcept
{
    return allocate(n, size_t(a));
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

// 216 wide for cambi, 176 high for float_ms_ssim: the least sizes they take.
constexpr unsigned kW = 216, kH = 176, kFrames = 2;

// A picture of hashed noise, different per side and frame; nullptr-free
// even when the allocation fails (ref stays NULL).
int noise_picture(VmafPicture *pic, unsigned seed)
{
    if (int err = vmaf_picture_alloc(pic, VMAF_PIX_FMT_YUV420P, 8, kW, kH)) return err;
    uint32_t x = seed * 2654435761u + 1;
    for (int p = 0; p < 3; p++)
        for (unsigned y = 0; y < pic->h[p]; y++) {
            auto *row = static_cast<uint8_t *>(pic->data[p]) + y * pic->stride[p];
            for (unsigned i = 0; i < pic->w[p]; i++) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                row[i] = static_cast<uint8_t>(64 + (x & 127));
            }
        }
    return 0;
}

struct Run {
    int error = 0;
    std::vector<double> scores;
};

constexpr size_t kScores = kFrames * 13;

// Scores the noise clip with every CPU feature and the model; the first
// error, or every score. Nothing here allocates but the library: no gtest
// macro, and room for the scores made before.
Run score(unsigned threads, VmafModel *model)
{
    const long countdown = g_countdown.exchange(-1);
    Run run;
    run.scores.reserve(kScores);
    g_countdown = countdown;
    auto step = [&run](int err) {
        if (err && !run.error) run.error = err;
        return !run.error;
    };
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    cfg.n_threads = threads;
    VmafContext *ctx = nullptr;
    if (!step(vmaf_init(&ctx, cfg))) return run;
    step(vmaf_use_features_from_model(ctx, model));
    for (const VmafExtractor *e : vmaf::extractor_table()) {
        if (run.error) break;
        step(vmaf_use_feature(ctx, e->name, nullptr));
    }
    for (unsigned i = 0; i < kFrames && !run.error; i++) {
        VmafPicture ref{}, dis{};
        if (step(noise_picture(&ref, 2 * i)) && step(noise_picture(&dis, 2 * i + 1))) {
            step(vmaf_read_pictures(ctx, &ref, &dis, i));
        } else {
            if (ref.ref) vmaf_picture_unref(&ref);
            if (dis.ref) vmaf_picture_unref(&dis);
        }
    }
    if (!run.error) step(vmaf_read_pictures(ctx, nullptr, nullptr, 0));
    for (unsigned i = 0; i < kFrames && !run.error; i++) {
        double v = 0;
        if (step(vmaf_score_at_index(ctx, model, &v, i))) run.scores.push_back(v);
        for (const char *key : {"psnr_y", "float_ssim", "float_ms_ssim", "ciede2000",
                                "integer_adm2", "integer_vif_scale0", "integer_motion2",
                                "VMAF_feature_adm2_score", "VMAF_feature_vif_scale3_score",
                                "VMAF_feature_motion2_score", "psnr_hvs", "cambi"}) {
            if (step(vmaf_feature_score_at_index(ctx, key, &v, i))) run.scores.push_back(v);
        }
    }
    vmaf_close(ctx);
    return run;
}

struct Step {
    long every = 1, first = 0;
};

// VMAF_ALLOCATION_FAILURE_STEP, read before any allocation may fail.
Step step_from_environment()
{
    Step s;
    const char *text = std::getenv("VMAF_ALLOCATION_FAILURE_STEP");
    if (text && std::sscanf(text, "%ld:%ld", &s.every, &s.first) != 2) s = Step{};
    if (s.every < 1 || s.first < 0) s = Step{};
    return s;
}

void fail_every_allocation(unsigned threads)
{
    const Step step = step_from_environment();
    VmafModel *model = nullptr;
    VmafModelConfig mcfg{};
    ASSERT_EQ(vmaf_model_load(&model, &mcfg, "vmaf_v0.6.1"), 0);
    const Run clean = score(threads, model);
    ASSERT_EQ(clean.error, 0);
    ASSERT_EQ(clean.scores.size(), kScores);
    long n = step.first, failed = 0;
    for (;; n += step.every, failed++) {
        g_failed = false;
        g_countdown = n;
        const Run run = score(threads, model);
        g_countdown = -1;
        if (!g_failed) break;
        // A failure may be absorbed (a retry, a cache), never turned into a
        // different score.
        if (run.error == 0) EXPECT_EQ(run.scores, clean.scores) << "allocation " << n;
        else EXPECT_LT(run.error, 0) << "allocation " << n;
    }
    vmaf_model_destroy(model);
    EXPECT_GT(n, 100) << "too few allocations failed to cover the run";
    std::printf("%u threads: failed %ld of %ld allocations in turn (every %ld from %ld)\n",
                threads, failed, n, step.every, step.first);
}

TEST(AllocationFailure, EveryAllocationOnTheCallingThread) { fail_every_allocation(0); }

TEST(AllocationFailure, EveryAllocationWithAWorker) { fail_every_allocation(1); }

} // namespace
