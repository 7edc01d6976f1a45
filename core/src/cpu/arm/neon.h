// The NEON vector of the aarch64 kernels: 128 bits, with the operations of
// the kernel templates (feature/*/*_simd.h) given the meaning that SSE's
// 128-bit instructions of the same names have (unpack within the register,
// madd as pmaddwd), so that one template gives the same bits on both.
// NEON is part of every aarch64 CPU: no flags are needed to build it.
#pragma once

#include <arm_neon.h>

#include <cstdint>

namespace vmaf::cpu {

struct Neon {
    using V = int32x4_t;
    static constexpr int kBytes = 16;
    static constexpr const char *kName = "neon";

    static V zero() { return vdupq_n_s32(0); }
    static V set32(int32_t x) { return vdupq_n_s32(x); }
    static V load(const void *p) { return vreinterpretq_s32_u8(vld1q_u8(static_cast<const uint8_t *>(p))); }
    static void store(void *p, V v) { vst1q_u8(static_cast<uint8_t *>(p), vreinterpretq_u8_s32(v)); }
    // kBytes / 2 samples, each widened to 16 bits.
    static V load_u8_as_u16(const uint8_t *p) { return vreinterpretq_s32_u16(vmovl_u8(vld1_u8(p))); }
    // kBytes / 4 samples, each widened to 32 bits.
    static V load_i16_as_i32(const int16_t *p) { return vmovl_s16(vld1_s16(p)); }
    // The low 16 bits of each 32-bit lane.
    static void store_i32_as_i16(int16_t *p, V a) { vst1_s16(p, vmovn_s32(a)); }

    static V add32(V a, V b) { return vaddq_s32(a, b); }
    static V sub16(V a, V b) { return vreinterpretq_s32_s16(vsubq_s16(s16(a), s16(b))); }
    static V mullo32(V a, V b) { return vmulq_s32(a, b); }
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
    template <int N> static V srai32(V a) { return vshrq_n_s32(a, N); }
    template <int N> static V slli32(V a) { return vshlq_n_s32(a, N); }
    static V sra32(V a, int n) { return vshlq_s32(a, vdupq_n_s32(-n)); }
    static V bit_or(V a, V b) { return vorrq_s32(a, b); }
    static V bit_and(V a, V b) { return vandq_s32(a, b); }
    static V abs32(V a) { return vabsq_s32(a); }
    static bool all_zero(V a) { return vmaxvq_u32(vreinterpretq_u32_s32(a)) == 0; }
    // The lanes' sum, wrapping in 32 bits.
    static uint32_t sum32(V a) { return vaddvq_u32(vreinterpretq_u32_s32(a)); }
    // The 32-bit results of unpacklo16 / unpackhi16 lanes, stored in the
    // samples' order: in one 128-bit register, lo's lanes come first.
    static void deinterleave_store32(uint32_t *out, V lo, V hi)
    {
        store(out, lo);
        store(out + 4, hi);
    }

private:
    static int16x8_t s16(V a) { return vreinterpretq_s16_s32(a); }
};

} // namespace vmaf::cpu
