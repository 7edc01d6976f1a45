// The instruction set that a source built once per set is compiled for.
// core/meson.build builds the files of core_isa_sources three times: plain
// (portable), and with VMAF_ISA_AVX2 / VMAF_ISA_AVX512, which open that
// set's region of code (cpu/target.h); the ICL kernels' files are built
// with VMAF_ISA_AVX512ICL. Their kernels are templates on an instruction-set tag,
// instantiated for BuiltFor only, so each build's code has symbols of its
// own and a table (cpu::widest) picks one by the CPU mask: no loader-chosen
// clones that the mask cannot reach.
#pragma once

namespace vmaf::cpu {

struct Portable;
struct Avx2;
struct Avx512;
struct Avx512Icl; // no build of its own: its kernels' leftovers run Avx512's

#if defined(VMAF_ISA_AVX512ICL)
using BuiltFor = Avx512Icl;
#elif defined(VMAF_ISA_AVX512)
using BuiltFor = Avx512;
#elif defined(VMAF_ISA_AVX2)
using BuiltFor = Avx2;
#else
using BuiltFor = Portable;
// Loops whose SIMD tables hold intrinsics twins are instantiated here alone.
#define VMAF_ISA_PORTABLE 1
#endif

} // namespace vmaf::cpu
