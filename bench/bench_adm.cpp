// Single-thread frames per second of the adm extractor's computation
// (IntegerAdm::compute: both pictures' transforms and all four scales) on
// synthetic 8- and 10-bit frame pairs: a textured reference and a noisy copy.
#include <benchmark/benchmark.h>
#include <cstdint>
#include <cstring>

#include "cpu/cpu_flags.h"
#include "feature/adm/adm_compute.h"
#include "libvmaf/picture.h"

namespace {

// A frame with detail at every scale; `noise` > 0 adds distortion.
VmafPicture synthetic(unsigned w, unsigned h, unsigned bpc, unsigned noise)
{
    VmafPicture pic;
    vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, bpc, w, h);
    const unsigned max = (1u << bpc) - 1;
    uint32_t s = 12345;
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            s = s * 1103515245u + 12345u;
            const unsigned pattern = (x * 7 + y * 3 + ((x * y) >> 4)) << (bpc - 8);
            unsigned v = pattern + (s >> 16) % (noise + 1);
            v &= max;
            if (bpc > 8)
                static_cast<uint16_t *>(pic.data[0])[y * pic.stride[0] / 2 + x] =
                    static_cast<uint16_t>(v);
            else
                static_cast<uint8_t *>(pic.data[0])[y * pic.stride[0] + x] =
                    static_cast<uint8_t>(v);
        }
    }
    return pic;
}

void adm(benchmark::State &state)
{
    const auto w = static_cast<unsigned>(state.range(0));
    const auto h = static_cast<unsigned>(state.range(1));
    const auto bpc = static_cast<unsigned>(state.range(2));
    VmafPicture ref = synthetic(w, h, bpc, 0);
    VmafPicture dis = synthetic(w, h, bpc, 63);
    vmaf::adm::IntegerAdm adm({}, static_cast<int>(w), static_cast<int>(h),
                              vmaf::cpu::detected());
    for (auto _ : state) benchmark::DoNotOptimize(adm.compute(ref, dis));
    state.counters["fps"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                               benchmark::Counter::kIsRate);
    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
}

BENCHMARK(adm)
    ->ArgNames({"w", "h", "bpc"})
    ->Args({576, 324, 8})
    ->Args({576, 324, 10})
    ->Args({1920, 1080, 8})
    ->Args({1920, 1080, 10})
    // CPU time: the machines this runs on are shared.
    ->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
