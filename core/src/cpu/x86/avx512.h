// The AVX-512 vector of the x86 kernels (F, BW, DQ, VL): 512 bits, the same
// operations as Avx2 (avx2.h). Include only from files built for AVX-512
// (core_avx512_sources, core_avx512icl_sources; cpu/target.h).
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "cpu/target.h"

VMAF_TARGET_BEGIN

namespace vmaf::cpu {

struct Avx512 {
    using V = __m512i;
    static constexpr int kBytes = 64;
    static constexpr const char *kName = "avx512";
    using Isa = Avx512; // the build of core_isa_sources these vectors belong to
    static constexpr bool kWide64 = true; // 64-bit abs, arithmetic shifts, lzcnt by lane

    using D = __m512d; // doubles, half as many as 32-bit lanes

    // The low and the high half of the 32-bit lanes as doubles (exact).
    VMAF_VECTOR_OP D low_to_double(V a) { return _mm512_cvtepi32_pd(_mm512_castsi512_si256(a)); }
    VMAF_VECTOR_OP D high_to_double(V a) { return _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(a, 1)); }
    // Two halves of doubles truncated to 32-bit lanes, as a C cast does.
    VMAF_VECTOR_OP V truncate_to_i32(D low, D high)
    {
        const __m256i lo = _mm512_cvttpd_epi32(low), hi = _mm512_cvttpd_epi32(high);
        return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    }
    VMAF_VECTOR_OP D set_double(double x) { return _mm512_set1_pd(x); }
    VMAF_VECTOR_OP D add_double(D a, D b) { return _mm512_add_pd(a, b); }
    VMAF_VECTOR_OP D sub_double(D a, D b) { return _mm512_sub_pd(a, b); }
    VMAF_VECTOR_OP D mul_double(D a, D b) { return _mm512_mul_pd(a, b); }
    // The product rounded to the nearest integer (even on ties) where
    // `nearest`, as a C rint(); else unchanged.
    VMAF_VECTOR_OP D gain(D a, bool nearest)
    {
        return nearest ? _mm512_roundscale_pd(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC) : a;
    }
    VMAF_VECTOR_OP D div_double(D a, D b) { return _mm512_div_pd(a, b); }
    VMAF_VECTOR_OP void store_double(double *p, D a) { _mm512_storeu_pd(p, a); }

    // Leading zeros, variable shifts and gathers of 16-bit table entries
    // (which must have 16 bits of room after the last one). Lanes outside
    // the mask are not read and come back 0.
    VMAF_VECTOR_OP V lzcnt32(V a) { return _mm512_lzcnt_epi32(a); }
    VMAF_VECTOR_OP V lzcnt64(V a) { return _mm512_lzcnt_epi64(a); }
    VMAF_VECTOR_OP V srlv32(V a, V n) { return _mm512_srlv_epi32(a, n); }
    VMAF_VECTOR_OP V srlv64(V a, V n) { return _mm512_srlv_epi64(a, n); }
    VMAF_VECTOR_OP V gather_u16(const uint16_t *table, V index32, unsigned mask)
    {
        const V v = _mm512_mask_i32gather_epi32(zero(), static_cast<__mmask16>(mask), index32, table, 2);
        return _mm512_and_si512(v, _mm512_set1_epi32(0xFFFF));
    }
    VMAF_VECTOR_OP V gather_u16_by_64(const uint16_t *table, V index64, unsigned mask)
    {
        const __m256i v = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), static_cast<__mmask8>(mask),
                                                      index64, table, 2);
        return _mm512_cvtepu16_epi64(_mm256_cvtepi32_epi16(v));
    }
    VMAF_VECTOR_OP V sub64(V a, V b) { return _mm512_sub_epi64(a, b); }
    VMAF_VECTOR_OP V i32_low_to_i64(V a) { return _mm512_cvtepi32_epi64(_mm512_castsi512_si256(a)); }
    VMAF_VECTOR_OP V load_i32_as_i64(const int32_t *p)
    {
        return _mm512_cvtepi32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)));
    }
    VMAF_VECTOR_OP void store_i64_as_i32(int32_t *p, V a)
    {
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(p), _mm512_cvtepi64_epi32(a));
    }
    VMAF_VECTOR_OP V i32_high_to_i64(V a) { return _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(a, 1)); }
    VMAF_VECTOR_OP V u32_low_to_u64(V a) { return _mm512_cvtepu32_epi64(_mm512_castsi512_si256(a)); }
    VMAF_VECTOR_OP V u32_high_to_u64(V a) { return _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(a, 1)); }
    // 64-bit lanes: what ADM's 32-bit bands need.
    VMAF_VECTOR_OP V abs64(V a) { return _mm512_abs_epi64(a); }
    VMAF_VECTOR_OP V sllv64(V a, V n) { return _mm512_sllv_epi64(a, n); }
    VMAF_VECTOR_OP V srav64(V a, V n) { return _mm512_srav_epi64(a, n); }
    template <int N> VMAF_VECTOR_OP V srai64(V a) { return _mm512_srai_epi64(a, N); }
    VMAF_VECTOR_OP V sra64(V a, int n) { return _mm512_sra_epi64(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V gt64(V a, V b) { return _mm512_movm_epi64(_mm512_cmpgt_epi64_mask(a, b)); }
    VMAF_VECTOR_OP V eq64(V a, V b) { return _mm512_movm_epi64(_mm512_cmpeq_epi64_mask(a, b)); }
    VMAF_VECTOR_OP V select64(V mask, V x, V y) { return _mm512_mask_blend_epi64(_mm512_movepi64_mask(mask), y, x); }
    // table[index] of 64-bit indices, 32-bit entries sign-extended.
    VMAF_VECTOR_OP V gather32_by_64(const int32_t *table, V index64)
    {
        return _mm512_cvtepi32_epi64(_mm512_i64gather_epi32(index64, table, 4));
    }
    // 64-bit integers rounded to float, then widened back to double.
    VMAF_VECTOR_OP D i64_to_float_as_double(V a) { return _mm512_cvtps_pd(_mm512_cvtepi64_ps(a)); }
    // Two vectors of 64-bit lanes truncated into one of 32-bit lanes.
    VMAF_VECTOR_OP V join_i64_to_i32(V low, V high)
    {
        return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(low)), _mm512_cvtepi64_epi32(high), 1);
    }
    using M = __mmask16;
    VMAF_VECTOR_OP M mask_gt32(V a, V b) { return _mm512_cmpgt_epi32_mask(a, b); }
    VMAF_VECTOR_OP V maskz32(M m, V a) { return _mm512_maskz_mov_epi32(m, a); }
    // The low / high eight bits of a 16-lane mask for 64-bit lanes.
    VMAF_VECTOR_OP V maskz64(unsigned m, V a) { return _mm512_maskz_mov_epi64(static_cast<__mmask8>(m), a); }
    VMAF_VECTOR_OP D min_double(D a, D b) { return _mm512_min_pd(a, b); }
    VMAF_VECTOR_OP V truncate_to_i64(D a) { return _mm512_cvttpd_epi64(a); }

    VMAF_VECTOR_OP D round_to_float(D a) { return _mm512_cvtps_pd(_mm512_cvtpd_ps(a)); }
    VMAF_VECTOR_OP D max_double(D a, D b) { return _mm512_max_pd(a, b); }
    VMAF_VECTOR_OP unsigned mask_ge_double(D a, D b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }

    VMAF_VECTOR_OP V gt32(V a, V b) { return _mm512_movm_epi32(_mm512_cmpgt_epi32_mask(a, b)); }
    VMAF_VECTOR_OP V eq32(V a, V b) { return _mm512_movm_epi32(_mm512_cmpeq_epi32_mask(a, b)); }
    VMAF_VECTOR_OP V lanes_from_bits(unsigned m) { return _mm512_movm_epi32(static_cast<__mmask16>(m)); }
    VMAF_VECTOR_OP V select(V mask, V x, V y) { return _mm512_mask_blend_epi32(_mm512_movepi32_mask(mask), y, x); }
    VMAF_VECTOR_OP V clamp64(V x, int64_t lo, int64_t hi)
    {
        return _mm512_min_epi64(_mm512_max_epi64(x, _mm512_set1_epi64(lo)), _mm512_set1_epi64(hi));
    }
    VMAF_VECTOR_OP V gather32(const int32_t *table, V index) { return _mm512_i32gather_epi32(index, table, 4); }
    VMAF_VECTOR_OP V load_i16_as_i32(const int16_t *p)
    {
        return _mm512_cvtepi16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)));
    }
    VMAF_VECTOR_OP void store_i32_as_i16(int16_t *p, V a)
    {
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(p), _mm512_cvtepi32_epi16(a));
    }

    using F = __m512;
    VMAF_VECTOR_OP F zero_float() { return _mm512_setzero_ps(); }
    VMAF_VECTOR_OP F i32_to_float(V a) { return _mm512_cvtepi32_ps(a); }
    VMAF_VECTOR_OP F set_float(float x) { return _mm512_set1_ps(x); }
    VMAF_VECTOR_OP F select_float(V mask, F x, F y) { return _mm512_mask_blend_ps(_mm512_movepi32_mask(mask), y, x); }
    VMAF_VECTOR_OP D float_low_to_double(F a) { return _mm512_cvtps_pd(_mm512_castps512_ps256(a)); }
    VMAF_VECTOR_OP D float_high_to_double(F a) { return _mm512_cvtps_pd(_mm512_extractf32x8_ps(a, 1)); }
    VMAF_VECTOR_OP F mul_float(F a, F b) { return _mm512_mul_ps(a, b); }
    VMAF_VECTOR_OP F max_float(F a, F b) { return _mm512_max_ps(a, b); }
    VMAF_VECTOR_OP void store_float(float *p, F a) { _mm512_storeu_ps(p, a); }
    VMAF_VECTOR_OP F gather_float(const float *table, V index, unsigned mask)
    {
        return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), static_cast<__mmask16>(mask), index, table, 4);
    }
    VMAF_VECTOR_OP unsigned mask_eq32(V a, V b) { return _mm512_cmpeq_epi32_mask(a, b); }
    VMAF_VECTOR_OP V iota32() { return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }

    VMAF_VECTOR_OP V zero() { return _mm512_setzero_si512(); }
    VMAF_VECTOR_OP V set16(int16_t x) { return _mm512_set1_epi16(x); }
    VMAF_VECTOR_OP V set32(int32_t x) { return _mm512_set1_epi32(x); }
    VMAF_VECTOR_OP V set64(int64_t x) { return _mm512_set1_epi64(x); }
    VMAF_VECTOR_OP V load(const void *p) { return _mm512_loadu_si512(p); }
    VMAF_VECTOR_OP void store(void *p, V v) { _mm512_storeu_si512(p, v); }
    VMAF_VECTOR_OP V load_u8_as_u16(const uint8_t *p)
    {
        return _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)));
    }
    VMAF_VECTOR_OP V load_u16_as_u32(const uint16_t *p)
    {
        return _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)));
    }
    VMAF_VECTOR_OP V load_u8_as_u32(const uint8_t *p)
    {
        return _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
    }

    // As Avx2's, per 128 bits.
    VMAF_VECTOR_OP V pack_trunc32_to_16(V a, V b)
    {
        const __m512i low = _mm512_set1_epi32(0xFFFF);
        return _mm512_packus_epi32(_mm512_and_si512(a, low), _mm512_and_si512(b, low));
    }
    VMAF_VECTOR_OP V add32(V a, V b) { return _mm512_add_epi32(a, b); }
    VMAF_VECTOR_OP V sub32(V a, V b) { return _mm512_sub_epi32(a, b); }
    VMAF_VECTOR_OP V add64(V a, V b) { return _mm512_add_epi64(a, b); }
    VMAF_VECTOR_OP V bit_xor(V a, V b) { return _mm512_xor_si512(a, b); }
    VMAF_VECTOR_OP V bit_or(V a, V b) { return _mm512_or_si512(a, b); }
    VMAF_VECTOR_OP V bit_and(V a, V b) { return _mm512_and_si512(a, b); }
    VMAF_VECTOR_OP bool all_zero(V a) { return _mm512_test_epi32_mask(a, a) == 0; }
    VMAF_VECTOR_OP V mullo16(V a, V b) { return _mm512_mullo_epi16(a, b); }
    VMAF_VECTOR_OP V mulhi_u16(V a, V b) { return _mm512_mulhi_epu16(a, b); }
    VMAF_VECTOR_OP V mullo32(V a, V b) { return _mm512_mullo_epi32(a, b); }
    VMAF_VECTOR_OP V mul_u32_to_u64(V a, V b) { return _mm512_mul_epu32(a, b); }
    VMAF_VECTOR_OP V mul_i32_to_i64(V a, V b) { return _mm512_mul_epi32(a, b); }
    VMAF_VECTOR_OP V madd16(V a, V b) { return _mm512_madd_epi16(a, b); }
    // acc + madd16(a, b) (wrapping); one instruction with VNNI (Avx512Icl).
    VMAF_VECTOR_OP V madd16_add(V acc, V a, V b) { return _mm512_add_epi32(acc, _mm512_madd_epi16(a, b)); }
    VMAF_VECTOR_OP V unpacklo16(V a, V b) { return _mm512_unpacklo_epi16(a, b); }
    VMAF_VECTOR_OP V unpackhi16(V a, V b) { return _mm512_unpackhi_epi16(a, b); }
    VMAF_VECTOR_OP V unpacklo32(V a, V b) { return _mm512_unpacklo_epi32(a, b); }
    VMAF_VECTOR_OP V unpackhi32(V a, V b) { return _mm512_unpackhi_epi32(a, b); }
    template <int N> VMAF_VECTOR_OP V srli32(V a) { return _mm512_srli_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V slli32(V a) { return _mm512_slli_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V srai32(V a) { return _mm512_srai_epi32(a, N); }
    template <int N> VMAF_VECTOR_OP V srli64(V a) { return _mm512_srli_epi64(a, N); }
    template <int N> VMAF_VECTOR_OP V slli64(V a) { return _mm512_slli_epi64(a, N); }
    VMAF_VECTOR_OP V srl32(V a, int n) { return _mm512_srl_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sll32(V a, int n) { return _mm512_sll_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sra32(V a, int n) { return _mm512_sra_epi32(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V sub16(V a, V b) { return _mm512_sub_epi16(a, b); }
    VMAF_VECTOR_OP V add16(V a, V b) { return _mm512_add_epi16(a, b); }
    VMAF_VECTOR_OP V min16(V a, V b) { return _mm512_min_epi16(a, b); }
    VMAF_VECTOR_OP V max16(V a, V b) { return _mm512_max_epi16(a, b); }
    VMAF_VECTOR_OP V iota16()
    {
        return _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
                                10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    }
    VMAF_VECTOR_OP V srl64(V a, int n) { return _mm512_srl_epi64(a, _mm_cvtsi32_si128(n)); }
    VMAF_VECTOR_OP V abs32(V a) { return _mm512_abs_epi32(a); }
    VMAF_VECTOR_OP V max32(V a, V b) { return _mm512_max_epi32(a, b); }
    VMAF_VECTOR_OP V min32(V a, V b) { return _mm512_min_epi32(a, b); }
    VMAF_VECTOR_OP V blend_odd32(V a, V b) { return _mm512_mask_blend_epi32(0xAAAA, a, b); }
    // Modulo 2^32 and 2^64, by vector adds: GCC's _mm512_reduce_add_* add
    // in signed C arithmetic, whose overflow is undefined.
    VMAF_VECTOR_OP uint32_t sum32(V a)
    {
        __m256i s = _mm256_add_epi32(_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64(a, 1));
        __m128i t = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
        t = _mm_add_epi32(t, _mm_shuffle_epi32(t, 0x4E));
        t = _mm_add_epi32(t, _mm_shuffle_epi32(t, 0xB1));
        return static_cast<uint32_t>(_mm_cvtsi128_si32(t));
    }
    VMAF_VECTOR_OP uint64_t sum64(V a)
    {
        __m256i s = _mm256_add_epi64(_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64(a, 1));
        __m128i t = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
        t = _mm_add_epi64(t, _mm_unpackhi_epi64(t, t));
        return static_cast<uint64_t>(_mm_cvtsi128_si64(t));
    }
    VMAF_VECTOR_OP unsigned mask_ge32(V a, V b) { return _mm512_cmpge_epi32_mask(a, b); }
    VMAF_VECTOR_OP V select_lt32(V a, V b, V x) { return _mm512_maskz_mov_epi32(_mm512_cmplt_epi32_mask(a, b), x); }
    VMAF_VECTOR_OP void store_even32_as_u16(uint16_t *out, V a)
    {
        _mm_storeu_si128(reinterpret_cast<__m128i *>(out), _mm512_cvtepi64_epi16(a));
    }
    VMAF_VECTOR_OP void deinterleave_store32(uint32_t *out, V lo, V hi)
    {
        const V first = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
        const V second = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
        store(out, _mm512_permutex2var_epi64(lo, first, hi));
        store(out + 16, _mm512_permutex2var_epi64(lo, second, hi));
    }
};

} // namespace vmaf::cpu

VMAF_TARGET_END
