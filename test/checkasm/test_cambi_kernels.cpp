// CAMBI's c-value kernels (feature/cambi/c_values.h): each SIMD variant
// against the portable one, widths 1 to past three AVX-512 blocks, windows
// from 1 to 65 samples, steps of 1 to 32 codes; random, flat, unmasked,
// saturated and banded inputs, codes inside and outside the band.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/cambi/c_values.h"
#include "feature/cambi/contrast_levels.h"
#include "feature/cambi/reciprocal_table.h"

namespace vmaf::cambi {
namespace {

using checkasm::random_below;

constexpr int kMaxWidth = 3 * 32 + 9;
constexpr int kBandLow = 20, kBandCount = 48;

// Banded: runs of equal codes, as in the flat areas cambi looks at (the
// shift makes the leaving and entering rows differ).
enum class Fill { Random, Flat, Unmasked, Saturated, Banded };

std::vector<checkasm::Variant<CambiKernels>> variants()
{
    return checkasm::simd_variants(&cambi_kernels);
}

// A row of samples: codes around the band (some outside it), flat where the
// mask is set.
struct Row {
    std::vector<uint16_t> image, mask;
    Row(int w, Fill fill, int low, int count) : image(w), mask(w)
    {
        const uint16_t flat_code = static_cast<uint16_t>(low + count / 2);
        const int shift = static_cast<int>(random_below(16));
        for (int x = 0; x < w; x++) {
            image[x] = fill == Fill::Flat     ? flat_code
                       : fill == Fill::Banded ? static_cast<uint16_t>(low + (x + shift) / 23 % (count + 4))
                                              : static_cast<uint16_t>(random_below(low + count + 8));
            mask[x] = fill == Fill::Unmasked ? 0 : static_cast<uint16_t>(fill == Fill::Random ? random_below(2) : 1);
        }
    }
    SampleRow view() const { return {image.data(), mask.data()}; }
};

// Counts of band_count rows of w with their padding, started at `offset`
// elements (0: aligned as CValues aligns them, else misaligned).
struct Counts {
    std::vector<uint16_t> buffer;
    uint16_t *start;
    Counts(int rows, int w, int offset, Fill fill)
        : buffer(static_cast<size_t>(rows) * w + kCountsPadding + kCountsAlignment)
    {
        const auto misalignment = reinterpret_cast<uintptr_t>(buffer.data()) % kCountsAlignment;
        start = buffer.data() + (kCountsAlignment - misalignment) % kCountsAlignment / 2 + offset;
        // Saturated: wraps at 0 and 65535 in every kernel alike.
        for (auto &c : buffer)
            c = fill == Fill::Saturated ? static_cast<uint16_t>(random_below(2) ? 65535 : 0)
                                        : static_cast<uint16_t>(random_below(fill == Fill::Flat ? 1 : 40));
    }
};

void check_slide(const CambiKernels &simd, const char *name)
{
    for (Fill fill : {Fill::Random, Fill::Flat, Fill::Unmasked, Fill::Saturated, Fill::Banded}) {
        for (int half : {0, 1, 3, 15, 16, 32}) {
            for (int w = 1; w <= kMaxWidth; w++) {
                for (int offset : {0, 1}) {
                    const Row out(w, fill, kBandLow, kBandCount), in(w, fill, kBandLow, kBandCount);
                    for (int both = 0; both < 3; both++) {
                        const SampleRow none{nullptr, nullptr};
                        const SampleRow leaving = both == 1 ? none : out.view();
                        const SampleRow entering = both == 2 ? none : in.view();
                        Counts expect(kBandCount, w, offset, fill);
                        Counts got = expect;
                        got.start = got.buffer.data() + (expect.start - expect.buffer.data());
                        slide_counts({expect.start, w, half, kBandLow, kBandCount}, leaving, entering);
                        simd.slide({got.start, w, half, kBandLow, kBandCount}, leaving, entering);
                        ASSERT_EQ(expect.buffer, got.buffer)
                            << name << " w " << w << " half " << half << " fill " << static_cast<int>(fill)
                            << " rows " << both << " offset " << offset;
                    }
                }
            }
        }
    }
}

TEST(CambiKernels, SlideCounts)
{
    for (const auto &v : variants()) check_slide(*v.table, v.name);
}

// Levels with steps of 1 .. num_diffs codes visible up to codes spread over
// the band, the darkest visible code inside it.
ContrastLevels synthetic_levels(int num_diffs)
{
    ContrastLevels l;
    l.num_diffs = num_diffs;
    for (int d = 0; d < num_diffs; d++) {
        l.weight.push_back(static_cast<int>(1 + random_below(200)));
        l.visible_up_to.push_back(static_cast<int>(random_below(160)));
    }
    l.darkest_visible = static_cast<int>(random_below(80));
    return l;
}

void check_c_values(const CambiKernels &simd, const char *name, const CValueLevels &levels)
{
    const std::span<const float> reciprocal = reciprocals();
    const int rows = levels.band_count > 0 ? levels.band_count : 1;
    for (Fill fill : {Fill::Random, Fill::Flat, Fill::Unmasked, Fill::Saturated, Fill::Banded}) {
        for (int w = 1; w <= kMaxWidth; w++) {
            const Row row(w, fill, levels.band_low, levels.band_count);
            Counts counts(rows, w, 0, fill == Fill::Saturated ? Fill::Random : fill);
            if (fill == Fill::Saturated) {
                // A whole 65x65 window at two codes: p + p0 at its largest,
                // 4225, the last reciprocal (a window holds no more samples).
                std::fill(counts.start, counts.start + static_cast<ptrdiff_t>(rows) * w, uint16_t{0});
                for (int x = 0; x < w; x++) {
                    const int a = static_cast<int>(random_below(static_cast<uint32_t>(rows)));
                    const int b = (a + 1 + static_cast<int>(random_below(static_cast<uint32_t>(rows)))) % rows;
                    const auto share = static_cast<uint16_t>(random_below(4226));
                    counts.start[a * w + x] = a == b ? uint16_t{4225} : share;
                    if (a != b) counts.start[b * w + x] = static_cast<uint16_t>(4225 - share);
                }
            }
            std::vector<float> expect(w, -1.0f), got(w, -2.0f);
            c_values_row(levels, reciprocal, counts.start, w, row.view(), w, expect.data());
            simd.c_values(levels, reciprocal, counts.start, w, row.view(), w, got.data());
            ASSERT_EQ(0, std::memcmp(expect.data(), got.data(), sizeof(float) * w))
                << name << " w " << w << " num_diffs " << levels.num_diffs << " fill " << static_cast<int>(fill);
        }
    }
}

TEST(CambiKernels, CValuesRow)
{
    for (const auto &v : variants()) {
        for (int num_diffs : {1, 2, 4, 8, 32})
            for (int round = 0; round < 4; round++) check_c_values(*v.table, v.name, CValueLevels(synthetic_levels(num_diffs)));
        for (int log_contrast : {0, 2, 5})
            check_c_values(*v.table, v.name, CValueLevels(contrast_levels(log_contrast, 0.019, 0.0, Eotf::kBt1886)));
    }
}

CHECKASM_BENCH(bench_cambi_kernels)
{
    // One banded 1080p row at 10 bits, the default window and contrasts.
    constexpr int w = 1920, half = 32;
    const CValueLevels levels(contrast_levels(2, 0.019, 0.0, Eotf::kBt1886));
    const Row out(w, Fill::Banded, levels.band_low, levels.band_count);
    const Row in(w, Fill::Banded, levels.band_low, levels.band_count);
    Counts counts(levels.band_count, w, 0, Fill::Random);
    std::vector<float> c(w);
    std::vector<checkasm::Variant<CambiKernels>> all{{"c", &cambi_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    for (const auto &v : all) {
        const WindowCounts wc{counts.start, w, half, levels.band_low, levels.band_count};
        // Out and back: the counts stay as they were.
        checkasm::bench("cambi slide_counts x2 (banded 1920, window 65)", v.name, [&] {
            v.table->slide(wc, out.view(), in.view());
            v.table->slide(wc, in.view(), out.view());
        });
        checkasm::bench("cambi c_values_row (banded 1920)", v.name, [&] {
            v.table->c_values(levels, reciprocals(), counts.start, w, in.view(), w, c.data());
            checkasm::keep(static_cast<int64_t>(c[w / 2]));
        });
    }
}


} // namespace
} // namespace vmaf::cambi
