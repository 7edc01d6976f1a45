// The instruction-set region of a source built for one set (cpu/isa.h):
// code between VMAF_TARGET_BEGIN and VMAF_TARGET_END is compiled for the
// build's set, everything else in the file, and all that its #includes
// defined before the region, for the baseline (x86-64, SSE2).
//
// Why not -mavx2 on the whole file: C++ emits the inline functions and
// templates a file uses (std::vector's members, shared helpers) as weak
// copies, and the linker keeps one copy of each for every caller in the
// library. Built with -mavx2, that copy may be the AVX2 one, and portable
// code calling it dies with SIGILL on a CPU without AVX2. Inside a region
// only code of the region gets the set; a template takes the set of the
// place where it is defined, wherever it is instantiated. So a file
// includes everything first, then opens the region; a shared header
// (*_simd.h, cpu/x86/*.h) opens its own after its #includes.
// test/checkasm/isa_objects.py checks the built objects: no weak function
// of an instruction-set build uses the set unless its name holds the
// build's tag (cpu::Avx2, ...), which no other build instantiates.
#pragma once

#include "cpu/isa.h"

#if defined(VMAF_ISA_AVX512ICL)
// One string: GCC's pragma takes no concatenation.
#define VMAF_TARGET_SET "avx2,fma,avx512f,avx512cd,avx512bw,avx512dq,avx512vl,avx512vnni,avx512vbmi,avx512vbmi2,avx512ifma,avx512bitalg,avx512vpopcntdq,gfni,vaes,vpclmulqdq"
#elif defined(VMAF_ISA_AVX512)
#define VMAF_TARGET_SET "avx2,fma,avx512f,avx512cd,avx512bw,avx512dq,avx512vl"
#elif defined(VMAF_ISA_AVX2)
#define VMAF_TARGET_SET "avx2,fma"
#endif

// Two steps, so that VMAF_TARGET_SET is expanded before it is quoted.
#define VMAF_PRAGMA_TEXT(x) _Pragma(#x)
#define VMAF_PRAGMA(x) VMAF_PRAGMA_TEXT(x)
#if !defined(VMAF_TARGET_SET)
#define VMAF_TARGET_BEGIN
#define VMAF_TARGET_END
#elif defined(__clang__)
#define VMAF_TARGET_BEGIN                                                                        \
    VMAF_PRAGMA(clang attribute push(__attribute__((target(VMAF_TARGET_SET))), apply_to = function))
#define VMAF_TARGET_END VMAF_PRAGMA(clang attribute pop)
#else
#define VMAF_TARGET_BEGIN VMAF_PRAGMA(GCC push_options) VMAF_PRAGMA(GCC target(VMAF_TARGET_SET))
#define VMAF_TARGET_END VMAF_PRAGMA(GCC pop_options)
#endif

// The operations of a vector type (cpu/x86/*.h): always inlined, so that no
// build emits a copy of its own. Avx512's are used by the AVX-512 ICL build
// too, whose copies could hold ICL's instructions.
#define VMAF_VECTOR_OP static inline __attribute__((always_inline))
