// The loops built once per instruction set (cpu/isa.h: plain C++ compiled
// again with AVX2 and AVX-512 enabled, picked by the CPU mask) against
// their portable build, bit for bit: the float filter's passes, CAMBI's
// mask and mode rows, float ADM's stages. Each table comes from the
// dispatcher the extractors use, at every level the CPU has.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "checkasm/checkasm.h"
#include "feature/adm/float_adm_stages.h"
#include "feature/cambi/scale_filters.h"
#include "feature/cambi/spatial_mask.h"
#include "feature/common/float_filter.h"
#include "feature/ssimulacra2/ssimulacra2_passes.h"

namespace vmaf::checkasm {
namespace {

using checkasm::random_below;

std::vector<float> random_floats(size_t n, float scale)
{
    std::vector<float> v(n);
    for (float &x : v) x = (static_cast<float>(random_below(1 << 24)) / (1 << 23) - 1.0f) * scale;
    return v;
}

// Samples drawn from few values, so that runs of equal ones (flat areas,
// modes) happen.
std::vector<uint16_t> few_values(size_t n, unsigned values)
{
    std::vector<uint16_t> v(n);
    for (uint16_t &x : v) x = static_cast<uint16_t>(500 + random_below(values));
    return v;
}

template <typename T> bool same_bits(const std::vector<T> &a, const std::vector<T> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

TEST(IsaLoops, FloatFilterPasses)
{
    const floatf::FilterPasses &c = floatf::filter_passes(0);
    for (const auto &v : simd_variants(&floatf::filter_passes)) {
        for (int n : {3, 5, 9, 17}) {
            const std::vector<float> taps = random_floats(static_cast<size_t>(n), 0.5f);
            for (int w = 1; w <= 70; w += w < 20 ? 1 : 7) {
                std::vector<std::vector<float>> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
                std::vector<const float *> ra, rb;
                for (int k = 0; k < n; k++) {
                    a[k] = random_floats(static_cast<size_t>(w), 255.0f);
                    b[k] = random_floats(static_cast<size_t>(w), 255.0f);
                    ra.push_back(a[k].data());
                    rb.push_back(b[k].data());
                }
                for (auto in : {floatf::Input::kPlain, floatf::Input::kSquare, floatf::Input::kProduct}) {
                    std::vector<float> want(static_cast<size_t>(w)), got(static_cast<size_t>(w));
                    c.column(taps.data(), n, ra.data(), rb.data(), in, w, want.data());
                    v.table->column(taps.data(), n, ra.data(), rb.data(), in, w, got.data());
                    ASSERT_TRUE(same_bits(want, got)) << v.name << " column n " << n << " w " << w;
                }
                if (w < n / 2 + 1) continue; // the row pass reflects within the row
                std::vector<float> want(static_cast<size_t>(w)), got(static_cast<size_t>(w));
                c.row(taps.data(), n, a[0].data(), w, want.data());
                v.table->row(taps.data(), n, a[0].data(), w, got.data());
                ASSERT_TRUE(same_bits(want, got)) << v.name << " row n " << n << " w " << w;
            }
        }
    }
}

TEST(IsaLoops, CambiMaskRows)
{
    const cambi::MaskRows &c = cambi::mask_rows(0);
    for (const auto &v : simd_variants(&cambi::mask_rows)) {
        for (int w = 1; w <= 100; w += w < 40 ? 1 : 13) {
            const auto row = few_values(static_cast<size_t>(w), 2), below = few_values(static_cast<size_t>(w), 2);
            std::vector<uint16_t> want(static_cast<size_t>(w)), got(static_cast<size_t>(w));
            c.flat_row(row.data(), below.data(), w, want.data());
            v.table->flat_row(row.data(), below.data(), w, got.data());
            ASSERT_TRUE(same_bits(want, got)) << v.name << " flat_row w " << w;

            std::vector<uint32_t> counts(static_cast<size_t>(w));
            for (uint32_t &x : counts) x = random_below(8);
            std::vector<uint32_t> added = counts, added_c = counts;
            c.add_flat(added_c.data(), want.data(), w);
            v.table->add_flat(added.data(), want.data(), w);
            ASSERT_TRUE(same_bits(added_c, added)) << v.name << " add_flat w " << w;
            c.take_flat(added_c.data(), want.data(), w);
            v.table->take_flat(added.data(), want.data(), w);
            ASSERT_TRUE(same_bits(added_c, added)) << v.name << " take_flat w " << w;

            // Counts with zeros past both ends, as SpatialMask keeps them.
            std::vector<uint32_t> padded(static_cast<size_t>(w) + 2 * cambi::kMaskHalf, 0);
            for (int x = 0; x < w; x++) padded[x + cambi::kMaskHalf] = random_below(8);
            const uint32_t threshold = random_below(40);
            std::vector<uint16_t> sums_c(static_cast<size_t>(w)), sums(static_cast<size_t>(w));
            c.window_sums(padded.data() + cambi::kMaskHalf, w, threshold, sums_c.data());
            v.table->window_sums(padded.data() + cambi::kMaskHalf, w, threshold, sums.data());
            ASSERT_TRUE(same_bits(sums_c, sums)) << v.name << " window_sums w " << w;
        }
    }
}

TEST(IsaLoops, CambiModeRows)
{
    const cambi::ModeRows &c = cambi::mode_rows(0);
    for (const auto &v : simd_variants(&cambi::mode_rows)) {
        for (int w = 2; w <= 100; w += w < 40 ? 1 : 13) {
            const size_t n = static_cast<size_t>(w);
            const auto a = few_values(n, 3), b = few_values(n, 3), d = few_values(n, 3);
            std::vector<uint16_t> want(n), got(n);
            c.horizontal(a.data(), w, want.data());
            v.table->horizontal(a.data(), w, got.data());
            ASSERT_TRUE(same_bits(want, got)) << v.name << " horizontal w " << w;
            c.vertical(a.data(), b.data(), d.data(), w, want.data());
            v.table->vertical(a.data(), b.data(), d.data(), w, got.data());
            ASSERT_TRUE(same_bits(want, got)) << v.name << " vertical w " << w;
        }
    }
}

FloatPlane random_plane(int w, int h, float scale)
{
    FloatPlane p;
    p.resize(w, h);
    const std::vector<float> v = random_floats(p.size(), scale);
    std::copy(v.begin(), v.end(), p.px.begin());
    return p;
}

// Bands of `like`'s size, zero: the stages write only their work region,
// and the rest must compare equal too.
float_adm::Detail zero_like(const float_adm::Detail &like)
{
    float_adm::Detail d;
    d.resize(like[0].w, like[0].h);
    for (auto &b : d.band) std::fill(b.px.begin(), b.px.end(), 0.0f);
    return d;
}

bool same_detail(const float_adm::Detail &a, const float_adm::Detail &b)
{
    for (int i = 0; i < 3; i++) {
        if (a[i].w != b[i].w || a[i].h != b[i].h) return false;
        if (std::memcmp(a[i].px.data(), b[i].px.data(), a[i].size() * sizeof(float)) != 0) return false;
    }
    return true;
}

TEST(IsaLoops, Ssimulacra2Passes)
{
    namespace s2 = ssimulacra2;
    const s2::RecursiveGaussian g = s2::recursive_gaussian(1.5);
    const s2::Passes &c = s2::passes(0);
    for (const auto &v : simd_variants(&s2::passes)) {
        // Widths and heights about the blur's reach (radius 5) and its row
        // blocks of four; samples in XYB's range and its squares'.
        for (int w : {1, 2, 5, 7, 8, 11, 12, 13, 31, 70})
            for (int h : {1, 4, 6, 11, 12, 40}) {
                const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
                std::vector<float> in = random_floats(n, 1.0f);
                for (float &x : in) x = std::abs(x);
                std::vector<float> tmp_c(n), out_c(n), tmp(n), out(n), state(8 * static_cast<size_t>(w));
                c.blur(g, in.data(), tmp_c.data(), out_c.data(), state.data(), w, h);
                v.table->blur(g, in.data(), tmp.data(), out.data(), state.data(), w, h);
                ASSERT_TRUE(same_bits(tmp_c, tmp)) << v.name << " blur rows " << w << "x" << h;
                ASSERT_TRUE(same_bits(out_c, out)) << v.name << " blur columns " << w << "x" << h;
            }
        // Linear light in [0, 1], its ends and exact zeros among it.
        for (size_t n : {1u, 7u, 8u, 33u, 1000u}) {
            std::vector<float> rgb[3];
            for (auto &p : rgb) {
                p = random_floats(n, 1.0f);
                for (float &x : p) x = std::abs(x);
                p[0] = 0.0f;
                p[n - 1] = 1.0f;
            }
            std::vector<float> want[3], got[3];
            for (int k = 0; k < 3; k++) want[k].resize(n), got[k].resize(n);
            const s2::Opsin o = s2::opsin();
            c.xyb(o, rgb[0].data(), rgb[1].data(), rgb[2].data(), n, want[0].data(), want[1].data(), want[2].data());
            v.table->xyb(o, rgb[0].data(), rgb[1].data(), rgb[2].data(), n, got[0].data(), got[1].data(),
                         got[2].data());
            for (int k = 0; k < 3; k++) ASSERT_TRUE(same_bits(want[k], got[k])) << v.name << " xyb n " << n;
        }
        for (int w = 1; w <= 70; w += w < 20 ? 1 : 7) {
            std::vector<std::vector<float>> rows(7);
            for (auto &r : rows) {
                r = random_floats(static_cast<size_t>(w), 1.0f);
                for (float &x : r) x = std::abs(x);
            }
            const s2::TermRows t{rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data(),
                                 rows[4].data(), rows[5].data(), rows[6].data()};
            std::vector<double> ssim_c(static_cast<size_t>(w)), edge_c(static_cast<size_t>(w)),
                ssim(static_cast<size_t>(w)), edge(static_cast<size_t>(w));
            c.terms(t, w, ssim_c.data(), edge_c.data());
            v.table->terms(t, w, ssim.data(), edge.data());
            ASSERT_TRUE(same_bits(ssim_c, ssim)) << v.name << " terms (ssim) w " << w;
            ASSERT_TRUE(same_bits(edge_c, edge)) << v.name << " terms (edge) w " << w;
        }
    }
}

TEST(IsaLoops, FloatAdmStages)
{
    const float_adm::FloatAdmStages &c = float_adm::float_adm_stages(0);
    const std::array<float, 2> factors{0.75f, 1.25f};
    for (const auto &v : simd_variants(&float_adm::float_adm_stages)) {
        for (auto [w, h] : {std::pair{9, 7}, {32, 18}, {67, 33}}) {
            const FloatPlane ref = random_plane(w, h, 255.0f), dis = random_plane(w, h, 255.0f);
            FloatPlane approx_c, approx;
            float_adm::Detail ref_c, ref_v, dis_c, dis_v;
            float_adm::DwtScratch s_c, s_v;
            c.dwt2(ref, approx_c, &ref_c, s_c);
            v.table->dwt2(ref, approx, &ref_v, s_v);
            ASSERT_TRUE(same_detail(ref_c, ref_v)) << v.name << " dwt2 " << w << "x" << h;
            ASSERT_EQ(std::memcmp(approx_c.px.data(), approx.px.data(), approx.size() * sizeof(float)), 0);
            c.dwt2(dis, approx_c, &dis_c, s_c);
            v.table->dwt2(dis, approx, &dis_v, s_v);

            float_adm::Detail restored_c = zero_like(ref_c), restored = restored_c;
            float_adm::Detail additive_c = restored_c, additive = restored_c;
            c.decouple(ref_c, dis_c, 100.0, restored_c, additive_c);
            v.table->decouple(ref_c, dis_c, 100.0, restored, additive);
            ASSERT_TRUE(same_detail(restored_c, restored) && same_detail(additive_c, additive))
                << v.name << " decouple " << w << "x" << h;

            float_adm::Detail weighted_c = zero_like(ref_c), weighted = weighted_c;
            float_adm::Detail floor_c = weighted_c, floor = weighted_c;
            c.csf_weight(additive_c, factors, weighted_c, floor_c);
            v.table->csf_weight(additive_c, factors, weighted, floor);
            ASSERT_TRUE(same_detail(weighted_c, weighted) && same_detail(floor_c, floor))
                << v.name << " csf_weight " << w << "x" << h;

            const auto den_c = c.csf_den_sums(ref_c, factors, 3.0);
            const auto den = v.table->csf_den_sums(ref_c, factors, 3.0);
            for (bool bypass : {false, true}) {
                const auto m_c = c.masked_sums(restored_c, factors, weighted_c, floor_c, bypass, 3.0);
                const auto m = v.table->masked_sums(restored_c, factors, weighted_c, floor_c, bypass, 3.0);
                for (int i = 0; i < 3; i++) {
                    ASSERT_EQ(std::bit_cast<uint32_t>(m_c[i]), std::bit_cast<uint32_t>(m[i]))
                        << v.name << " masked_sums " << w << "x" << h << " band " << i;
                    ASSERT_EQ(std::bit_cast<uint32_t>(den_c[i]), std::bit_cast<uint32_t>(den[i]))
                        << v.name << " csf_den_sums " << w << "x" << h << " band " << i;
                }
            }
        }
    }
}

// One 1920-sample row of the filter's passes (9 taps) and of CAMBI's rows,
// the portable build beside each other level's.
CHECKASM_BENCH(bench_isa_loops)
{
    constexpr int w = 1920, n = 9;
    const std::vector<float> taps = random_floats(n, 0.5f);
    std::vector<std::vector<float>> rows(n);
    std::vector<const float *> ra;
    for (auto &r : rows) {
        r = random_floats(w, 255.0f);
        ra.push_back(r.data());
    }
    std::vector<float> out(w);
    const auto a = few_values(w, 3), b = few_values(w, 3), c = few_values(w, 3);
    std::vector<uint16_t> modes(w);
    std::vector<Variant<floatf::FilterPasses>> passes{{"c", &floatf::filter_passes(0)}};
    for (const auto &v : simd_variants(&floatf::filter_passes)) passes.push_back(v);
    for (const auto &v : passes) {
        bench("float filter column pass (9 taps, 1920)", v.name, [&] {
            v.table->column(taps.data(), n, ra.data(), nullptr, floatf::Input::kPlain, w, out.data());
            keep(static_cast<int64_t>(out[7]));
        });
        bench("float filter row pass (9 taps, 1920)", v.name, [&] {
            v.table->row(taps.data(), n, rows[0].data(), w, out.data());
            keep(static_cast<int64_t>(out[7]));
        });
    }
    {
        const ssimulacra2::RecursiveGaussian g = ssimulacra2::recursive_gaussian(1.5);
        const int bw = 1920, bh = 64;
        std::vector<float> in = random_floats(static_cast<size_t>(bw) * bh, 1.0f), tmp(in.size()),
                           blurred(in.size()), state(8 * static_cast<size_t>(bw));
        std::vector<Variant<ssimulacra2::Passes>> s2{{"c", &ssimulacra2::passes(0)}};
        for (const auto &v : simd_variants(&ssimulacra2::passes)) s2.push_back(v);
        for (const auto &v : s2)
            bench("ssimulacra2 blur (1920x64)", v.name, [&] {
                v.table->blur(g, in.data(), tmp.data(), blurred.data(), state.data(), bw, bh);
                keep(static_cast<int64_t>(blurred[7] * 1000));
            });
    }
    std::vector<Variant<cambi::ModeRows>> mode{{"c", &cambi::mode_rows(0)}};
    for (const auto &v : simd_variants(&cambi::mode_rows)) mode.push_back(v);
    for (const auto &v : mode)
        bench("cambi vertical modes (1920)", v.name, [&] {
            v.table->vertical(a.data(), b.data(), c.data(), w, modes.data());
            keep(modes[5]);
        });
}

} // namespace
} // namespace vmaf::checkasm
