// Library-level throughput of the default model (vmaf_v0.6.1): pictures
// already in (pinned, with the HIP backend) memory, no file reading. Eight
// synthetic frame pairs are made once and handed to vmaf_read_pictures over
// and over, each time as a new reference to the same picture, so the loop
// measures the engine and its extractors alone.
//
//   bench_throughput [--backend cpu|hip] [--threads N] [--frames N] [--gpu I]
//                    [--copy] WIDTH HEIGHT [BITS]
//
// Prints one line: backend, size, frames, seconds, fps and the vmaf of the
// first 64 frames (equal across backends, whatever the frame count). --copy (HIP builds) instead times the copy of
// one luma plane from pinned memory to the device, the unit of the HIP
// twins' staging.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fmt/core.h>
#include <string>
#include <vector>

#include "base/picture_memory.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_hip.h"

#ifdef VMAF_HAVE_HIP
#include "hip/runtime/buffer.h"
#include "hip/runtime/device.h"
#include "hip/runtime/stream.h"
#endif

namespace {

constexpr unsigned kDistinctFrames = 8;

struct Settings {
    std::string backend = "hip";
    unsigned threads = 0, frames = 1000, width = 0, height = 0, bits = 8;
    int gpu = 0;
    bool copy = false;
};

[[noreturn]] void usage()
{
    std::fputs("usage: bench_throughput [--backend cpu|hip] [--threads N] [--frames N] "
               "[--gpu I] [--copy] WIDTH HEIGHT [BITS]\n",
               stderr);
    std::exit(2);
}

Settings parse(int argc, char **argv)
{
    Settings s;
    std::vector<unsigned> numbers;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        auto value = [&] {
            if (i + 1 >= argc) usage();
            return std::string(argv[++i]);
        };
        if (a == "--backend") s.backend = value();
        else if (a == "--threads") s.threads = static_cast<unsigned>(std::stoul(value()));
        else if (a == "--frames") s.frames = static_cast<unsigned>(std::stoul(value()));
        else if (a == "--gpu") s.gpu = std::stoi(value());
        else if (a == "--copy") s.copy = true;
        else if (!a.empty() && a[0] != '-') numbers.push_back(static_cast<unsigned>(std::stoul(a)));
        else usage();
    }
    if (numbers.size() < 2 || numbers.size() > 3 || s.frames == 0 ||
        (s.backend != "cpu" && s.backend != "hip"))
        usage();
    s.width = numbers[0];
    s.height = numbers[1];
    if (numbers.size() == 3) s.bits = numbers[2];
    return s;
}

// Textured frames (a moving pattern plus noise) and a noisier, shifted
// distorted copy, so that every feature has work and the scores vary.
void fill(VmafPicture &pic, unsigned frame, bool distorted, unsigned bits)
{
    uint32_t seed = 2463534242u + frame * 7919u + (distorted ? 104729u : 0u);
    const unsigned max = (1u << bits) - 1;
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < pic.h[p]; y++) {
            auto *row = static_cast<uint8_t *>(pic.data[p]) + static_cast<size_t>(y) * pic.stride[p];
            for (unsigned x = 0; x < pic.w[p]; x++) {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                const unsigned pattern = ((x + 3 * frame) * 5 + (y ^ (x >> 3)) * 3) & 255;
                const unsigned noise = seed % (distorted ? 24 : 6);
                unsigned v = (pattern + noise) & 255;
                if (bits > 8) {
                    v = (v << (bits - 8)) & max;
                    reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(v);
                } else {
                    row[x] = static_cast<uint8_t>(v);
                }
            }
        }
    }
}

int fail(const char *what)
{
    std::fprintf(stderr, "bench_throughput: %s failed\n", what);
    return 1;
}

#ifdef VMAF_HAVE_HIP
// Milliseconds to copy one luma plane from pinned memory to the device.
int time_copy(const Settings &s)
{
    using namespace vmaf::hip;
    DeviceInfo info;
    if (select_device(s.gpu, &info)) return fail("selecting the GPU");
    const size_t bytes = size_t{s.width} * s.height * (s.bits > 8 ? 2 : 1);
    PinnedBuffer host;
    DeviceBuffer device;
    Event start, stop;
    Stream stream;
    if (host.allocate(bytes) || device.allocate(bytes) || start.create(true) ||
        stop.create(true) || stream.create())
        return fail("allocating");
    std::memset(host.get(), 1, bytes);
    constexpr int kCopies = 200;
    for (int warm = 0; warm < 2; warm++) {
        if (start.record(stream)) return fail("recording");
        for (int i = 0; i < kCopies; i++)
            if (hipMemcpyAsync(device.get(), host.get(), bytes, hipMemcpyHostToDevice,
                               stream.get()) != hipSuccess)
                return fail("copying");
        if (stop.record(stream) || stop.synchronize()) return fail("waiting");
    }
    float ms = 0;
    if (hipEventElapsedTime(&ms, start.get(), stop.get()) != hipSuccess) return fail("timing");
    fmt::print("copy {}x{} {}-bit luma plane: {:.4f} ms, {:.1f} GB/s\n", s.width, s.height,
               s.bits, ms / kCopies, bytes * kCopies / (ms * 1e6));
    return 0;
}
#endif

int run(const Settings &s)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_WARNING;
    cfg.n_threads = s.threads;
    VmafContext *ctx = nullptr;
    if (vmaf_init(&ctx, cfg)) return fail("vmaf_init");
    [[maybe_unused]] VmafHipState *hip = nullptr;
    if (s.backend == "hip") {
#ifdef VMAF_HAVE_HIP
        VmafHipConfiguration hc{};
        hc.device = s.gpu;
        if (vmaf_hip_state_init(&hip, hc) || vmaf_hip_import_state(ctx, hip))
            return fail("starting the HIP backend");
#else
        return fail("--backend hip: this build has no HIP backend");
#endif
    }
    VmafModel *model = nullptr;
    VmafModelConfig mc{};
    mc.name = "vmaf";
    if (vmaf_model_load(&model, &mc, "vmaf_v0.6.1") || vmaf_use_features_from_model(ctx, model))
        return fail("loading vmaf_v0.6.1");

    VmafPictureConfiguration pc{};
    pc.pic_params.w = s.width;
    pc.pic_params.h = s.height;
    pc.pic_params.bpc = s.bits;
    pc.pic_params.pix_fmt = VMAF_PIX_FMT_YUV420P;
    pc.pic_cnt = 2 * kDistinctFrames + 2 * (s.threads + 2);
    if (vmaf_preallocate_pictures(ctx, pc)) return fail("vmaf_preallocate_pictures");
    std::vector<VmafPicture> ref(kDistinctFrames), dis(kDistinctFrames);
    for (unsigned i = 0; i < kDistinctFrames; i++) {
        if (vmaf_fetch_preallocated_picture(ctx, &ref[i]) ||
            vmaf_fetch_preallocated_picture(ctx, &dis[i]))
            return fail("vmaf_fetch_preallocated_picture");
        fill(ref[i], i, false, s.bits);
        fill(dis[i], i, true, s.bits);
    }

    const auto t0 = std::chrono::steady_clock::now();
    for (unsigned n = 0; n < s.frames; n++) {
        VmafPicture r, d;
        vmaf::picture_ref(&r, &ref[n % kDistinctFrames]);
        vmaf::picture_ref(&d, &dis[n % kDistinctFrames]);
        if (vmaf_read_pictures(ctx, &r, &d, n)) return fail("vmaf_read_pictures");
    }
    if (vmaf_read_pictures(ctx, nullptr, nullptr, 0)) return fail("the flush");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double score = 0;
    const unsigned pooled = s.frames < 64 ? s.frames : 64;
    if (vmaf_score_pooled(ctx, model, VMAF_POOL_METHOD_MEAN, &score, 0, pooled - 1))
        return fail("vmaf_score_pooled");
    fmt::print("{} {}x{} {}-bit threads {}: {} frames {:.3f} s {:.1f} fps vmaf {:.6f} ({} frames)\n",
               s.backend, s.width, s.height, s.bits, s.threads, s.frames, seconds,
               s.frames / seconds, score, pooled);

    for (unsigned i = 0; i < kDistinctFrames; i++) {
        vmaf_picture_unref(&ref[i]);
        vmaf_picture_unref(&dis[i]);
    }
    vmaf_model_destroy(model);
    vmaf_close(ctx);
#ifdef VMAF_HAVE_HIP
    if (hip) vmaf_hip_state_free(hip);
#endif
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const Settings s = parse(argc, argv);
    if (s.copy) {
#ifdef VMAF_HAVE_HIP
        return time_copy(s);
#else
        std::fputs("bench_throughput: built without the HIP backend\n", stderr);
        return 1;
#endif
    }
    return run(s);
}
