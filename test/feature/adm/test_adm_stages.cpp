// ADM stage by stage on small inputs whose results are known by hand, and
// the extractor's limits and option handling through the C API.
#include <cerrno>
#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cpu/cpu_flags.h"
#include "cpu/isa.h"
#include "feature/adm/adm_compute.h"
#include "feature/adm/adm_csf_model.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_dwt2.h"
#include "feature/adm/adm_kernels.h"
#include "feature/adm/adm_math.h"
#include "libvmaf/libvmaf.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::adm;
using vmaf::Plane;

// A luma plane and its samples, for the stage functions.
template <typename Pixel> struct Frame {
    int w, h;
    std::vector<Pixel> px;
    Frame(int width, int height, Pixel v) : w(width), h(height), px(size_t(w) * h, v) {}
    Pixel &at(int x, int y) { return px[size_t(y) * w + x]; }
};

template <typename Pixel> Frame<Pixel> noise(int w, int h, int max, unsigned seed)
{
    Frame<Pixel> f(w, h, 0);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> d(0, max);
    for (auto &p : f.px) p = static_cast<Pixel>(d(rng));
    return f;
}

template <typename T> bool all_zero(const Plane<T> &p)
{
    for (int i = 0; i < p.h; i++)
        for (int j = 0; j < p.w; j++)
            if (p.row(i)[j] != 0) return false;
    return true;
}

TEST(AdmDwt2, ConstantFrameHasOnlyApproximation)
{
    // 228 is 100 above the 8-bit centre 128. Vertical: (46342 * 100 + 128) >> 8
    // = 18102; horizontal: (46342 * 18102 + 32768) >> 16 = 12800. The highpass
    // taps sum to 0, so every detail band is 0.
    Frame<uint8_t> f(40, 36, 228);
    Detail<int16_t> detail;
    Plane<int32_t> approx;
    std::vector<int16_t> tmp;
    dwt2_scale0<vmaf::cpu::Portable>(f.px.data(), f.w, f.w, f.h, 8, &detail, approx, tmp);
    ASSERT_EQ(approx.w, 20);
    ASSERT_EQ(approx.h, 18);
    for (int i = 0; i < approx.h; i++)
        for (int j = 0; j < approx.w; j++) ASSERT_EQ(approx.row(i)[j], 12800) << i << "," << j;
    for (int b = 0; b < 3; b++) EXPECT_TRUE(all_zero(detail[b])) << "band " << b;
}

TEST(AdmDwt2, DeeperInputScalesToTheSameBands)
{
    // 912 = 228 << 2 at 10 bits: (46342 * 400 + 512) >> 10 is 18102 again.
    Frame<uint16_t> f(41, 35, 912);
    Detail<int16_t> detail;
    Plane<int32_t> approx;
    std::vector<int16_t> tmp;
    dwt2_scale0<vmaf::cpu::Portable>(f.px.data(), f.w, f.w, f.h, 10, &detail, approx, tmp);
    ASSERT_EQ(approx.w, 21); // odd sizes round up
    ASSERT_EQ(approx.h, 18);
    EXPECT_EQ(approx.row(17)[20], 12800);
    EXPECT_TRUE(all_zero(detail[2]));
}

TEST(AdmDwt2, SixteenBitSumsWrapAsTheReferences)
{
    // White at 16 bits: 46342 * 65535 overflows 32 bits on the way, the
    // centred sum does not: (46342 * 32767 + 32768) >> 16 = 23170, then
    // (46342 * 23170 + 32768) >> 16 = 16384. At 12 bits (4095):
    // (46342 * 2047 + 2048) >> 12 = 23160, then 16377.
    Detail<int16_t> detail;
    Plane<int32_t> approx;
    std::vector<int16_t> tmp;
    Frame<uint16_t> white16(34, 34, 65535);
    dwt2_scale0<vmaf::cpu::Portable>(white16.px.data(), white16.w, white16.w, white16.h, 16, &detail, approx, tmp);
    EXPECT_EQ(approx.row(5)[7], 16384);
    Frame<uint16_t> white12(34, 34, 4095);
    dwt2_scale0<vmaf::cpu::Portable>(white12.px.data(), white12.w, white12.w, white12.h, 12, &detail, approx, tmp);
    EXPECT_EQ(approx.row(16)[16], 16377);
}

TEST(AdmDwt2, VerticalEdgeShowsOnlyInTheHorizontalHighpass)
{
    // Columns 0..19 black, 20..39 white: each column is constant, so the
    // vertical highpass (bands h and d) is 0; the horizontal highpass (v) is
    // non-zero only where the taps 2j-1..2j+2 straddle the edge: j = 9, 10.
    Frame<uint8_t> f(40, 40, 0);
    for (int y = 0; y < f.h; y++)
        for (int x = 20; x < f.w; x++) f.at(x, y) = 255;
    Detail<int16_t> detail;
    Plane<int32_t> approx;
    std::vector<int16_t> tmp;
    dwt2_scale0<vmaf::cpu::Portable>(f.px.data(), f.w, f.w, f.h, 8, &detail, approx, tmp);
    EXPECT_TRUE(all_zero(detail[0]));
    EXPECT_TRUE(all_zero(detail[2]));
    for (int i = 0; i < detail[1].h; i++) {
        for (int j = 0; j < detail[1].w; j++) {
            const bool at_edge = j == 9 || j == 10;
            EXPECT_EQ(detail[1].row(i)[j] != 0, at_edge) << i << "," << j;
        }
    }
}

TEST(AdmDwt2, LaterScalesHalveTheApproximation)
{
    auto f = noise<uint8_t>(67, 45, 255, 7);
    Detail<int16_t> d0;
    Plane<int32_t> a0, a1;
    std::vector<int16_t> tmp16;
    std::vector<int32_t> tmp32;
    dwt2_scale0<vmaf::cpu::Portable>(f.px.data(), f.w, f.w, f.h, 8, &d0, a0, tmp16);
    Detail<int32_t> d1, d1_dis;
    Plane<int32_t> a1_dis;
    const Plane<int32_t> *in[2] = {&a0, &a0};
    Detail<int32_t> *detail[2] = {&d1, &d1_dis};
    Plane<int32_t> *out[2] = {&a1, &a1_dis};
    dwt2_scale<vmaf::cpu::Portable>(in, 2, 1, detail, out, tmp32);
    EXPECT_EQ(a1.w, 17);
    EXPECT_EQ(a1.h, 12);
    EXPECT_EQ(d1[0].w, 17);
    EXPECT_FALSE(all_zero(d1[2]));
    EXPECT_EQ(a1.px, a1_dis.px);
}

TEST(AdmMath, RatioOfCoefficientsInQ15)
{
    const int32_t *div = division_table();
    // 1/2 -> 16384; clamped to [0, 1]; o = 0 counts as full restoration.
    EXPECT_EQ(ScaleMath<int16_t>::ratio(2, 1, div), 16384);
    EXPECT_EQ(ScaleMath<int16_t>::ratio(1, 5, div), 32768);
    EXPECT_EQ(ScaleMath<int16_t>::ratio(1, -1, div), 0);
    EXPECT_EQ(ScaleMath<int16_t>::ratio(0, 7, div), 32768);
    // 32-bit: o = 65536 is rounded to 15 bits (16384, shift 2) first.
    EXPECT_EQ(ScaleMath<int32_t>::ratio(65536, 32768, div), 16384);
    EXPECT_EQ(ScaleMath<int32_t>::ratio(-65536, -32768, div), 16384);
}

TEST(AdmMath, WindowAndTapIndicesReflect)
{
    EXPECT_EQ(tap_index(0, 0, 10), 1);
    EXPECT_EQ(tap_index(0, 3, 10), 2);
    EXPECT_EQ(tap_index(4, 3, 10), 9);
    EXPECT_EQ(tap_index(5, 2, 11), 10);
    EXPECT_EQ(tap_index(5, 3, 11), 9);
    EXPECT_EQ(window_index(-1, 8), 1);
    EXPECT_EQ(window_index(8, 8), 7);
}

TEST(AdmCsfModel, WatsonFactorsMatchTheReferenceConstants)
{
    // The reference hard-codes the default view's Q21/Q23 factors, rounded
    // from the model a few units apart (36451.7 and 49414.7 computed); the
    // hard-coded ones are what it uses.
    CsfParams p;
    const auto w = csf_weights(p, 0);
    EXPECT_NEAR(w[0] * 2097152.0, 36453, 3.0);
    EXPECT_NEAR(w[1] * 8388608.0, 49417, 3.0);
    const auto f = scale0_factors(p);
    EXPECT_EQ(f[0], 36453);
    EXPECT_EQ(f[2], 49417);
    p.mode = kBlend;
    p.ref_display_height = 1000;
    EXPECT_FALSE(csf_defined(p));
}

TEST(AdmDecouple, IdenticalBandsAreFullyRestored)
{
    auto f = noise<uint8_t>(64, 48, 255, 3);
    Detail<int16_t> d;
    Plane<int32_t> a;
    std::vector<int16_t> tmp;
    dwt2_scale0<vmaf::cpu::Portable>(f.px.data(), f.w, f.w, f.h, 8, &d, a, tmp);
    Detail<int16_t> restored, additive;
    restored.resize(d[0].w, d[0].h);
    additive.resize(d[0].w, d[0].h);
    DecoupleRows rows;
    const Region reg = work_region(d[0].w, d[0].h);
    const auto decouple_row = adm_kernels(vmaf::cpu::detected()).scale0.decouple;
    for (int i = reg.top; i < reg.bottom; i++) {
        const int16_t *o[3] = {d[0].row(i), d[1].row(i), d[2].row(i)};
        int16_t *r[3] = {restored[0].row(i), restored[1].row(i), restored[2].row(i)};
        int16_t *a[3] = {additive[0].row(i), additive[1].row(i), additive[2].row(i)};
        decouple_row(o, o, r, a, reg.left, reg.right, x86_work_end(reg), 100.0, rows);
    }
    for (int b = 0; b < 3; b++)
        for (int i = reg.top; i < reg.bottom; i++)
            for (int j = reg.left; j < reg.right; j++) {
                ASSERT_EQ(restored[b].row(i)[j], d[b].row(i)[j]);
                ASSERT_EQ(additive[b].row(i)[j], 0);
            }
}

VmafPicture picture_of(const Frame<uint8_t> &f)
{
    VmafPicture pic;
    EXPECT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV400P, 8, f.w, f.h), 0);
    for (int y = 0; y < f.h; y++)
        for (int x = 0; x < f.w; x++)
            static_cast<uint8_t *>(pic.data[0])[y * pic.stride[0] + x] = f.px[size_t(y) * f.w + x];
    return pic;
}

TEST(AdmCompute, FrameAgainstItselfScoresOne)
{
    const auto f = noise<uint8_t>(96, 64, 255, 11);
    VmafPicture pic = picture_of(f);
    IntegerAdm c(IntegerAdmParams{}, f.w, f.h, vmaf::cpu::detected());
    const AdmScores s = c.compute(pic, pic);
    // Numerator and denominator take different fixed-point paths: equal
    // to within their rounding, as the reference's identical clip shows.
    EXPECT_NEAR(s.adm2, 1.0, 1e-4);
    EXPECT_EQ(s.aim, 0.0);
    for (int k = 0; k < kScales; k++)
        EXPECT_NEAR(s.num_scale[k] / s.den_scale[k], 1.0, 1e-4) << "scale " << k;
    vmaf_picture_unref(&pic);
}

TEST(AdmCompute, DeepFramesScoreLikeEightBitOnes)
{
    // The same picture at 8, 12 and 16 bits (samples shifted up): the
    // transform normalises the depth, so the scores agree closely.
    const auto r8 = noise<uint8_t>(80, 60, 255, 5), d8 = noise<uint8_t>(80, 60, 255, 6);
    VmafPicture r = picture_of(r8), d = picture_of(d8);
    IntegerAdm c8(IntegerAdmParams{}, r8.w, r8.h, vmaf::cpu::detected());
    const double adm8 = c8.compute(r, d).adm2;
    vmaf_picture_unref(&r);
    vmaf_picture_unref(&d);
    ASSERT_GT(adm8, 0.0);
    ASSERT_LT(adm8, 1.0);
    for (unsigned bpc : {12u, 16u}) {
        VmafPicture rr, dd;
        ASSERT_EQ(vmaf_picture_alloc(&rr, VMAF_PIX_FMT_YUV400P, bpc, r8.w, r8.h), 0);
        ASSERT_EQ(vmaf_picture_alloc(&dd, VMAF_PIX_FMT_YUV400P, bpc, r8.w, r8.h), 0);
        for (int y = 0; y < r8.h; y++)
            for (int x = 0; x < r8.w; x++) {
                const size_t at = size_t(y) * r8.w + x;
                static_cast<uint16_t *>(rr.data[0])[y * rr.stride[0] / 2 + x] =
                    static_cast<uint16_t>(r8.px[at] << (bpc - 8));
                static_cast<uint16_t *>(dd.data[0])[y * dd.stride[0] / 2 + x] =
                    static_cast<uint16_t>(d8.px[at] << (bpc - 8));
            }
        IntegerAdm c(IntegerAdmParams{}, r8.w, r8.h, vmaf::cpu::detected());
        EXPECT_NEAR(c.compute(rr, dd).adm2, adm8, 1e-3) << bpc << " bits";
        vmaf_picture_unref(&rr);
        vmaf_picture_unref(&dd);
    }
}

TEST(AdmCompute, ConstantFramesScoreOne)
{
    Frame<uint8_t> a(48, 40, 90), b(48, 40, 200);
    VmafPicture pa = picture_of(a), pb = picture_of(b);
    IntegerAdm c(IntegerAdmParams{}, a.w, a.h, vmaf::cpu::detected());
    // No detail in either: both sums are only the noise floor.
    const AdmScores s = c.compute(pa, pb);
    EXPECT_DOUBLE_EQ(s.adm2, 1.0);
    EXPECT_EQ(s.aim, 0.0);
    vmaf_picture_unref(&pa);
    vmaf_picture_unref(&pb);
}

// Through the C API.
using vmaf::test::make_context;

int use_adm(VmafContext *ctx, std::initializer_list<std::pair<const char *, const char *>> opts)
{
    VmafFeatureDictionary *d = nullptr;
    for (auto [k, v] : opts) vmaf_feature_dictionary_set(&d, k, v);
    const int err = vmaf_use_feature(ctx, "adm", d);
    vmaf_feature_dictionary_free(&d);
    return err;
}

// Scores one noise frame against another of size w x h.
int run(VmafContext *ctx, int w, int h)
{
    VmafPicture r = picture_of(noise<uint8_t>(w, h, 255, 1));
    VmafPicture d = picture_of(noise<uint8_t>(w, h, 255, 2));
    const int err = vmaf_read_pictures(ctx, &r, &d, 0);
    const int flush = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush;
}

TEST(AdmExtractor, RefusesFramesBelowTheSmallestSize)
{
    auto small = make_context(0);
    ASSERT_EQ(use_adm(small.get(), {}), 0);
    EXPECT_NE(run(small.get(), 32, 40), 0);
    auto ok = make_context(0);
    ASSERT_EQ(use_adm(ok.get(), {}), 0);
    EXPECT_EQ(run(ok.get(), 33, 33), 0);
    double v = 0;
    EXPECT_EQ(vmaf_feature_score_at_index(ok.get(), "integer_adm2", &v, 0), 0);
    EXPECT_GT(v, 0.0);
    EXPECT_LT(v, 1.0);
}

// Without a noise floor, flat pictures leave every scale at 0/0: an error
// that names the option, never a null score.
TEST(AdmExtractor, ZeroNoiseWeightOnFlatContentIsAClearError)
{
    for (const char *name : {"adm", "float_adm"}) {
        for (const char *weight : {"0", "0.03125"}) {
            auto ctx = make_context(0);
            VmafFeatureDictionary *d = nullptr;
            vmaf_feature_dictionary_set(&d, "adm_noise_weight", weight);
            ASSERT_EQ(vmaf_use_feature(ctx.get(), name, d), 0);
            vmaf_feature_dictionary_free(&d);
            Frame<uint8_t> a(48, 40, 128), b(48, 40, 128);
            VmafPicture pa = picture_of(a), pb = picture_of(b);
            const int err = vmaf_read_pictures(ctx.get(), &pa, &pb, 0);
            const int flush = vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0);
            if (std::string(weight) == "0") {
                EXPECT_EQ(err ? err : flush, -EINVAL) << name;
            } else {
                EXPECT_EQ(err ? err : flush, 0) << name;
            }
        }
        // Pictures with detail have a measure even without the floor.
        auto ctx = make_context(0);
        VmafFeatureDictionary *d = nullptr;
        vmaf_feature_dictionary_set(&d, "adm_noise_weight", "0");
        ASSERT_EQ(vmaf_use_feature(ctx.get(), name, d), 0);
        vmaf_feature_dictionary_free(&d);
        EXPECT_EQ(run(ctx.get(), 64, 64), 0) << name;
    }
}

TEST(AdmExtractor, RejectsOutOfRangeOptions)
{
    auto ctx = make_context(0);
    EXPECT_NE(use_adm(ctx.get(), {{"adm_enhn_gain_limit", "0.5"}}), 0);
    EXPECT_NE(use_adm(ctx.get(), {{"csf", "4"}}), 0);
    EXPECT_NE(use_adm(ctx.get(), {{"adm_dlm_weight", "1.5"}}), 0);
    EXPECT_NE(use_adm(ctx.get(), {{"rdh", "5000"}}), 0);
}

TEST(AdmExtractor, RefusesViewsTheFixedPointCannotHold)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_adm(ctx.get(), {{"adm_norm_view_dist", "1.5"}}), 0);
    EXPECT_NE(run(ctx.get(), 64, 64), 0);
    auto blend = make_context(0);
    ASSERT_EQ(use_adm(blend.get(), {{"adm_csf_mode", "2"}, {"rdh", "1200"}}), 0);
    EXPECT_NE(run(blend.get(), 64, 64), 0);
}

TEST(AdmExtractor, NonDefaultOptionsNameKeysAsTheReference)
{
    // The reference's CLI writes integer_adm2_dlmw_0.8_min_0.99_nw_0.1 for these:
    // aliases, %g values, options in alphabetical order of their names.
    auto ctx = make_context(0);
    ASSERT_EQ(use_adm(ctx.get(), {{"adm_noise_weight", "0.1"},
                                  {"adm_dlm_weight", "0.8"},
                                  {"adm_min_val", "0.99"}}),
              0);
    ASSERT_EQ(run(ctx.get(), 64, 64), 0);
    double adm2 = 0, adm3 = 0;
    EXPECT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_adm2_dlmw_0.8_min_0.99_nw_0.1",
                                          &adm2, 0),
              0);
    EXPECT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_adm3_dlmw_0.8_min_0.99_nw_0.1",
                                          &adm3, 0),
              0);
    EXPECT_GE(adm3, 0.99);
}

TEST(AdmExtractor, SkipOptionsRenameAndZeroTheirParts)
{
    auto ctx = make_context(0);
    ASSERT_EQ(use_adm(ctx.get(), {{"adm_skip_scale0", "true"}, {"adm_skip_aim", "true"}}), 0);
    ASSERT_EQ(run(ctx.get(), 64, 64), 0);
    double scale0 = -1, aim = -1, adm2 = 0, adm3 = 0;
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_adm_scale0_ssz", &scale0, 0), 0);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_aim_ssz", &aim, 0), 0);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_adm2_ssz", &adm2, 0), 0);
    ASSERT_EQ(vmaf_feature_score_at_index(ctx.get(), "integer_adm3_ssz", &adm3, 0), 0);
    EXPECT_EQ(scale0, 0.0);
    EXPECT_EQ(aim, 0.0);
    // With no AIM, adm3 = 0.5 * adm2 + 0.5.
    EXPECT_NEAR(adm3, 0.5 * adm2 + 0.5, 1e-12);
}

} // namespace
