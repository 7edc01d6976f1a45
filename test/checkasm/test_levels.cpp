// The levels checkasm walks: what the CPU has, and every metric's SIMD
// builds found through its dispatcher at those levels, so that a harness
// that found no variant (and so compared nothing) fails instead of passing.
#include <gtest/gtest.h>

#include <string>

#include "checkasm/checkasm.h"
#include "feature/adm/adm_kernels.h"
#include "feature/cambi/c_values.h"
#include "feature/motion/motion_rows.h"
#include "feature/speed/speed_cov.h"
#include "feature/vif/vif_rows.h"

namespace vmaf::checkasm {
namespace {

TEST(Checkasm, LevelsAreTheCpusFromTheNarrowest)
{
    const unsigned detected = cpu::detected();
    unsigned allowed = 0;
    for (const Level &level : levels()) {
        EXPECT_EQ(level.flags & allowed, allowed) << level.name << " allows the levels below it";
        EXPECT_EQ(level.flags & ~detected, 0u) << level.name << " is one this CPU has";
        allowed = level.flags;
    }
}

// Each metric's names of the levels it is checked at.
template <typename Table> std::string tested(const Table &(*dispatch)(unsigned))
{
    std::string names;
    for (const auto &v : simd_variants(dispatch)) names += std::string(names.empty() ? "" : " ") + v.name;
    return names;
}

// On x86 every metric has AVX2 and AVX-512 builds, VIF one for AVX-512 ICL
// too; on aarch64 the metrics with NEON kernels have a NEON build: what is
// checked follows from what the CPU has, not from levels().
TEST(Checkasm, EveryBuildTheCpuRunsIsChecked)
{
    // The levels each metric is checked at: `want` where it has every
    // build of this platform, `vif` for VIF's.
    std::string want, vif;
#if defined(VMAF_X86_SIMD)
    const unsigned detected = cpu::detected();
    if (detected & cpu::kAvx2) want = "avx2";
    if ((detected & cpu::kAvx2) && (detected & cpu::kAvx512)) want += " avx512";
    vif = want;
    if ((detected & cpu::kAvx2) && (detected & cpu::kAvx512) && (detected & cpu::kAvx512Icl))
        vif += " avx512icl";
#elif defined(VMAF_ARM_SIMD)
    // Every aarch64 CPU has NEON.
    EXPECT_EQ(cpu::detected(), unsigned{cpu::kNeon});
    want = vif = "neon";
#else
    EXPECT_EQ(cpu::detected(), 0u);
#endif
    EXPECT_EQ(tested(&motion::motion_row_kernels), want);
    EXPECT_EQ(tested(&adm::adm_kernels), want);
    EXPECT_EQ(tested(&vif::vif_row_kernels), vif);
    EXPECT_EQ(tested(&speed::cov_kernels), want);
    EXPECT_EQ(tested(&cambi::cambi_kernels), want);
}

} // namespace
} // namespace vmaf::checkasm
