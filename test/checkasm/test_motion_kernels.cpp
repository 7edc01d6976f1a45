// Motion's row kernel (feature/motion/motion_rows.h): each SIMD variant
// against the portable one, widths 3 to past three AVX-512 blocks, 8 to 16
// bits, random, equal and extreme rows.
#include <gtest/gtest.h>

#include <vector>

#include "checkasm/checkasm.h"
#include "feature/motion/motion_rows.h"

namespace vmaf::motion {
namespace {

using checkasm::random_below;

constexpr int kMaxWidth = 3 * 32 + 9;

enum class Fill { Random, Equal, Extreme };

std::vector<checkasm::Variant<MotionRowKernels>> variants()
{
    return checkasm::simd_variants(&motion_row_kernels);
}

// Five rows of the previous and the current picture.
template <typename Sample> struct Rows {
    std::vector<std::vector<Sample>> prev, cur;
    std::vector<const Sample *> p, c;
    Rows(int w, unsigned bpc, Fill fill) : prev(5, std::vector<Sample>(w)), cur(5, std::vector<Sample>(w))
    {
        const uint32_t max = (1u << bpc) - 1;
        for (int k = 0; k < 5; k++) {
            for (int j = 0; j < w; j++) {
                // Extreme: the largest differences, alternating in sign.
                const bool up = (j + k) % 2;
                prev[k][j] = static_cast<Sample>(fill == Fill::Extreme ? (up ? max : 0) : random_below(max + 1));
                cur[k][j] = fill == Fill::Equal     ? prev[k][j]
                            : fill == Fill::Extreme ? static_cast<Sample>(up ? 0 : max)
                                                    : static_cast<Sample>(random_below(max + 1));
            }
            p.push_back(prev[k].data());
            c.push_back(cur[k].data());
        }
    }
};

template <typename Sample>
void check(decltype(&blurred_row_sad<Sample>) simd, const char *name, unsigned bpc)
{
    for (Fill fill : {Fill::Random, Fill::Equal, Fill::Extreme}) {
        for (int w = 3; w <= kMaxWidth; w++) {
            Rows<Sample> rows(w, bpc, fill);
            std::vector<int32_t> y1(w + 4), y2(w + 4);
            const uint32_t expect = blurred_row_sad<Sample>(rows.p.data(), rows.c.data(), w, bpc, y1.data());
            const uint32_t got = simd(rows.p.data(), rows.c.data(), w, bpc, y2.data());
            ASSERT_EQ(expect, got) << name << " bpc " << bpc << " w " << w;
            if (fill == Fill::Equal) {
                ASSERT_EQ(got, 0u);
            }
        }
    }
}

TEST(MotionKernels, BlurredRowSad)
{
    for (const auto &v : variants()) {
        check<uint8_t>(v.table->row8, v.name, 8);
        for (unsigned bpc : {9u, 10u, 12u, 15u, 16u}) check<uint16_t>(v.table->row16, v.name, bpc);
    }
}

CHECKASM_BENCH(bench_motion_kernels)
{
    constexpr int w = 1920;
    Rows<uint8_t> r8(w, 8, Fill::Random);
    Rows<uint16_t> r16(w, 10, Fill::Random);
    std::vector<int32_t> y(w + 4);
    std::vector<checkasm::Variant<MotionRowKernels>> all{{"c", &motion_row_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    for (const auto &v : all) {
        checkasm::bench("motion row8 (1920)", v.name, [&] {
            checkasm::keep(v.table->row8(r8.p.data(), r8.c.data(), w, 8, y.data()));
        });
        checkasm::bench("motion row16 (10-bit, 1920)", v.name, [&] {
            checkasm::keep(v.table->row16(r16.p.data(), r16.c.data(), w, 10, y.data()));
        });
    }
}


} // namespace
} // namespace vmaf::motion
