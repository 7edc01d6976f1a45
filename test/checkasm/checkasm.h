// checkasm-style tests of the CPU kernels, as dav1d has them: every SIMD
// variant the running CPU can execute against its portable twin on random
// and edge inputs, bit for bit. With --bench every registered benchmark
// (CHECKASM_BENCH) times each variant, so a regression in one kernel shows
// without the whole pipeline.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "cpu/cpu_flags.h"

namespace vmaf::checkasm {

// Set by main() from --bench.
bool &bench_enabled();

// A generator seeded from VMAF_CHECKASM_SEED (else a fixed value), so a
// failure can be replayed; the seed is printed by main().
std::mt19937_64 &rng();
uint64_t seed();

inline uint32_t random_below(uint64_t bound) { return static_cast<uint32_t>(rng()() % bound); }

// A kernel table of one instruction set, with its name.
template <typename Table> struct Variant {
    const char *name;
    const Table *table;
};

// The CPU levels past the portable one, from the narrowest, each as the
// flags that allow it and everything below; only those the running CPU has.
struct Level {
    const char *name;
    unsigned flags;
};
std::vector<Level> levels();

// The kernel tables that a metric's dispatcher (`adm_kernels`,
// `cov_kernels`, ...: the function its extractors pick with) gives at each
// of this CPU's levels, each table once: a level the metric has no build
// for gives the narrower table again and is passed over. No list of
// instruction sets is kept per metric: a new level or a new build shows up
// here by itself.
template <typename Table>
std::vector<Variant<Table>> simd_variants(const Table &(*dispatch)(unsigned))
{
    std::vector<Variant<Table>> out;
    const Table *last = &dispatch(0);
    for (const Level &level : levels()) {
        const Table *table = &dispatch(level.flags);
        if (table == last) continue;
        out.push_back({level.name, table});
        last = table;
    }
    return out;
}

// Keeps a result alive, so that timed calls are not optimised away.
inline volatile int64_t kept;
inline void keep(int64_t value) { kept = value; }

// Times f() when --bench is given: ns per call, the best of 5 rounds.
template <typename F> void bench(const std::string &kernel, const char *variant, F f)
{
    if (!bench_enabled()) return;
    using Clock = std::chrono::steady_clock;
    int calls = 1;
    for (;;) { // calls per round: about 20 ms
        const auto t0 = Clock::now();
        for (int i = 0; i < calls; i++) f();
        if (Clock::now() - t0 > std::chrono::milliseconds(20) || calls > (1 << 24)) break;
        calls *= 2;
    }
    double best = 1e300;
    for (int round = 0; round < 5; round++) {
        const auto t0 = Clock::now();
        for (int i = 0; i < calls; i++) f();
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / calls;
        best = ns < best ? ns : best;
    }
    std::printf("bench %-40s %-7s %12.1f ns\n", kernel.c_str(), variant, best);
}

// Benchmarks register themselves here, as GoogleTest's tests do, and main()
// runs every one with --bench: no list of them is kept.
std::vector<void (*)()> &registered_benches();

} // namespace vmaf::checkasm

// CHECKASM_BENCH(name) { ... }: a benchmark of the file's kernels, each timed
// with checkasm::bench().
#define CHECKASM_BENCH(name)                                                                       \
    static void name();                                                                            \
    [[maybe_unused]] static const bool name##_registered =                                        \
        (::vmaf::checkasm::registered_benches().push_back(&name), true);                           \
    static void name()

