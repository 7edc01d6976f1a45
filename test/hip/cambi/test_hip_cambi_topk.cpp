// cambi_hip's top-k mean (launch_topk_mean) against the mean of the k
// largest values sorted on the host. Values that are multiples of 1/8 below
// 2^20 sum exactly in double in any order, so those cases must agree to the
// bit: each path of the selection (fewer than k positives, exactly k, more,
// ties across every pass of the radix selection, k = 1 and k = n). One
// case of arbitrary floats agrees within the rounding of another order.
// The cases run one after the other on the same lane buffers, whose counts
// every mean must leave at 0 (TopkState); each case states which path it
// takes.
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "hip/cambi/cambi_kernel.h"
#include "hip/hip_parity.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/error.h"
#include "hip/runtime/stream.h"
#include "libvmaf/libvmaf_hip.h"

namespace {

using vmaf::hip::DeviceBuffer;
using vmaf::hip::cambi::kTopkBlocks;
using vmaf::hip::cambi::TopkArgs;
using vmaf::hip::cambi::TopkState;

struct TopkCase {
    std::string name;
    std::vector<float> values;
    int k;
    bool exact; // every partial sum exact in double
};

// The mean of the k largest, sorted on the host and summed in long double.
double host_topk_mean(std::vector<float> values, int k)
{
    std::sort(values.begin(), values.end(), std::greater<>());
    long double sum = 0;
    for (int i = 0; i < k; i++) sum += values[static_cast<size_t>(i)];
    return static_cast<double>(sum / k);
}

// n values of which `positives` (at random places) are multiples of 1/8 in
// [1/8, levels / 8], the others 0.
std::vector<float> eighths(size_t n, size_t positives, unsigned levels, unsigned seed)
{
    std::mt19937 rng(seed);
    std::vector<float> v(n, 0.0f);
    for (size_t i = 0; i < positives; i++) v[i] = static_cast<float>(rng() % levels + 1) / 8.0f;
    std::shuffle(v.begin(), v.end(), rng);
    return v;
}

std::vector<TopkCase> cases()
{
    constexpr size_t kFrame = 1920 * 1080, kHalf = 960 * 540;
    std::vector<TopkCase> c;
    // A frame's c-values as most footage gives them: few positives.
    const int k_frame = static_cast<int>(0.6 * kFrame), k_half = static_cast<int>(0.6 * kHalf);
    c.push_back({"sparse 1080p", eighths(kFrame, kFrame / 30, 8000, 1), k_frame, true});
    // Banded footage: most samples positive, many ties.
    c.push_back({"dense 1080p", eighths(kFrame, kFrame * 9 / 10, 4000, 2), k_frame, true});
    c.push_back({"sparse again", eighths(kHalf, kHalf / 50, 8000, 3), k_half, true});
    // As many positives as k, then one more.
    c.push_back({"positives = k", eighths(kHalf, 1000, 300, 4), 1000, true});
    c.push_back({"positives = k + 1", eighths(kHalf, 1001, 300, 5), 1000, true});
    c.push_back({"k = 1", eighths(kHalf, kHalf / 3, 8000, 6), 1, true});
    c.push_back({"k = n", eighths(kHalf, kHalf / 3, 8000, 7), static_cast<int>(kHalf), true});
    c.push_back({"all equal", std::vector<float>(100003, 2.5f), 33334, true});
    c.push_back({"all zero", std::vector<float>(4099, 0.0f), 2000, true});
    // Fewer values than a launch has threads.
    c.push_back({"1001 values", eighths(1001, 700, 50, 8), 500, true});
    // Values whose bits differ only in the low bytes: every pass narrows.
    std::vector<float> close(200000, 0.0f);
    for (size_t i = 0; i < close.size(); i += 2) {
        uint32_t bits = 0x44800000u + static_cast<uint32_t>(i % 4099) * 3u; // 1024 + a few ulps
        std::memcpy(&close[i], &bits, sizeof bits);
    }
    c.push_back({"close bits", close, 61234, true});
    // Full mantissas: sums that round, in another order than the host's.
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> uniform(0.001f, 100.0f);
    std::vector<float> any(kHalf);
    for (float &x : any) x = rng() % 5 == 0 ? 0.0f : uniform(rng);
    c.push_back({"arbitrary", any, k_half, false});
    return c;
}

int copy(void *to, const void *from, size_t bytes, hipMemcpyKind kind)
{
    return vmaf::hip::check([&] { return hipMemcpy(to, from, bytes, kind); }, "hipMemcpy");
}

using HipCambiTopk = vmaf::test::HipDeviceTest;

TEST_F(HipCambiTopk, MeansOfTheLargestAsSorted)
{
    VmafHipState *hip = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&hip, VmafHipConfiguration{0}), 0);
    const std::vector<TopkCase> all = cases();
    size_t largest = 0;
    for (const TopkCase &t : all) largest = std::max(largest, t.values.size());

    DeviceBuffer values, histogram, state, partials, result;
    const std::array<unsigned, 256> zeros{};
    ASSERT_EQ(values.allocate(largest * sizeof(float)), 0);
    ASSERT_EQ(histogram.upload(zeros.data(), sizeof zeros), 0);
    ASSERT_EQ(state.upload(zeros.data(), sizeof(TopkState)), 0);
    ASSERT_EQ(partials.allocate(kTopkBlocks * sizeof(double)), 0);
    ASSERT_EQ(result.allocate(sizeof(double)), 0);
    vmaf::hip::Stream stream;
    ASSERT_EQ(stream.create(), 0);

    for (const TopkCase &t : all) {
        // On the launches' stream: a copy from pageable memory may return
        // before its data reach the device.
        ASSERT_EQ(vmaf::hip::check(
                      [&] {
                          return hipMemcpyAsync(values.get(), t.values.data(),
                                                t.values.size() * sizeof(float),
                                                hipMemcpyHostToDevice, stream.get());
                      },
                      "hipMemcpyAsync"),
                  0);
        const TopkArgs a{values.as<const float>(), static_cast<int>(t.values.size()), t.k,
                         histogram.as<unsigned>(), state.as<TopkState>(), partials.as<double>(),
                         result.as<double>()};
        ASSERT_EQ(
            vmaf::hip::check([&] { return vmaf::hip::cambi::launch_topk_mean(a, stream.get()); },
                             "launch"),
            0);
        double got = 0;
        TopkState left{};
        std::array<unsigned, 256> bins{};
        ASSERT_EQ(stream.synchronize(), 0);
        ASSERT_EQ(copy(&got, result.get(), sizeof got, hipMemcpyDeviceToHost), 0);
        ASSERT_EQ(copy(&left, state.get(), sizeof left, hipMemcpyDeviceToHost), 0);
        ASSERT_EQ(copy(bins.data(), histogram.get(), sizeof bins, hipMemcpyDeviceToHost), 0);

        const double want = host_topk_mean(t.values, t.k);
        if (t.exact) EXPECT_EQ(got, want) << t.name;
        else EXPECT_NEAR(got, want, 1e-12 * want) << t.name;
        // The first pass alone where fewer than k are positive.
        const auto positives =
            std::count_if(t.values.begin(), t.values.end(), [](float x) { return x > 0.0f; });
        EXPECT_EQ(left.done, positives < t.k ? 1u : 0u) << t.name;
        EXPECT_EQ(left.arrived, 0u) << t.name;
        EXPECT_EQ(left.positives, 0u) << t.name;
        EXPECT_TRUE(bins == zeros) << t.name << ": the histogram is not left at 0";
        std::printf("top-k %-18s n %7zu k %7d: %.17g (%s)\n", t.name.c_str(), t.values.size(), t.k,
                    got, left.done ? "first pass" : "selected");
    }
    vmaf_hip_state_free(hip);
}

} // namespace
