// The AVX2 vector of the x86 kernels: 256 bits, the operations the kernel
// templates (feature/*/*_simd.h, *_x86.h) are written in. Include only from
// files built for AVX2 (core_avx2_sources); its operations are compiled for
// the set in this header's region (cpu/target.h).
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::cpu {

struct Avx2 {
    using V = __m256i;
    static constexpr int kBytes = 32;
    static constexpr const char *kName = "avx2";
    using Isa = Avx2; // the build of core_isa_sources these vectors belong to
    static constexpr bool kWide64 = false; // no 64-bit abs, arithmetic shifts, int64 -> float

    using D = __m256d; // doubles, half as many as 32-bit lanes

    // The low and the high half of the 32-bit lanes as doubles (exact).
    VMAF_VECTOR_OP D low_to_double(V a) { return _mm256_cvtepi32_pd(_mm256_castsi256_si128(a)); }
    VMAF_VECTOR_OP D high_to_double(V a) { return _mm256_cvtepi32_pd(_mm256_extracti128_si256(a, 1)); }
    // Two halves of doubles truncated to 32-bit lanes, as a C cast does.
    VMAF_VECTOR_OP V truncate_to_i32(D low, D high)
    {
        const __m128i lo = _mm256_cvttpd_epi32(low), hi = _mm256_cvttpd_epi32(high);
        return _mm256_set_m128i(hi, lo);
    }
    VMAF_VECTOR_OP D set_double(double x) { return _mm256_set1_pd(x); }
    VMAF_VECTOR_OP D add_double(D a, D b) { return _mm256_add_pd(a, b); }
    VMAF_VECTOR_OP D sub_double(D a, D b) { return _mm256_sub_pd(a, b); }
    VMAF_VECTOR_OP D mul_double(D a, D b) { return _mm256_mul_pd(a, b); }
    // The product rounded to the nearest integer (even on ties) where
    // `nearest`, as a C rint(); else unchanged.
    VMAF_VECTOR_OP D gain(D a, bool nearest)
    {
        return nearest ? _mm256_round_pd(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC) : a;
    }
    VMAF_VECTOR_OP D div_double(D a, D b) { return _mm256_div_pd(a, b); }
    VMAF_VECTOR_OP void store_double(double *p, D a) { _mm256_storeu_pd(p, a); }

    VMAF_VECTOR_OP D round_to_float(D a) { return _mm256_cvtps_pd(_mm256_cvtpd_ps(a)); }
    VMAF_VECTOR_OP D min_double(D a, D b) { return _mm256_min_pd(a, b); }
    VMAF_VECTOR_OP D max_double(D a, D b) { return _mm256_max_pd(a, b); }
    // Bit i set where lane i of a >= b (doubles, ordered).
    VMAF_VECTOR_OP unsigned mask_ge_double(D a, D b)
    {
        return static_cast<unsigned>(_mm256_movemask_pd(_mm256_cmp_pd(a, b, _CMP_GE_OQ)));
    }

    // The log2 lookups of VIF's statistic. AVX2 has no vector lzcnt: the
    // leading zeros come from the exponent of the value as a float or
    // double, exact in the domain of those lookups (x >= 2 for 32 bits,
    // 0 < x < 2^52 for 64 bits; elsewhere the result is meaningless).
    VMAF_VECTOR_OP V lzcnt32(V a)
    {
        // x >> 1 stays below 2^31 (signed conversion); clearing every bit
        // below a set bit leaves no two ones side by side, so rounding to
        // float cannot carry into the exponent.
        const V z = _mm256_srli_epi32(a, 1);
        const V y = _mm256_andnot_si256(_mm256_srli_epi32(z, 1), z);
        const V e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(y)), 23); // floor(log2 x) + 126
        return _mm256_sub_epi32(_mm256_set1_epi32(31 + 126), e);
    }
    VMAF_VECTOR_OP V lzcnt64(V a)
    {
        // 2^52 + x is exact as a double; minus 2^52 leaves x, as a double.
        const V magic = _mm256_set1_epi64x(0x4330000000000000);
        const D d = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(a, magic)), _mm256_castsi256_pd(magic));
        const V e = _mm256_srli_epi64(_mm256_castpd_si256(d), 52); // floor(log2 x) + 1023
        return _mm256_sub_epi64(_mm256_set1_epi64x(63 + 1023), e);
    }
    VMAF_VECTOR_OP V srlv32(V a, V n) { return _mm256_srlv_epi32(a, n); }
    VMAF_VECTOR_OP V srlv64(V a, V n) { return _mm256_srlv_epi64(a, n); }
    // 16-bit table entries (with 16 bits of room after the last one) at the
    // lanes of `mask`; the other lanes are not read and come back 0.
    VMAF_VECTOR_OP V gather_u16(const uint16_t *table, V index32, unsigned mask)
    {
        const V v = _mm256_mask_i32gather_epi32(zero(), reinterpret_cast<const int *>(table), index32,
                                                lanes_from_bits(mask), 2);
        return _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF));
    }
    VMAF_VECTOR_OP V gather_u16_by_64(const uint16_t *table, V index64, unsigned mask)
    {
        const __m128i v = _mm256_mask_i64gather_epi32(_mm_setzero_si128(), reinterpret_cast<const int *>(table),
                                                      index64, _mm256_castsi256_si128(lanes_from_bits(mask)), 2);
        return _mm256_cvtepu32_epi64(_mm_and_si128(v, _mm_set1_epi32(0xFFFF)));
    }
    VMAF_VECTOR_OP V sub64(V a, V b) { return _mm256_sub_epi64(a, b); }
    // kBytes / 8 int32 values sign-extended to 64-bit lanes, and the low 32
    // bits of each 64-bit lane stored back as kBytes / 8 int32 values.
    VMAF_VECTOR_OP V load_i32_as_i64(const int32_t *p)
    {
        return _mm256_cvtepi32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
    }
    VMAF_VECTOR_OP void store_i64_as_i32(int32_t *p, V a)
    {
        const __m256i low = _mm256_permutevar8x32_epi32(a, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
        _mm_storeu_si128(reinterpret_cast<__m128i *>(p), _mm256_castsi256_si128(low));
    }
    VMAF_VECTOR_OP V i32_low_to_i64(V a) { return _mm256_cvtepi32_epi64(_mm256_castsi256_si128(a)); }
    VMAF_VECTOR_OP V i32_high_to_i64(V a) { return _mm256_cvtepi32_epi64(_mm256_extracti128_si256(a, 1)); }
    VMAF_VECTOR_OP V u32_low_to_u64(V a) { return _mm256_cvtepu32_epi64(_mm256_castsi256_si128(a)); }
    VMAF_VECTOR_OP V u32_high_to_u64(V a) { return _mm256_cvtepu32_epi64(_mm256_extracti128_si256(a, 1)); }
    // Doubles in [0, 2^52) truncated to 64-bit integers, as a C cast does.
    VMAF_VECTOR_OP V truncate_to_i64(D a)
    {
        const D magic = _mm256_set1_pd(4503599627370496.0); // 2^52
        const D t = _mm256_add_pd(_mm256_round_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), magic);
        return _mm256_sub_epi64(_mm256_castpd_si256(t), _mm256_castpd_si256(magic));
    }
    // Masks as bits, lane i in bit i, and lanes kept by them.
    using M = unsigned;
    VMAF_VECTOR_OP unsigned mask_gt32(V a, V b)
    {
        return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b))));
    }
    VMAF_VECTOR_OP V maskz32(unsigned m, V a) { return _mm256_and_si256(lanes_from_bits(m), a); }
    VMAF_VECTOR_OP V maskz64(unsigned m, V a)
    {
        const __m256i bit = _mm256_setr_epi64x(1, 2, 4, 8);
        return _mm256_and_si256(_mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(m), bit), bit), a);
    }

    // Lane masks (all ones or zero) and selection by them.
    VMAF_VECTOR_OP V gt32(V a, V b) { return _mm256_cmpgt_epi32(a, b); }
    VMAF_VECTOR_OP V eq32(V a, V b) { return _mm256_cmpeq_epi32(a, b); }
    VMAF_VECTOR_OP V lanes_from_bits(unsigned m)
    {
        const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
        return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(m)), bit), bit);
    }
    VMAF_VECTOR_OP V select(V mask, V x, V y) { return _mm256_blendv_epi8(y, x, mask); }
    VMAF_VECTOR_OP V clamp64(V x, int64_t lo, int64_t hi)
    {
        const __m256i l = _mm256_set1_epi64x(lo), h = _mm256_set1_epi64x(hi);
        x = _mm256_blendv_epi8(x, l, _mm256_cmpgt_epi64(l, x));
        return _mm256_blendv_epi8(x, h, _mm256_cmpgt_epi64(x, h));
    }
    VMAF_VECTOR_OP V gather32(const int32_t *table, V index) { return _mm256_i32gather_epi32(table, index, 4); }
    // kBytes / 4 16-bit values, each sign-extended to 32 bits, and back
    // (the low 16 bits of each lane).
    VMAF_VECTOR_OP V load_i16_as_i32(const int16_t *p)
    {
        return _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
    }
    VMAF_VECTOR_OP void store_i32_as_i16(int16_t *p, V a)
    {
        const __m256i pick = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1,
                                              0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1);
        const __m256i t = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(a, pick), 0x08);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(p), _mm256_castsi256_si128(t));
    }

    // Floats, as many as 32-bit lanes: CAMBI's c-values.
    using F = __m256;
    VMAF_VECTOR_OP F zero_float() { return _mm256_setzero_ps(); }
    VMAF_VECTOR_OP F i32_to_float(V a) { return _mm256_cvtepi32_ps(a); }
    VMAF_VECTOR_OP F set_float(float x) { return _mm256_set1_ps(x); }
    VMAF_VECTOR_OP F select_float(V mask, F x, F y) { return _mm256_blendv_ps(y, x, _mm256_castsi256_ps(mask)); }
    // The low and the high half of the floats as doubles (exact).
    VMAF_VECTOR_OP D float_low_to_double(F a) { return _mm256_cvtps_pd(_mm256_castps256_ps128(a)); }
    VMAF_VECTOR_OP D float_high_to_double(F a) { return _mm256_cvtps_pd(_mm256_extractf128_ps(a, 1)); }
    VMAF_VECTOR_OP F mul_float(F a, F b) { return _mm256_mul_ps(a, b); }
    VMAF_VECTOR_OP F max_float(F a, F b) { return _mm256_max_ps(a, b); }
    VMAF_VECTOR_OP void store_float(float *p, F a) { _mm256_storeu_ps(p, a); }
    // table[index] at the lanes of `mask`; the other lanes are not read and
    // come back 0.
    VMAF_VECTOR_OP F gather_float(const float *table, V index, unsigned mask)
    {
        return _mm256_mask_i32gather_ps(_mm256_setzero_ps(), table, index, _mm256_castsi256_ps(lanes_from_bits(mask)), 4);
    }
    // Bit i set where lane i of a == b (32-bit lanes).
    VMAF_VECTOR_OP unsigned mask_eq32(V a, V b)
    {
        return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))));
    }
    // 0, 1, 2, ... in the 32-bit lanes.
    VMAF_VECTOR_OP V iota32() { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }

    VMAF_VECTOR_OP V zero() { return _mm256_setzero_si256(); }
    VMAF_VECTOR_OP V set16(int16_t x) { return _mm256_set1_epi16(x); }
    VMAF_VECTOR_OP V set32(int32_t x) { return _mm256_set1_epi32(x); }
    VMAF_VECTOR_OP V set64(int64_t x) { return _mm256_set1_epi64x(x); }
    VMAF_VECTOR_OP V load(const void *p) { return _mm256_loadu_si256(static_cast<const __m256i *>(p)); }
    VMAF_VECTOR_OP void store(void *p, V v) { _mm256_storeu_si256(static_cast<__m256i *>(p), v); }
    // kBytes / 2 bytes, each widened to 16 bits.
    VMAF_VECTOR_OP V load_u8_as_u16(const uint8_t *p)
    {
        return _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
    }
    // kBytes / 2 16-bit samples, each widened to 32 bits.
    VMAF_VECTOR_OP V load_u16_as_u32(const uint16_t *p)
    {
        return _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
    }
    // kBytes / 4 bytes, each widened to 32 bits.
    VMAF_VECTOR_OP V load_u8_as_u32(const uint8_t *p)
    {
        return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i *>(p)));
    }

    // The low 16 bits of a's and b's 32-bit lanes, as _mm256_packus_epi32
    // orders them (a's then b's, per 128 bits): unpacklo16 / unpackhi16
    // halves come back in column order.
    VMAF_VECTOR_OP V pack_trunc32_to_16(V a, V b)
    {
        const __m256i low = _mm256_set1_epi32(0xFFFF);
        return _mm256_packus_epi32(_mm256_and_si256(a, low), _mm256_and_si256(b, low));
    }
    VMAF_VECTOR_OP V add32(V a, V b) { return _mm256_add_epi32(a, b); }
    VMAF_VECTOR_OP V sub32(V a, V b) { return _mm256_sub_epi32(a, b); }
    VMAF_VECTOR_OP V add64(V a, V b) { return _mm256_add_epi64(a, b); }
    VMAF_VECTOR_OP V bit_xor(V a, V b) { return _mm256_xor_si256(a, b); }
    VMAF_VECTOR_OP V bit_or(V a, V b) { return _mm256_or_si256(a, b); }
    VMAF_VECTOR_OP V bit_and(V a, V b) { return _mm256_and_si256(a, b); }
    VMAF_VECTOR_OP bool all_zero(V a) { return _mm256_testz_si256(a, a); }
    VMAF_VECTOR_OP V mullo16(V a, V b) { return _mm256_mullo_epi16(a, b); }
    VMAF_VECTOR_OP V mulhi_u16(V a, V b) { return _mm256_mulhi_epu16(a, b); }
    VMAF_VECTOR_OP V mullo32(V a, V b) { return _mm256_mullo_epi32(a, b); }
    VMAF_VECTOR_OP V mul_u32_to_u64(V a, V b) { return _mm256_mul_epu32(a, b); }
    VMAF_VECTOR_OP V mul_i32_to_i64(V a, V b) { return _mm256_mul_epi32(a, b); }
    VMAF_VECTOR_OP V madd16(V a, V b) { return _mm256_madd_epi16(a, b); }
    // acc + madd16(a, b) (wrapping).
    VMAF_VECTOR_OP V madd16_add(V acc, V a, V b) { return _mm256_add_epi32(acc, _mm256_madd_epi16(a, b)); }
    VMAF_VECTOR_OP V unpacklo16(V a, V b) { return _mm256_unpacklo_epi16(a, b); }
    VMAF_VECTOR_OP V unpackhi16(V a, V b) { return _mm256_unpackhi_epi16(a, b); }
    VMAF_VECTOR_OP V unpacklo32(V a, V b) { return _mm256_unpacklo_epi32(a, b); }
    VMAF_VECTOR_OP V unpackhi32(V a, V b) { return _mm256_unpackhi_epi32(a, b); }
    template <int N> VMAF_VECTOR_OP V srli32(V a) { return _mm256_srli_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V slli32(V a) { return _mm256_slli_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V srai32(V a) { return _mm256_srai_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V srli64(V a) { return _mm256_srli_epi64(a, N); }
    template <int N> VMAF_VECTOR_OP V slli64(V a) { return _mm256_slli_epi64(a, N); }
    VMAF_VECTOR_OP V srl32(V a, int n) { return _mm256_srl_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sll32(V a, int n) { return _mm256_sll_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sra32(V a, int n) { return _mm256_sra_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sub16(V a, V b) { return _mm256_sub_epi16(a, b); }
    VMAF_VECTOR_OP V add16(V a, V b) { return _mm256_add_epi16(a, b); }
    VMAF_VECTOR_OP V min16(V a, V b) { return _mm256_min_epi16(a, b); }
    VMAF_VECTOR_OP V max16(V a, V b) { return _mm256_max_epi16(a, b); }
    // 0, 1, 2, ... in the 16-bit lanes.
    VMAF_VECTOR_OP V iota16() { return _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
    VMAF_VECTOR_OP V srl64(V a, int n) { return _mm256_srl_epi64(a, _mm_cvtsi32_si128(n)); }
    // Arithmetic shift of the 64-bit lanes by n (0..63): AVX2 has none, so
    // the logical shift with the sign's bits put back above.
    VMAF_VECTOR_OP V sra64(V a, int n)
    {
        const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
        return _mm256_or_si256(_mm256_srl_epi64(a, _mm_cvtsi32_si128(n)),
                               _mm256_sll_epi64(sign, _mm_cvtsi32_si128(64 - n)));
    }
    VMAF_VECTOR_OP V abs32(V a) { return _mm256_abs_epi32(a); }
    VMAF_VECTOR_OP V max32(V a, V b) { return _mm256_max_epi32(a, b); }
    VMAF_VECTOR_OP V min32(V a, V b) { return _mm256_min_epi32(a, b); }
    // Odd 32-bit lanes of b in place of a's.
    VMAF_VECTOR_OP V blend_odd32(V a, V b) { return _mm256_blend_epi32(a, b, 0xAA); }
    // Sum of the 32-bit lanes (modulo 2^32) and of the 64-bit lanes.
    VMAF_VECTOR_OP uint32_t sum32(V a)
    {
        __m128i s = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
        return static_cast<uint32_t>(_mm_cvtsi128_si32(s));
    }
    VMAF_VECTOR_OP uint64_t sum64(V a)
    {
        __m128i s = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
        s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
        return static_cast<uint64_t>(_mm_cvtsi128_si64(s));
    }
    // Bit i set where lane i of a >= b (signed 32-bit lanes).
    VMAF_VECTOR_OP unsigned mask_ge32(V a, V b)
    {
        return ~static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(b, a)))) & 0xFFu;
    }
    // x where lane a < b (signed), else 0.
    VMAF_VECTOR_OP V select_lt32(V a, V b, V x) { return _mm256_and_si256(_mm256_cmpgt_epi32(b, a), x); }
    // The low 16 bits of the even 32-bit lanes: kBytes / 8 values.
    VMAF_VECTOR_OP void store_even32_as_u16(uint16_t *out, V a)
    {
        const __m256i pick = _mm256_setr_epi8(0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                              0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        const __m256i t = _mm256_shuffle_epi8(a, pick);
        const __m128i v = _mm_unpacklo_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
        _mm_storel_epi64(reinterpret_cast<__m128i *>(out), v);
    }
    // unpacklo/unpackhi results (lanes 0-3 8-11 .. / 4-7 12-15 ..) back in
    // natural order: a = elements [0, kBytes/4), b = the next kBytes/4.
    VMAF_VECTOR_OP void deinterleave_store32(uint32_t *out, V lo, V hi)
    {
        store(out, _mm256_permute2x128_si256(lo, hi, 0x20));
        store(out + 8, _mm256_permute2x128_si256(lo, hi, 0x31));
    }
};

} // namespace vmaf::cpu

VMAF_TARGET_END
