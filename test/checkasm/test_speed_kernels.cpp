// SpEED's covariance sum (feature/speed/speed_cov.h): each SIMD variant
// against the portable definition, bit for bit, on windows 1 to past two
// AVX-512 steps wide, strides wider than the window, random, constant and
// extreme samples.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/speed/speed_cov.h"

namespace vmaf::speed {
namespace {

using checkasm::random_below;

enum class Fill { Random, Constant, Extreme };

std::vector<checkasm::Variant<CovKernels>> variants()
{
    return checkasm::simd_variants(&cov_kernels);
}

// Band-passed samples: small floats of either sign (random), one value, or
// the largest a 16-bit plane gives, alternating in sign.
std::vector<float> plane(size_t n, Fill fill)
{
    std::vector<float> out(n);
    for (size_t i = 0; i < n; i++) {
        const float r = static_cast<float>(random_below(1 << 24)) / (1 << 16) - 128.0f;
        out[i] = fill == Fill::Random ? r : fill == Fill::Constant ? 3.25f : (i % 2 ? 256.0f : -256.0f);
    }
    return out;
}

TEST(SpeedKernels, CovarianceSum)
{
    for (const auto &v : variants()) {
        for (Fill fill : {Fill::Random, Fill::Constant, Fill::Extreme}) {
            for (int w = 1; w <= 2 * 16 + 9; w++) {
                for (int h : {1, 3, 7}) {
                    const size_t stride = static_cast<size_t>(w) + random_below(9);
                    const auto x = plane(stride * h, fill), y = plane(stride * h, fill);
                    const double mx = fill == Fill::Constant ? 3.25 : x[0], my = y[1 % x.size()];
                    const double want = cov_kernels_c().sum(x.data(), y.data(), stride, h, w, mx, my);
                    const double got = v.table->sum(x.data(), y.data(), stride, h, w, mx, my);
                    ASSERT_EQ(std::bit_cast<uint64_t>(want), std::bit_cast<uint64_t>(got))
                        << v.name << " w " << w << " h " << h;
                }
            }
        }
    }
}

CHECKASM_BENCH(bench_speed_kernels)
{
    // A 1080p plane's operating window at 1/16: 116 x 61.
    constexpr int w = 116, h = 61;
    const auto x = plane(static_cast<size_t>(w + 4) * (h + 4), Fill::Random);
    const auto y = plane(x.size(), Fill::Random);
    std::vector<checkasm::Variant<CovKernels>> all{{"c", &cov_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    for (const auto &v : all)
        checkasm::bench("speed covariance_sum 116x61", v.name, [&] {
            checkasm::keep(static_cast<int64_t>(v.table->sum(x.data(), y.data(), w + 4, h, w, 0.5, -0.25)));
        });
}


} // namespace
} // namespace vmaf::speed
