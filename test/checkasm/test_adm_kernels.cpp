// ADM's kernel table (feature/adm/adm_kernels.h), each SIMD variant against
// the portable one. Decoupling rows, 16- and 32-bit bands: row spans from
// every start 0..3 and every length past three AVX-512 blocks, random,
// extreme and near-parallel coefficients (the within-one-degree branch),
// several gain limits. The transform, CSF, denominator and masking stages:
// whole planes of sizes around the vector blocks (widths 33-131, odd and
// even), random, extreme and flat samples, real and random CSF factors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/adm/adm_csf_model.h"
#include "feature/adm/adm_kernels.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {
namespace {

using checkasm::random_below;

constexpr int kMaxLength = 3 * 16 + 9;
constexpr int kWidth = kMaxLength + 8;
constexpr int kSentinel = 0x5A5A;

enum class Fill { Random, Extreme, Parallel, Wide };

std::vector<checkasm::Variant<AdmKernels>> variants()
{
    return checkasm::simd_variants(&adm_kernels);
}

// 32-bit bands within 2^24 of zero: what the transform makes of 16-bit
// samples, and far from the int64 overflow the portable code would have.
constexpr int32_t kBand32 = 1 << 24;

template <typename T> T any()
{
    if constexpr (sizeof(T) == 2) return static_cast<T>(random_below(65536));
    else return static_cast<T>(static_cast<int32_t>(random_below(2 * kBand32 + 1)) - kBand32);
}

// 32-bit bands up to 2^30 in magnitude: past AVX2's exact int64 -> float
// (2^53) in the direction test's products, within the portable int64 sums.
template <typename T> T wide()
{
    if constexpr (sizeof(T) == 2) return any<T>();
    else return static_cast<T>(static_cast<int32_t>(random_below(uint64_t{1} << 31)) - (1 << 30));
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
                } else if (fill == Fill::Wide) {
                    o[b][j] = wide<T>();
                    t[b][j] = wide<T>();
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
void run(decltype(&decouple_row<cpu::Portable, T>) row, Bands<T> &in, Out<T> &out, int lo, int hi, int nearest_end,
         double egl)
{
    DecoupleRows rows;
    const T *o[3] = {in.o[0].data(), in.o[1].data(), in.o[2].data()};
    const T *t[3] = {in.t[0].data(), in.t[1].data(), in.t[2].data()};
    T *r[3] = {out.r[0].data(), out.r[1].data(), out.r[2].data()};
    T *a[3] = {out.a[0].data(), out.a[1].data(), out.a[2].data()};
    row(o, t, r, a, lo, hi, nearest_end, egl, rows);
}

template <typename T> void check(decltype(&decouple_row<cpu::Portable, T>) simd, const char *name)
{
    for (Fill fill : {Fill::Random, Fill::Extreme, Fill::Parallel, Fill::Wide}) {
        for (double egl : {100.0, 1.0, 1.2}) {
            for (int lo = 0; lo < 4; lo++) {
                for (int n = 1; n <= kMaxLength; n++) {
                    // Rounded gain limits in none of the row, or in its
                    // blocks of 16 (adm::x86_work_end()).
                    for (int nearest_end : {lo, lo + n - n % 16}) {
                        Bands<T> in(fill);
                        Out<T> expect, got;
                        run<T>(decouple_row<cpu::Portable, T>, in, expect, lo, lo + n, nearest_end, egl);
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
        check<int16_t>(v.table->scale0.decouple, v.name);
        check<int32_t>(v.table->scales.decouple, v.name);
    }
}

// Plane sizes: scale 0's smallest (33), widths on both sides of the
// AVX-512 blocks, odd heights.
struct Size {
    int w, h;
};
constexpr Size kSizes[] = {{33, 33}, {48, 35}, {64, 40}, {79, 37}, {97, 41}, {131, 34}};

enum class Samples { Random, Extreme, Flat };

template <typename Pixel> std::vector<Pixel> picture(int h, int stride, int bpc, Samples kind)
{
    const uint32_t top = (1u << bpc) - 1;
    std::vector<Pixel> px(static_cast<size_t>(stride) * h);
    for (auto &v : px) {
        const uint32_t r = random_below(top + 1);
        v = static_cast<Pixel>(kind == Samples::Random ? r : kind == Samples::Extreme ? (r & 1 ? top : 0) : top / 3);
    }
    return px;
}

template <typename T> bool same(const Plane<T> &a, const Plane<T> &b)
{
    return a.w == b.w && a.h == b.h && std::equal(a.samples().begin(), a.samples().end(), b.samples().begin());
}
template <typename T> bool same(const Detail<T> &a, const Detail<T> &b)
{
    return same(a[0], b[0]) && same(a[1], b[1]) && same(a[2], b[2]);
}

template <typename Pixel> void check_dwt0(Dwt0Fn<Pixel> simd, Dwt0Fn<Pixel> ref, const char *name)
{
    const int depths[] = {8, 10, 12, 16};
    for (int bpc : depths) {
        if (sizeof(Pixel) == 1 && bpc != 8) continue;
        if (sizeof(Pixel) == 2 && bpc == 8) continue;
        for (auto [w, h] : kSizes) {
            for (Samples kind : {Samples::Random, Samples::Extreme, Samples::Flat}) {
                const int stride = w + static_cast<int>(random_below(9));
                const auto px = picture<Pixel>(h, stride, bpc, kind);
                for (bool detail : {true, false}) {
                    Detail<int16_t> d_ref, d_simd;
                    Plane<int32_t> a_ref, a_simd;
                    std::vector<int16_t> tmp;
                    ref(px.data(), stride, w, h, bpc, detail ? &d_ref : nullptr, a_ref, tmp);
                    simd(px.data(), stride, w, h, bpc, detail ? &d_simd : nullptr, a_simd, tmp);
                    ASSERT_TRUE(same(a_ref, a_simd)) << name << " approx " << w << "x" << h << " bpc " << bpc;
                    if (detail) {
                        ASSERT_TRUE(same(d_ref, d_simd)) << name << " bands " << w << "x" << h << " bpc " << bpc;
                    }
                }
            }
        }
    }
}

TEST(AdmKernels, Dwt2Scale0)
{
    for (const auto &v : variants()) {
        check_dwt0<uint8_t>(v.table->dwt0_8, adm_kernels_c().dwt0_8, v.name);
        check_dwt0<uint16_t>(v.table->dwt0_16, adm_kernels_c().dwt0_16, v.name);
    }
}

// Scales 1-3 of two pictures in a row, each implementation with its own
// buffer kept across the scales, from approximations of up to 2^20.
TEST(AdmKernels, Dwt2LaterScales)
{
    for (const auto &v : variants()) {
        for (auto [w, h] : kSizes) {
            Plane<int32_t> in_ref[2], in_simd[2];
            for (auto &p : in_ref) {
                p.resize(w, h);
                for (auto &x : p.samples()) x = static_cast<int32_t>(random_below(1u << 21)) - (1 << 20);
            }
            in_simd[0] = in_ref[0];
            in_simd[1] = in_ref[1];
            std::vector<int32_t> tmp_ref, tmp_simd;
            for (int scale = 1; scale < kScales && in_ref[0].w >= 5; scale++) {
                Detail<int32_t> d_ref[2], d_simd[2];
                Plane<int32_t> next_ref[2], next_simd[2];
                auto run_dwt = [&](DwtFn f, Plane<int32_t> *in, Detail<int32_t> *d, Plane<int32_t> *next,
                                   std::vector<int32_t> &tmp) {
                    const Plane<int32_t> *ins[2] = {&in[0], &in[1]};
                    Detail<int32_t> *ds[2] = {&d[0], &d[1]};
                    Plane<int32_t> *nexts[2] = {&next[0], &next[1]};
                    f(ins, 2, scale, ds, nexts, tmp);
                };
                run_dwt(adm_kernels_c().dwt, in_ref, d_ref, next_ref, tmp_ref);
                run_dwt(v.table->dwt, in_simd, d_simd, next_simd, tmp_simd);
                for (int p = 0; p < 2; p++) {
                    ASSERT_TRUE(same(next_ref[p], next_simd[p])) << v.name << " " << w << "x" << h << " scale " << scale;
                    ASSERT_TRUE(same(d_ref[p], d_simd[p])) << v.name << " " << w << "x" << h << " scale " << scale;
                    in_ref[p] = next_ref[p];
                    in_simd[p] = next_simd[p];
                }
            }
        }
    }
}

// Rows of three bands, w wide: full 16-bit range, or 32-bit within 2^24
// (kBand32), or small values.
template <typename T> struct Rows {
    std::vector<T> b[3];
    Rows(int w, Fill fill)
    {
        for (auto &band : b) {
            band.resize(static_cast<size_t>(w));
            for (auto &x : band)
                x = fill == Fill::Extreme ? extreme<T>()
                    : fill == Fill::Random ? any<T>()
                                           : static_cast<T>(static_cast<int>(random_below(2001)) - 1000);
        }
        for (int i = 0; i < 3; i++) ptr[i] = b[i].data();
    }
    // A copy's pointers are its own (the default member initializer).
    Rows(const Rows &other) : b{other.b[0], other.b[1], other.b[2]} {}
    Rows &operator=(const Rows &) = delete;
    const T *const *rows() const { return ptr; }
    T *const *out() { return ptr; }
    T *ptr[3] = {b[0].data(), b[1].data(), b[2].data()};
};

// Detail bands of w x h, filled as Rows.
template <typename T> Detail<T> bands(int w, int h, Fill fill)
{
    Detail<T> d;
    d.resize(w, h);
    for (int i = 0; i < h; i++) {
        const Rows<T> r(w, fill);
        for (int band = 0; band < 3; band++) std::copy(r.b[band].begin(), r.b[band].end(), d[band].row(i));
    }
    return d;
}

// Real CSF factors (the default model's at scale 0 or 1), or random ones.
template <typename T> typename ScaleMath<T>::Factors factors(bool real)
{
    typename ScaleMath<T>::Factors f;
    if constexpr (sizeof(T) == 2) {
        f = scale0_factors(CsfParams{});
        if (!real)
            for (auto &x : f) x = static_cast<uint16_t>(random_below(65536));
    } else {
        f = scale_factors(CsfParams{}, 1);
        if (!real)
            for (auto &x : f) x = static_cast<uint32_t>(checkasm::rng()());
    }
    return f;
}

constexpr int kRowWidths[] = {5, 17, 33, 48, 79, 131};

// Every span [lo, hi) near the row's ends, x86 columns ending at lo, on a
// block of 16 or at hi; untouched samples stay as they were.
template <typename T> void check_csf(CsfRowFn<T> simd, CsfRowFn<T> ref, const char *name)
{
    for (int w : kRowWidths) {
        for (Fill fill : {Fill::Random, Fill::Extreme, Fill::Parallel}) {
            for (int lo = 0; lo < 3 && lo < w; lo++) {
                for (int hi = w; hi > lo && hi > w - 3; hi--) {
                    for (int x86_end : {lo, hi - (hi - lo) % 16, hi}) {
                        const Rows<T> in(w, fill);
                        const auto f = factors<T>(fill != Fill::Random);
                        Rows<T> c_ref(w, Fill::Random), f_ref = c_ref, c_simd = c_ref, f_simd = c_ref;
                        ref(in.rows(), f, lo, x86_end, hi, c_ref.out(), f_ref.out());
                        simd(in.rows(), f, lo, x86_end, hi, c_simd.out(), f_simd.out());
                        for (int b = 0; b < 3; b++) {
                            ASSERT_EQ(c_ref.b[b], c_simd.b[b]) << name << " weighted w " << w << " [" << lo << ", " << hi << ")";
                            ASSERT_EQ(f_ref.b[b], f_simd.b[b]) << name << " floor w " << w << " [" << lo << ", " << hi << ")";
                        }
                    }
                }
            }
        }
    }
}

TEST(AdmKernels, CsfRow)
{
    for (const auto &v : variants()) {
        check_csf<int16_t>(v.table->scale0.csf, adm_kernels_c().scale0.csf, v.name);
        check_csf<int32_t>(v.table->scales.csf, adm_kernels_c().scales.csf, v.name);
    }
}

template <typename T> void check_den(DenFn<T> simd, DenFn<T> ref, const char *name, int scale)
{
    for (auto [w, h] : kSizes) {
        for (Fill fill : {Fill::Random, Fill::Extreme, Fill::Parallel}) {
            const Detail<T> in = bands<T>(w, h, fill);
            const Region reg = score_region(w, h);
            const DenShifts s = scale == 0 ? den_shifts_scale0(reg) : den_shifts(scale, reg);
            uint64_t a[3], b[3];
            ref(in, s, reg, a);
            simd(in, s, reg, b);
            for (int band = 0; band < 3; band++) ASSERT_EQ(a[band], b[band]) << name << " " << w << "x" << h;
        }
    }
}

TEST(AdmKernels, Denominator)
{
    for (const auto &v : variants()) {
        check_den<int16_t>(v.table->scale0.den, adm_kernels_c().scale0.den, v.name, 0);
        for (int scale = 1; scale < kScales; scale++)
            check_den<int32_t>(v.table->scales.den, adm_kernels_c().scales.den, v.name, scale);
    }
}

// A row of `src` masked by a masker's CSF rows (the portable csf_row of
// random rows, or random floors), over the score region's columns and
// spans around them, with and without x86 columns.
template <typename T> void check_masked(MaskedRowFn<T> simd, MaskedRowFn<T> ref, const char *name)
{
    for (int w : kRowWidths) {
        // Scale 0's bands are at least 17 wide (kMinSize): its shifts are
        // not defined below that.
        if (sizeof(T) == 2 && w < 17) continue;
        for (Fill fill : {Fill::Random, Fill::Extreme, Fill::Parallel}) {
            for (bool real : {true, false}) {
                const auto f = factors<T>(real);
                const Rows<T> src(w, fill);
                Rows<T> weighted(w, fill), floor[3] = {Rows<T>(w, fill), Rows<T>(w, fill), Rows<T>(w, fill)};
                if (real) {
                    const Rows<T> m(w, fill);
                    adm_kernels_c().bands<T>().csf(m.rows(), f, 0, w, w, weighted.out(), floor[1].out());
                }
                MaskerRows<T> masker;
                for (int b = 0; b < 3; b++) {
                    masker.weighted[b] = weighted.b[b].data();
                    for (int n = 0; n < 3; n++) masker.floor[n][b] = floor[n].b[b].data();
                }
                const Region reg = score_region(w, w);
                const int block = ScaleMath<T>::kX86MaskBlock;
                for (auto [left, right] : {std::pair{reg.left, reg.right}, std::pair{0, w}, std::pair{1, w - 1}}) {
                    if (left >= right) continue;
                    for (ColumnSpan x86 : {ColumnSpan{0, 0}, ColumnSpan{left, right - (right - left) % block}}) {
                        const MaskedSpan span{left, right, w, x86};
                        const CmShifts shifts = [&] {
                            if constexpr (sizeof(T) == 2) return ScaleMath<T>::cm_shifts(w, w);
                            else return ScaleMath<T>::cm_shifts(w, w, 1);
                        }();
                        std::vector<ThresholdSum<T>> scratch(3 * static_cast<size_t>(w));
                        int64_t a[3], b[3];
                        ref(src.rows(), f, masker, span, shifts, a, scratch.data());
                        simd(src.rows(), f, masker, span, shifts, b, scratch.data());
                        for (int band = 0; band < 3; band++)
                            ASSERT_EQ(a[band], b[band]) << name << " band " << band << " w " << w << " [" << left
                                                        << ", " << right << ") x86 " << x86.hi << " real " << real;
                    }
                }
            }
        }
    }
}

TEST(AdmKernels, MaskedRow)
{
    for (const auto &v : variants()) {
        check_masked<int16_t>(v.table->scale0.masked, adm_kernels_c().scale0.masked, v.name);
        check_masked<int32_t>(v.table->scales.masked, adm_kernels_c().scales.masked, v.name);
    }
}

CHECKASM_BENCH(bench_adm_kernels)
{
    std::vector<checkasm::Variant<AdmKernels>> all{{"c", &adm_kernels_c()}};
    for (const auto &v : variants()) all.push_back(v);
    Bands<int16_t> in16(Fill::Parallel);
    Bands<int32_t> in32(Fill::Parallel);
    Out<int16_t> out16;
    Out<int32_t> out32;
    const std::string n = std::to_string(kMaxLength);
    // Scale 0 of a 1080p picture: its transform, and rows of its bands.
    const auto px = picture<uint8_t>(1080, 1920, 8, Samples::Random);
    Detail<int16_t> d0;
    Plane<int32_t> a0;
    std::vector<int16_t> tmp16;
    const Rows<int16_t> in0(960, Fill::Parallel);
    const auto f0 = factors<int16_t>(true);
    Rows<int16_t> weighted0(960, Fill::Parallel), floor0(960, Fill::Parallel);
    adm_kernels_c().scale0.csf(in0.rows(), f0, 0, 960, 960, weighted0.out(), floor0.out());
    MaskerRows<int16_t> masker0;
    for (int b = 0; b < 3; b++) {
        masker0.weighted[b] = weighted0.b[b].data();
        for (int r = 0; r < 3; r++) masker0.floor[r][b] = floor0.b[b].data();
    }
    const Region reg0 = score_region(960, 540);
    const MaskedSpan span0{reg0.left, reg0.right, 960, {reg0.left, reg0.right - reg0.width() % 14}};
    const CmShifts shifts0 = ScaleMath<int16_t>::cm_shifts(960, 540);
    std::vector<uint32_t> scratch0(3 * 960);
    // Scale 1 of both pictures from scale 0's approximation.
    adm_kernels_c().dwt0_8(px.data(), 1920, 1920, 1080, 8, &d0, a0, tmp16);
    const Plane<int32_t> approx0 = a0;
    const Plane<int32_t> *in1[2] = {&approx0, &approx0};
    Detail<int32_t> d1[2];
    Plane<int32_t> a1[2];
    Detail<int32_t> *d1s[2] = {&d1[0], &d1[1]};
    Plane<int32_t> *a1s[2] = {&a1[0], &a1[1]};
    std::vector<int32_t> tmp32;
    for (const auto &v : all) {
        checkasm::bench("adm dwt0_8 (1920x1080)", v.name,
                        [&] { v.table->dwt0_8(px.data(), 1920, 1920, 1080, 8, &d0, a0, tmp16); });
        checkasm::bench("adm dwt scale 1 (960x540, two pictures)", v.name,
                        [&] { v.table->dwt(in1, 2, 1, d1s, a1s, tmp32); });
        checkasm::bench("adm csf16 (960 samples)", v.name,
                        [&] { v.table->scale0.csf(in0.rows(), f0, 0, 960, 960, weighted0.out(), floor0.out()); });
        checkasm::bench("adm masked16 (960 samples)", v.name, [&] {
            int64_t sums[3];
            v.table->scale0.masked(in0.rows(), f0, masker0, span0, shifts0, sums, scratch0.data());
            checkasm::keep(sums[0]);
        });
        checkasm::bench("adm decouple16 (" + n + " samples)", v.name,
                        [&] { run<int16_t>(v.table->scale0.decouple, in16, out16, 0, kMaxLength, kMaxLength, 100.0); });
        checkasm::bench("adm decouple32 (" + n + " samples)", v.name,
                        [&] { run<int32_t>(v.table->scales.decouple, in32, out32, 0, kMaxLength, kMaxLength, 100.0); });
    }
}


} // namespace
} // namespace vmaf::adm
