// The GPU's sequential float sums (runtime/float_chain.h, through
// psnr_hvs_hip's plane sums) against the loop they stand for,
// s = ((t0 + t1) + t2) + ..., bit for bit: terms that tie on the sum's grid
// (small multiples of a power of two), zeros before and between terms,
// subnormal terms, terms far larger than the sum so far, sums that leave
// their binade in late segments or stay while the exact prefix grows (the
// segments folded ahead on guessed binades), and lengths around the chunks
// a block scans.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "hip/hip_parity.h"
#include "hip/psnr_hvs/psnr_hvs_kernel.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/stream.h"
#include "libvmaf/libvmaf_hip.h"

namespace {

using vmaf::hip::DeviceBuffer;

float sequential(const std::vector<float> &terms)
{
    float sum = 0.0f;
    for (float t : terms) sum += t;
    return sum;
}

std::vector<float> make_terms(const std::string &kind, size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::vector<float> t(n);
    for (size_t i = 0; i < n; i++) {
        const unsigned r = rng();
        if (kind == "uniform") t[i] = std::ldexp(static_cast<float>(r % 1000000), -10);
        else if (kind == "ties") t[i] = static_cast<float>(r % 64) / 8.0f; // multiples of 1/8
        else if (kind == "sparse") t[i] = r % 7 == 0 ? static_cast<float>(r % 5000) : 0.0f;
        else if (kind == "squares") t[i] = std::pow(static_cast<float>(r % 200) * 0.37f, 2.0f);
        else if (kind == "spikes") t[i] = r % 1000 == 0 ? 1.0e7f : std::ldexp(1.0f, -(static_cast<int>(r % 40)));
        else if (kind == "subnormal") t[i] = i < n / 2 ? std::ldexp(static_cast<float>(r % 8), -140) : static_cast<float>(r % 3);
        else if (kind == "late") t[i] = i + 1 == n ? 3.0f : 0.0f;
        // The sum leaves its binade in later segments too.
        else if (kind == "growing") t[i] = std::sqrt(static_cast<float>(i)) * static_cast<float>(r % 9);
        // Terms below half the sum's unit: the sum stays while the exact
        // prefix grows, so the segments' binades guessed ahead run late.
        else if (kind == "drift") t[i] = i == 0 ? 15.9e6f : 0.49f;
        // A segment that ends right where the sum reaches the next binade.
        else if (kind == "edge") t[i] = i < 16384 ? 1024.0f : (i == 16384 ? 0.0f : 1.0f);
        // The same at a sub-segment's end (kChainSub terms).
        else if (kind == "subedge") t[i] = i < 512 ? 1024.0f : (i == 512 ? 0.0f : 1.0f);
        // Runs of zeros longer than a sub-segment between runs of terms.
        else if (kind == "patchy") t[i] = (i / 700) % 3 == 0 ? 0.0f : static_cast<float>(r % 100) * 0.01f;
        else t[i] = 0.0f; // "zeros"
    }
    return t;
}

// The three planes' sums of the GPU for three term vectors.
std::vector<float> gpu_sums(const std::vector<std::vector<float>> &planes)
{
    std::vector<DeviceBuffer> buffers(3), scratch(3);
    vmaf::hip::psnr_hvs::PlaneSums a{};
    for (int p = 0; p < 3; p++) {
        const std::vector<float> &t = planes[p];
        // A buffer even for no terms.
        std::vector<float> data = t.empty() ? std::vector<float>{0.0f} : t;
        EXPECT_EQ(buffers[p].upload(data.data(), data.size() * sizeof(float)), 0);
        a.terms[p] = buffers[p].as<const float>();
        a.count[p] = static_cast<int>(t.size());
        EXPECT_EQ(scratch[p].allocate(
                      vmaf::hip::psnr_hvs::plane_sum_scratch_bytes(a.count[p])),
                  0);
        a.scratch[p] = scratch[p].as<void>();
    }
    DeviceBuffer result;
    EXPECT_EQ(result.allocate(3 * sizeof(float)), 0);
    a.result = result.as<float>();
    vmaf::hip::Stream stream;
    EXPECT_EQ(stream.create(), 0);
    EXPECT_EQ(
        vmaf::hip::check([&] { return vmaf::hip::psnr_hvs::launch_plane_sums(a, stream.get()); },
                         "launch"),
        0);
    std::vector<float> sums(3);
    EXPECT_EQ(vmaf::hip::check(
                  [&] {
                      return hipMemcpyAsync(sums.data(), a.result, 3 * sizeof(float),
                                            hipMemcpyDeviceToHost, stream.get());
                  },
                  "hipMemcpyAsync"),
              0);
    EXPECT_EQ(stream.synchronize(), 0);
    return sums;
}

uint32_t bits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof(u));
    return u;
}

// The GPU's sums of three planes of each kind and length (the planes one
// and two terms longer) against the loop's, bit for bit; the sums compared.
unsigned expect_loop_sums(const std::vector<const char *> &kinds,
                          const std::vector<size_t> &lengths, unsigned seed)
{
    unsigned cases = 0;
    for (const char *kind : kinds) {
        for (size_t n : lengths) {
            std::vector<std::vector<float>> planes;
            for (int p = 0; p < 3; p++) planes.push_back(make_terms(kind, n + p, seed++));
            const std::vector<float> got = gpu_sums(planes);
            for (int p = 0; p < 3; p++) {
                const float want = sequential(planes[p]);
                EXPECT_EQ(bits(got[p]), bits(want))
                    << kind << " n " << planes[p].size() << ": GPU " << got[p] << " loop " << want;
                cases++;
            }
        }
    }
    return cases;
}

using HipFloatChain = vmaf::test::HipDeviceTest;

// kChainChunk and kChainSub (float_chain.h is device code).
constexpr size_t kChunk = 16384, kSub = 512;

TEST_F(HipFloatChain, SumsAsTheLoop)
{
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    const unsigned cases = expect_loop_sums({"uniform", "ties", "sparse", "squares", "spikes",
                                             "subnormal", "late", "zeros", "growing", "drift",
                                             "edge", "subedge", "patchy"},
                                            {0, 1, 5, 1023, 16384, 16385, 100003, 2700000}, 1);
    std::printf("float chain: %u sums, every one as the loop's\n", cases);
    vmaf_hip_state_free(state);
}

// Lengths at and around the segments' and sub-segments' edges
// (runtime/float_chain.h folds runs of kChainChunk and kChainSub terms
// ahead), with sums that leave their binade at an edge, in a later segment,
// or stay while the exact prefix grows.
TEST_F(HipFloatChain, SegmentEdgesAsTheLoop)
{
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    const unsigned cases = expect_loop_sums(
        {"edge", "subedge", "patchy", "growing", "drift", "ties", "sparse"},
        {kSub - 1, kSub, kSub + 1, kChunk - 1, kChunk, kChunk + 1, kChunk + kSub - 1,
         kChunk + kSub + 1, 2 * kChunk + 1, 3 * kChunk - 5},
        1000);
    std::printf("float chain at segment edges: %u sums, every one as the loop's\n", cases);
    vmaf_hip_state_free(state);
}

// A few sums past a sub-segment's and a segment's edge, every path of the
// walk (a segment at once, its sub-segments at once or scanned, runs of
// zeros): short enough for compute-sanitizer's racecheck.
TEST_F(HipFloatChain, ShortRunsAsTheLoop)
{
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    const unsigned cases =
        expect_loop_sums({"subedge", "patchy", "growing"}, {kSub + 1, kChunk + kSub + 1}, 2000);
    std::printf("float chain, short runs: %u sums, every one as the loop's\n", cases);
    vmaf_hip_state_free(state);
}

} // namespace
