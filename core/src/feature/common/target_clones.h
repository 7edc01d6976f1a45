// Hot loops without intrinsics twins are also built for AVX2 and AVX-512
// (x86-64-v4); the loader picks the version from the CPU, so
// cpu::permitted()'s mask does not reach them. The meson option x86_clones
// caps the widest clone (avx2: the code an AVX2-only CPU runs, to measure
// it on an AVX-512 machine; none: no clones). The arithmetic is integer
// (and IEEE float where the reference uses it, never contracted: see
// core/meson.build), so every version gives the same bits. GCC only: clang
// does not clone templates. Not under ThreadSanitizer: the ifunc resolvers
// run while the program is relocated, before TSan's runtime exists, and
// its instrumentation of them crashes the program at load.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_THREAD__) && !defined(VMAF_X86_CLONES_NONE)
#if defined(VMAF_X86_CLONES_AVX2)
#define VMAF_TARGET_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VMAF_TARGET_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#endif
#else
#define VMAF_TARGET_CLONES
#endif
