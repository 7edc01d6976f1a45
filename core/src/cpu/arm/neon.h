// The NEON vector of the aarch64 kernels: 128 bits, with the operations of
// the kernel templates (feature/*/*_simd.h) given the meaning that SSE's
// 128-bit instructions of the same names have (unpack within the register,
// madd as pmaddwd), so that one template gives the same bits on both.
// NEON is part of every aarch64 CPU: no flags are needed to build it.
#pragma once

#include <arm_neon.h>

#include <cstdint>

#include "cpu/isa.h"

namespace vmaf::cpu {

struct Neon {
    using V = int32x4_t;
    static constexpr int kBytes = 16;
    static constexpr const char *kName = "neon";
    // The build of core_isa_sources the kernels' leftovers call: NEON is
    // aarch64's baseline, so the plain build is NEON's.
    using Isa = Portable;

    static V zero() { return vdupq_n_s32(0); }
    static V set32(int32_t x) { return vdupq_n_s32(x); }
    static V set16(int16_t x) { return vreinterpretq_s32_s16(vdupq_n_s16(x)); }
    static V set64(int64_t x) { return vreinterpretq_s32_s64(vdupq_n_s64(x)); }
    static V iota32()
    {
        static constexpr int32_t kIota[4] = {0, 1, 2, 3};
        return vld1q_s32(kIota);
    }
    static V load(const void *p) { return vreinterpretq_s32_u8(vld1q_u8(static_cast<const uint8_t *>(p))); }
    static void store(void *p, V v) { vst1q_u8(static_cast<uint8_t *>(p), vreinterpretq_u8_s32(v)); }
    // kBytes / 2 samples, each widened to 16 bits.
    static V load_u8_as_u16(const uint8_t *p) { return vreinterpretq_s32_u16(vmovl_u8(vld1_u8(p))); }
    // kBytes / 4 samples, each widened to 32 bits.
    static V load_i16_as_i32(const int16_t *p) { return vmovl_s16(vld1_s16(p)); }
    // The low 16 bits of each 32-bit lane.
    static void store_i32_as_i16(int16_t *p, V a) { vst1_s16(p, vmovn_s32(a)); }
    // kBytes / 8 samples, each widened to 64 bits; the low 32 bits of each
    // 64-bit lane stored.
    static V load_i32_as_i64(const int32_t *p) { return vreinterpretq_s32_s64(vmovl_s32(vld1_s32(p))); }
    static void store_i64_as_i32(int32_t *p, V a) { vst1_s32(p, vmovn_s64(s64(a))); }
    // The low 16 bits of the even 32-bit lanes (kBytes / 8 values).
    static void store_even32_as_u16(uint16_t *out, V a)
    {
        const uint16x4_t n = vmovn_u32(u32(a));
        out[0] = vget_lane_u16(n, 0);
        out[1] = vget_lane_u16(n, 2);
    }
    // a's then b's 32-bit lanes, each truncated to 16 bits.
    static V pack_trunc32_to_16(V a, V b)
    {
        return vreinterpretq_s32_s16(vcombine_s16(vmovn_s32(a), vmovn_s32(b)));
    }

    static V add16(V a, V b) { return vreinterpretq_s32_s16(vaddq_s16(s16(a), s16(b))); }
    static V min16(V a, V b) { return vreinterpretq_s32_s16(vminq_s16(s16(a), s16(b))); }
    static V max16(V a, V b) { return vreinterpretq_s32_s16(vmaxq_s16(s16(a), s16(b))); }
    // 0, 1, 2, ... in the 16-bit lanes.
    static V iota16()
    {
        static constexpr int16_t kIota[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        return vreinterpretq_s32_s16(vld1q_s16(kIota));
    }
    // kBytes / 4 samples, each widened to 32 bits.
    static V load_u16_as_u32(const uint16_t *p) { return vreinterpretq_s32_u32(vmovl_u16(vld1_u16(p))); }
    // movmskps of a comparison: bit i set where lane i of a is greater
    // than (equal to) b's, signed 32-bit lanes.
    static unsigned mask_gt32(V a, V b) { return lane_bits(vcgtq_s32(a, b)); }
    static unsigned mask_eq32(V a, V b) { return lane_bits(vceqq_s32(a, b)); }

    static V add32(V a, V b) { return vaddq_s32(a, b); }
    static V sub32(V a, V b) { return vsubq_s32(a, b); }
    static V add64(V a, V b) { return vreinterpretq_s32_s64(vaddq_s64(s64(a), s64(b))); }
    static V max32(V a, V b) { return vmaxq_s32(a, b); }
    // All ones where a > b (signed 32-bit lanes).
    static V gt32(V a, V b) { return vreinterpretq_s32_u32(vcgtq_s32(a, b)); }
    // x where the mask's lanes are all ones, else y (masks from gt32 and the like).
    static V select(V mask, V x, V y) { return vbslq_s32(vreinterpretq_u32_s32(mask), x, y); }
    // pmuludq / pmuldq: the low 32 bits of each 64-bit lane multiplied into
    // that 64-bit lane, unsigned / signed.
    static V mul_u32_to_u64(V a, V b)
    {
        return vreinterpretq_s32_u64(vmull_u32(vmovn_u64(u64(a)), vmovn_u64(u64(b))));
    }
    static V mul_i32_to_i64(V a, V b)
    {
        return vreinterpretq_s32_s64(vmull_s32(vmovn_s64(s64(a)), vmovn_s64(s64(b))));
    }
    static V sub16(V a, V b) { return vreinterpretq_s32_s16(vsubq_s16(s16(a), s16(b))); }
    static V mullo32(V a, V b) { return vmulq_s32(a, b); }
    static V mullo16(V a, V b) { return vreinterpretq_s32_s16(vmulq_s16(s16(a), s16(b))); }
    // The high 16 bits of the unsigned 16-bit lanes' products.
    static V mulhi_u16(V a, V b)
    {
        const uint32x4_t lo = vmull_u16(vget_low_u16(u16(a)), vget_low_u16(u16(b)));
        const uint32x4_t hi = vmull_high_u16(u16(a), u16(b));
        return vreinterpretq_s32_u16(vuzp2q_u16(vreinterpretq_u16_u32(lo), vreinterpretq_u16_u32(hi)));
    }
    // pmaddwd: the 16-bit lanes multiplied pairwise, each pair summed into
    // the 32-bit lane that holds it (wrapping where both are -32768).
    static V madd16(V a, V b)
    {
        const int32x4_t lo = vmull_s16(vget_low_s16(s16(a)), vget_low_s16(s16(b)));
        const int32x4_t hi = vmull_high_s16(s16(a), s16(b));
        return vreinterpretq_s32_u32(vpaddq_u32(vreinterpretq_u32_s32(lo), vreinterpretq_u32_s32(hi)));
    }
    static V unpacklo16(V a, V b) { return vreinterpretq_s32_s16(vzip1q_s16(s16(a), s16(b))); }
    static V unpackhi16(V a, V b) { return vreinterpretq_s32_s16(vzip2q_s16(s16(a), s16(b))); }
    static V madd16_add(V acc, V a, V b) { return vaddq_s32(acc, madd16(a, b)); }
    static V unpacklo32(V a, V b) { return vzip1q_s32(a, b); }
    static V unpackhi32(V a, V b) { return vzip2q_s32(a, b); }
    template <int N> static V srai32(V a) { return vshrq_n_s32(a, N); }
    template <int N> static V slli32(V a) { return vshlq_n_s32(a, N); }
    static V sra32(V a, int n) { return vshlq_s32(a, vdupq_n_s32(-n)); }
    template <int N> static V srli32(V a) { return vreinterpretq_s32_u32(vshrq_n_u32(u32(a), N)); }
    static V srl32(V a, int n) { return vreinterpretq_s32_u32(vshlq_u32(u32(a), vdupq_n_s32(-n))); }
    static V sll32(V a, int n) { return vshlq_s32(a, vdupq_n_s32(n)); }
    template <int N> static V srli64(V a) { return vreinterpretq_s32_u64(vshrq_n_u64(u64(a), N)); }
    static V srl64(V a, int n) { return vreinterpretq_s32_u64(vshlq_u64(u64(a), vdupq_n_s64(-n))); }
    // Arithmetic shift of the 64-bit lanes by n (0..63).
    static V sra64(V a, int n) { return vreinterpretq_s32_s64(vshlq_s64(s64(a), vdupq_n_s64(-n))); }
    static V bit_or(V a, V b) { return vorrq_s32(a, b); }
    static V bit_and(V a, V b) { return vandq_s32(a, b); }
    static V bit_xor(V a, V b) { return veorq_s32(a, b); }
    static V abs32(V a) { return vabsq_s32(a); }
    static bool all_zero(V a) { return vmaxvq_u32(vreinterpretq_u32_s32(a)) == 0; }
    // The lanes' sum, wrapping in 32 bits; the 64-bit lanes' in 64.
    static uint32_t sum32(V a) { return vaddvq_u32(vreinterpretq_u32_s32(a)); }
    static uint64_t sum64(V a) { return vaddvq_u64(u64(a)); }
    // The 32-bit results of unpacklo16 / unpackhi16 lanes, stored in the
    // samples' order: in one 128-bit register, lo's lanes come first.
    static void deinterleave_store32(uint32_t *out, V lo, V hi)
    {
        store(out, lo);
        store(out + 4, hi);
    }

private:
    static unsigned lane_bits(uint32x4_t all_or_none)
    {
        static constexpr uint32_t kBits[4] = {1, 2, 4, 8};
        return vaddvq_u32(vandq_u32(all_or_none, vld1q_u32(kBits)));
    }
    static int16x8_t s16(V a) { return vreinterpretq_s16_s32(a); }
    static uint16x8_t u16(V a) { return vreinterpretq_u16_s32(a); }
    static uint32x4_t u32(V a) { return vreinterpretq_u32_s32(a); }
    static int64x2_t s64(V a) { return vreinterpretq_s64_s32(a); }
    static uint64x2_t u64(V a) { return vreinterpretq_u64_s32(a); }
};

} // namespace vmaf::cpu
