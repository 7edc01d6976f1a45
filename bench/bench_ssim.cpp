// Frames per second of float_ssim, float_ms_ssim, psnr_hvs and ciede at
// 1920x1080 8-bit 4:2:0, one thread, through the public API (as the CLI
// drives them; picture setup included, which is small beside the features).
// The rate is per CPU second: the machines these run on are shared.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "libvmaf/libvmaf.h"

namespace {

constexpr unsigned kW = 1920, kH = 1080;

// A textured picture and a distorted copy (smoothed, with noise), as bytes
// of each plane, made once.
struct Frames {
    std::vector<uint8_t> ref[3], dis[3];
    unsigned w[3] = {kW, kW / 2, kW / 2}, h[3] = {kH, kH / 2, kH / 2};

    Frames()
    {
        uint32_t seed = 12345;
        auto rnd = [&seed] {
            seed = seed * 1664525u + 1013904223u;
            return seed >> 24;
        };
        for (unsigned p = 0; p < 3; p++) {
            ref[p].resize(size_t{w[p]} * h[p]);
            dis[p].resize(ref[p].size());
            for (unsigned y = 0; y < h[p]; y++)
                for (unsigned x = 0; x < w[p]; x++)
                    ref[p][y * w[p] + x] =
                        static_cast<uint8_t>(16 + ((x / 7 + y / 5) * 37 + (x * y) % 61 + rnd() % 24) % 200);
            for (unsigned y = 0; y < h[p]; y++)
                for (unsigned x = 0; x < w[p]; x++) {
                    const unsigned l = ref[p][y * w[p] + (x ? x - 1 : x)], r = ref[p][y * w[p] + x];
                    dis[p][y * w[p] + x] = static_cast<uint8_t>((l + r) / 2 + rnd() % 5);
                }
        }
    }

    void fill(VmafPicture &pic, const std::vector<uint8_t> *planes) const
    {
        for (unsigned p = 0; p < 3; p++)
            for (unsigned y = 0; y < h[p]; y++)
                std::memcpy(static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p],
                            planes[p].data() + size_t{y} * w[p], w[p]);
    }
};

const Frames &frames()
{
    static const Frames f;
    return f;
}

void feature_fps(benchmark::State &state, const char *feature)
{
    const Frames &f = frames();
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_threads = 0;
    VmafContext *ctx = nullptr;
    if (vmaf_init(&ctx, cfg) || vmaf_use_feature(ctx, feature, nullptr)) {
        state.SkipWithError("could not set up the context");
        return;
    }
    unsigned index = 0;
    for (auto _ : state) {
        VmafPicture ref, dis;
        if (vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, kW, kH)) {
            state.SkipWithError("out of memory");
            break;
        }
        if (vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, kW, kH)) {
            vmaf_picture_unref(&ref);
            state.SkipWithError("out of memory");
            break;
        }
        f.fill(ref, f.ref);
        f.fill(dis, f.dis);
        if (vmaf_read_pictures(ctx, &ref, &dis, index++)) {
            state.SkipWithError("scoring failed");
            break;
        }
    }
    vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    vmaf_close(ctx);
    state.counters["fps"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                               benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(feature_fps, float_ssim, "float_ssim")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(feature_fps, float_ms_ssim, "float_ms_ssim")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(feature_fps, psnr_hvs, "psnr_hvs")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(feature_fps, ciede, "ciede")->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
