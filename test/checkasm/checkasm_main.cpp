// checkasm [--bench] [GoogleTest flags]: the kernel tests of checkasm.h.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "checkasm/checkasm.h"

namespace vmaf::checkasm {

bool &bench_enabled()
{
    static bool enabled = false;
    return enabled;
}

uint64_t seed()
{
    static const uint64_t value = [] {
        const char *text = std::getenv("VMAF_CHECKASM_SEED");
        return text ? std::strtoull(text, nullptr, 0) : uint64_t{0x766d6166};
    }();
    return value;
}

std::mt19937_64 &rng()
{
    static std::mt19937_64 generator(seed());
    return generator;
}

std::vector<void (*)()> &registered_benches()
{
    static std::vector<void (*)()> all;
    return all;
}

std::vector<Level> levels()
{
    const unsigned detected = cpu::detected();
    std::vector<Level> out;
    unsigned flags = 0;
#if defined(VMAF_ARM_SIMD)
    for (const Level &level : {Level{"neon", cpu::kNeon}}) {
#else
    for (const Level &level : {Level{"avx2", cpu::kAvx2}, Level{"avx512", cpu::kAvx512},
                               Level{"avx512icl", cpu::kAvx512Icl}}) {
#endif
        if (!(detected & level.flags)) break;
        flags |= level.flags;
        out.push_back({level.name, flags});
    }
    return out;
}

} // namespace vmaf::checkasm

int main(int argc, char **argv)
{
    testing::InitGoogleTest(&argc, argv);
    for (int i = 1; i < argc; i++)
        if (std::strcmp(argv[i], "--bench") == 0) vmaf::checkasm::bench_enabled() = true;
    std::string tested = "portable";
    for (const auto &level : vmaf::checkasm::levels()) tested += std::string(", ") + level.name;
    std::printf("checkasm: seed 0x%llx (VMAF_CHECKASM_SEED), CPU levels: %s\n",
                static_cast<unsigned long long>(vmaf::checkasm::seed()), tested.c_str());
    const int failed = RUN_ALL_TESTS();
    if (vmaf::checkasm::bench_enabled() && !failed)
        for (const auto run : vmaf::checkasm::registered_benches()) run();
    return failed;
}
