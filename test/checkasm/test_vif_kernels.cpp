// VIF's row kernels (feature/vif/vif_rows.h): each SIMD variant against the
// portable one, every width from 1 past three AVX-512 blocks, every scale,
// 8 to 16 bits, random and extreme samples.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/vif/vif_rows.h"

namespace vmaf::vif {
namespace {

using checkasm::random_below;

constexpr int kMaxWidth = 3 * 32 + 9;
constexpr int kPad = kRowPad;
constexpr uint32_t kSentinel = 0xDEADBEEF;

enum class Fill { Random, Max, Zero };

std::vector<checkasm::Variant<VifRowKernels>> variants()
{
    return checkasm::simd_variants(&vif_row_kernels);
}

template <typename Sample> Sample sample(Fill fill, unsigned bpc)
{
    const uint32_t max = (1u << bpc) - 1;
    return static_cast<Sample>(fill == Fill::Max ? max : fill == Fill::Zero ? 0 : random_below(max + 1));
}

// fw rows of w samples and their pointers.
template <typename Sample> struct SourceRows {
    std::vector<std::vector<Sample>> rows;
    std::vector<const Sample *> ptr;
    SourceRows(int fw, int w, unsigned bpc, Fill fill) : rows(fw, std::vector<Sample>(w))
    {
        for (auto &r : rows)
            for (auto &s : r) s = sample<Sample>(fill, bpc);
        for (auto &r : rows) ptr.push_back(r.data());
    }
};

// Five padded output rows filled with a sentinel, so that stray writes show.
struct OutRows {
    std::vector<uint32_t> data[5];
    explicit OutRows(int w)
    {
        for (auto &d : data) d.assign(w + 2 * kPad, kSentinel);
    }
    MomentRows rows()
    {
        return {data[0].data() + kPad, data[1].data() + kPad, data[2].data() + kPad,
                data[3].data() + kPad, data[4].data() + kPad};
    }
    // Columns [from, to) as plain values, from `table`'s form.
    std::vector<uint32_t> plain_values(const VifRowKernels &table, int w, int from, int to)
    {
        const MomentRows rows = this->rows();
        const MomentPlanes p = planes_of(rows, w);
        std::vector<uint32_t> out;
        for (int c = from; c < to; c++) {
            if (table.planar)
                out.insert(out.end(), {plain(p.mu1[c]), plain(p.mu2[c]), joined(p.xx, c), joined(p.yy, c),
                                       joined(p.xy, c)});
            else
                out.insert(out.end(), {rows.mu1[c], rows.mu2[c], rows.xx[c], rows.yy[c], rows.xy[c]});
        }
        return out;
    }
};

struct Scratch {
    std::vector<uint32_t> m1, m2;
    std::vector<uint64_t> xx, yy, xy;
    explicit Scratch(int w) : m1(w), m2(w), xx(w), yy(w), xy(w) {}
    WideRows rows() { return {m1.data(), m2.data(), xx.data(), yy.data(), xy.data()}; }
};

// The SIMD pass's rows are the portable ones (reflected edges included) in
// its table's form.
template <typename Sample>
void check_vertical(decltype(&vertical_moments<cpu::Portable, Sample>) simd, const VifRowKernels &table,
                    const char *name, unsigned bpc, int scale)
{
    const int fw = kFilterWidth[scale];
    const VerticalShift vs = vertical_shift(scale, bpc);
    for (Fill fill : {Fill::Random, Fill::Max, Fill::Zero}) {
        for (int w = 1; w <= kMaxWidth; w++) {
            SourceRows<Sample> ref(fw, w, bpc, fill), dis(fw, w, bpc, fill);
            OutRows expect(w), got(w);
            Scratch s1(w), s2(w);
            vertical_moments<cpu::Portable, Sample>(ref.ptr.data(), dis.ptr.data(), kFilter[scale].data(), fw, w, vs,
                                     expect.rows(), s1.rows());
            simd(ref.ptr.data(), dis.ptr.data(), kFilter[scale].data(), fw, w, vs, got.rows(), s2.rows());
            if (w <= fw / 2) continue; // no reflection: the extractor refuses such pictures
            ASSERT_EQ(expect.plain_values(vif_row_kernels_c(), w, -fw / 2, w + fw / 2),
                      got.plain_values(table, w, -fw / 2, w + fw / 2))
                << name << " bpc " << bpc << " scale " << scale << " w " << w;
        }
    }
}

TEST(VifKernels, Vertical)
{
    for (const auto &v : variants()) {
        const VifRowKernels &t = *v.table;
        for (int scale = 0; scale < kScales; scale++) check_vertical<uint8_t>(t.vertical8, t, v.name, 8, scale);
        for (unsigned bpc : {9u, 10u, 12u, 16u}) check_vertical<uint16_t>(t.vertical16, t, v.name, bpc, 0);
        for (int scale = 1; scale < kScales; scale++) check_vertical<uint16_t>(t.vertical16, t, v.name, 16, scale);
    }
}

// Vertically filtered rows as the horizontal pass reads them: means below
// 2^16, moments of any 32-bit value, the pads filled too.
struct InRows {
    std::vector<uint32_t> data[5];
    InRows(int w, Fill fill)
    {
        for (int r = 0; r < 5; r++) {
            data[r].resize(w + 2 * kPad);
            const uint64_t bound = r < 2 ? 65536 : uint64_t{1} << 32;
            for (auto &x : data[r])
                x = fill == Fill::Max ? static_cast<uint32_t>(bound - 1)
                    : fill == Fill::Zero ? 0
                                         : static_cast<uint32_t>(checkasm::rng()() % bound);
        }
    }
    MomentRows rows()
    {
        return {data[0].data() + kPad, data[1].data() + kPad, data[2].data() + kPad,
                data[3].data() + kPad, data[4].data() + kPad};
    }
    // The same values in `table`'s form (the room included).
    InRows in_form_of(const VifRowKernels &table, int w)
    {
        if (!table.planar) return *this;
        InRows out = *this;
        const MomentRows plain_rows = rows();
        const MomentPlanes p = planes_of(out.rows(), w);
        for (int c = -kPad; c < w + kPad; c++) {
            p.mu1[c] = centred(plain_rows.mu1[c]);
            p.mu2[c] = centred(plain_rows.mu2[c]);
            put_moment(p.xx, c, plain_rows.xx[c]);
            put_moment(p.yy, c, plain_rows.yy[c]);
            put_moment(p.xy, c, plain_rows.xy[c]);
        }
        return out;
    }
};

TEST(VifKernels, Horizontal)
{
    for (const auto &v : variants()) {
        for (int scale = 0; scale < kScales; scale++) {
            const int fw = kFilterWidth[scale];
            for (Fill fill : {Fill::Random, Fill::Max, Fill::Zero}) {
                for (int w = 1; w <= kMaxWidth; w++) {
                    InRows in(w, fill), in_form = in.in_form_of(*v.table, w);
                    OutRows expect(w), got(w);
                    Scratch s1(w), s2(w);
                    horizontal_moments<cpu::Portable>(in.rows(), kFilter[scale].data(), fw, w, expect.rows(), s1.rows());
                    v.table->horizontal(in_form.rows(), kFilter[scale].data(), fw, w, got.rows(), s2.rows());
                    for (int r = 0; r < 5; r++)
                        ASSERT_EQ(expect.data[r], got.data[r])
                            << v.name << " scale " << scale << " w " << w << " row " << r;
                }
            }
        }
    }
}

template <typename Sample>
void check_decimate(decltype(&blur_row_for_decimation<cpu::Portable, Sample>) simd, const char *name, unsigned bpc,
                    int scale)
{
    const int fw = kFilterWidth[scale + 1];
    const VerticalShift vs = vertical_shift(scale, bpc);
    for (Fill fill : {Fill::Random, Fill::Max, Fill::Zero}) {
        for (int w = fw; w <= kMaxWidth; w++) {
            SourceRows<Sample> src(fw, w, bpc, fill);
            std::vector<uint32_t> conv1(w + 2 * kPad), conv2(w + 2 * kPad);
            std::vector<uint16_t> expect(w / 2 + kPad, 0xBEEF), got(w / 2 + kPad, 0xBEEF);
            blur_row_for_decimation<cpu::Portable, Sample>(src.ptr.data(), kFilter[scale + 1].data(), fw, w, vs,
                                            conv1.data() + kPad, expect.data());
            simd(src.ptr.data(), kFilter[scale + 1].data(), fw, w, vs, conv2.data() + kPad, got.data());
            ASSERT_EQ(expect, got) << name << " bpc " << bpc << " scale " << scale << " w " << w;
        }
    }
}

TEST(VifKernels, Decimate)
{
    for (const auto &v : variants()) {
        check_decimate<uint8_t>(v.table->decimate8, v.name, 8, 0);
        for (unsigned bpc : {10u, 12u, 16u}) check_decimate<uint16_t>(v.table->decimate16, v.name, bpc, 0);
        for (int scale = 1; scale < kScales - 1; scale++)
            check_decimate<uint16_t>(v.table->decimate16, v.name, 16, scale);
    }
}

// Rows of horizontal_moments() output: realistic (moments near the means'
// squares, so both the log and the non-log branch occur) or any values.
InRows accumulate_input(int w, bool realistic)
{
    InRows in(w, Fill::Random);
    if (!realistic) return in;
    auto *m1 = in.data[0].data(), *m2 = in.data[1].data();
    for (int j = 0; j < w + 2 * kPad; j++) {
        m1[j] = random_below(1u << 24) << 8;
        m2[j] = random_below(1u << 24) << 8;
        const int32_t spread = 1 << random_below(20);
        in.data[2][j] = mean_product(m1[j], m1[j]) + random_below(spread);
        in.data[3][j] = mean_product(m2[j], m2[j]) + random_below(spread);
        in.data[4][j] = mean_product(m1[j], m2[j]) + random_below(spread) - spread / 2;
    }
    return in;
}

TEST(VifKernels, Accumulate)
{
    Log2Table log2;
    for (const auto &v : variants()) {
        for (bool realistic : {true, false}) {
            for (double gain_limit : {100.0, 1.0}) {
                for (int w = 1; w <= kMaxWidth; w++) {
                    InRows in = accumulate_input(w, realistic);
                    Accumulator expect, got;
                    accumulate_row(in.rows(), w, log2.data(), gain_limit, expect);
                    v.table->accumulate(in.rows(), w, log2.data(), gain_limit, got);
                    ASSERT_EQ(expect.num_log, got.num_log) << v.name << " w " << w;
                    ASSERT_EQ(expect.den_log, got.den_log) << v.name << " w " << w;
                    ASSERT_EQ(expect.num_non_log, got.num_non_log) << v.name << " w " << w;
                    ASSERT_EQ(expect.den_non_log, got.den_non_log) << v.name << " w " << w;
                }
            }
        }
    }
}

// One 1920-sample row of each kernel at scale 0.
CHECKASM_BENCH(bench_vif_kernels)
{
    constexpr int w = 1920;
    SourceRows<uint8_t> r8(17, w, 8, Fill::Random), d8(17, w, 8, Fill::Random);
    SourceRows<uint16_t> r16(17, w, 10, Fill::Random), d16(17, w, 10, Fill::Random);
    OutRows out(w);
    Scratch scratch(w);
    InRows in = accumulate_input(w, true);
    std::vector<uint32_t> conv(w + 2 * kPad);
    std::vector<uint16_t> half(w);
    Log2Table log2;
    std::vector<checkasm::Variant<VifRowKernels>> all{{"c", &vif_row_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    for (const auto &v : all) {
        const VifRowKernels &k = *v.table;
        checkasm::bench("vif vertical8 (17 taps, 1920)", v.name, [&] {
            k.vertical8(r8.ptr.data(), d8.ptr.data(), kFilter[0].data(), 17, w, vertical_shift(0, 8),
                        out.rows(), scratch.rows());
        });
        checkasm::bench("vif vertical16 (17 taps, 10-bit, 1920)", v.name, [&] {
            k.vertical16(r16.ptr.data(), d16.ptr.data(), kFilter[0].data(), 17, w,
                         vertical_shift(0, 10), out.rows(), scratch.rows());
        });
        checkasm::bench("vif horizontal (17 taps, 1920)", v.name, [&] {
            k.horizontal(in.rows(), kFilter[0].data(), 17, w, out.rows(), scratch.rows());
        });
        checkasm::bench("vif decimate8 (9 taps, 1920)", v.name, [&] {
            k.decimate8(r8.ptr.data(), kFilter[1].data(), 9, w, vertical_shift(0, 8), conv.data() + kPad,
                        half.data());
        });
        checkasm::bench("vif accumulate (1920)", v.name, [&] {
            Accumulator acc;
            k.accumulate(in.rows(), w, log2.data(), 100.0, acc);
            checkasm::keep(acc.num_log);
        });

    }
}


} // namespace
} // namespace vmaf::vif
