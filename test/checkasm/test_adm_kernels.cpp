// ADM's decoupling rows (feature/adm/adm_decouple.h), 16- and 32-bit bands:
// each SIMD variant against the portable one, row spans from every start
// 0..3 and every length past three AVX-512 blocks, random, extreme and
// near-parallel coefficients (the within-one-degree branch), several gain
// limits.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {
namespace {

using checkasm::random_below;

constexpr int kMaxLength = 3 * 16 + 9;
constexpr int kWidth = kMaxLength + 8;
constexpr int kSentinel = 0x5A5A;

enum class Fill { Random, Extreme, Parallel };

std::vector<checkasm::Variant<AdmKernels>> variants()
{
    return checkasm::simd_variants(adm_kernels_avx2(), adm_kernels_avx512());
}

// 32-bit bands within 2^24 of zero: what the transform makes of 16-bit
// samples, and far from the int64 overflow the portable code would have.
constexpr int32_t kBand32 = 1 << 24;

template <typename T> T any()
{
    if constexpr (sizeof(T) == 2) return static_cast<T>(random_below(65536));
    else return static_cast<T>(static_cast<int32_t>(random_below(2 * kBand32 + 1)) - kBand32);
}

template <typename T> T extreme()
{
    constexpr int32_t values[] = {-kBand32, -32769, -32768, -32767, -1, 0, 1, 32767, 32768, kBand32};
    const int32_t v = values[random_below(10)];
    return sizeof(T) == 2 ? static_cast<T>(v < -32768 ? -32768 : v > 32767 ? 32767 : v) : static_cast<T>(v);
}

// The three bands of a row of both pictures.
template <typename T> struct Bands {
    std::vector<T> o[3], t[3];
    explicit Bands(Fill fill)
    {
        for (int b = 0; b < 3; b++) {
            o[b].resize(kWidth);
            t[b].resize(kWidth);
            for (int j = 0; j < kWidth; j++) {
                if (fill == Fill::Random) {
                    o[b][j] = any<T>();
                    t[b][j] = any<T>();
                } else if (fill == Fill::Extreme) {
                    o[b][j] = extreme<T>();
                    t[b][j] = extreme<T>();
                } else { // t a scaled o with a little noise: mostly within one degree
                    o[b][j] = static_cast<T>(static_cast<int>(random_below(4001)) - 2000);
                    t[b][j] = static_cast<T>(o[b][j] * static_cast<int>(random_below(3)) / 2 +
                                             static_cast<int>(random_below(5)) - 2);
                }
            }
        }
    }
};

template <typename T> struct Out {
    std::vector<T> r[3], a[3];
    Out()
    {
        for (int b = 0; b < 3; b++) r[b].assign(kWidth, kSentinel), a[b].assign(kWidth, kSentinel);
    }
};

template <typename T>
void run(decltype(&decouple_row<T>) row, Bands<T> &in, Out<T> &out, int lo, int hi, int nearest_end,
         double egl)
{
    DecoupleRows rows;
    const T *o[3] = {in.o[0].data(), in.o[1].data(), in.o[2].data()};
    const T *t[3] = {in.t[0].data(), in.t[1].data(), in.t[2].data()};
    T *r[3] = {out.r[0].data(), out.r[1].data(), out.r[2].data()};
    T *a[3] = {out.a[0].data(), out.a[1].data(), out.a[2].data()};
    row(o, t, r, a, lo, hi, nearest_end, egl, rows);
}

template <typename T> void check(decltype(&decouple_row<T>) simd, const char *name)
{
    for (Fill fill : {Fill::Random, Fill::Extreme, Fill::Parallel}) {
        for (double egl : {100.0, 1.0, 1.2}) {
            for (int lo = 0; lo < 4; lo++) {
                for (int n = 1; n <= kMaxLength; n++) {
                    // Rounded gain limits in none of the row, or in its
                    // blocks of 16 (adm::x86_work_end()).
                    for (int nearest_end : {lo, lo + n - n % 16}) {
                        Bands<T> in(fill);
                        Out<T> expect, got;
                        run<T>(decouple_row<T>, in, expect, lo, lo + n, nearest_end, egl);
                        run<T>(simd, in, got, lo, lo + n, nearest_end, egl);
                        for (int b = 0; b < 3; b++) {
                            ASSERT_EQ(expect.r[b], got.r[b])
                                << name << " band " << b << " lo " << lo << " n " << n << " nearest " << nearest_end;
                            ASSERT_EQ(expect.a[b], got.a[b])
                                << name << " band " << b << " lo " << lo << " n " << n << " nearest " << nearest_end;
                        }
                    }
                }
            }
        }
    }
}

// The reference's x86 columns round rst * egl to nearest, even on ties;
// its C code truncates (found by the differential rig).
TEST(AdmKernels, GainLimitRoundsOnlyWhereAsked)
{
    using vmaf::adm::limit_gain;
    EXPECT_EQ(limit_gain<int16_t>(3, 10, 16384, 5, true, 1.2, false), 3);  // 3.6 truncated
    EXPECT_EQ(limit_gain<int16_t>(3, 10, 16384, 5, true, 1.2, true), 4);   // 3.6 rounded
    EXPECT_EQ(limit_gain<int16_t>(5, 10, 16384, 5, true, 1.5, true), 8);   // 7.5: to even
    EXPECT_EQ(limit_gain<int16_t>(-3, -10, 16384, -5, true, 1.2, true), -4);
    EXPECT_EQ(limit_gain<int32_t>(9, 100, 16384, 9, true, 1.5, true), 14); // 13.5: to even
    EXPECT_EQ(limit_gain<int32_t>(9, 100, 16384, 9, true, 1.5, false), 13);
}

TEST(AdmKernels, Decouple)
{
    for (const auto &v : variants()) {
        check<int16_t>(v.table->decouple16, v.name);
        check<int32_t>(v.table->decouple32, v.name);
    }
}

} // namespace

void bench_kernels()
{
    std::vector<checkasm::Variant<AdmKernels>> all{{"c", &adm_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    Bands<int16_t> in16(Fill::Parallel);
    Bands<int32_t> in32(Fill::Parallel);
    Out<int16_t> out16;
    Out<int32_t> out32;
    const std::string n = std::to_string(kMaxLength);
    for (const auto &v : all) {
        checkasm::bench("adm decouple16 (" + n + " samples)", v.name,
                        [&] { run<int16_t>(v.table->decouple16, in16, out16, 0, kMaxLength, kMaxLength, 100.0); });
        checkasm::bench("adm decouple32 (" + n + " samples)", v.name,
                        [&] { run<int32_t>(v.table->decouple32, in32, out32, 0, kMaxLength, kMaxLength, 100.0); });
    }
}

} // namespace vmaf::adm
