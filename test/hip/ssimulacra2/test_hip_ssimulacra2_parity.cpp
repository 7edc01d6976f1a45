// ssimulacra2_hip against ssimulacra2: identical doubles. The GPU repeats
// the CPU's arithmetic on each sample (the conversion's integers, XYB and
// the blur in float with the same fused multiply-adds) and adds each row's
// terms in order as the CPU does; the host adds the rows with the CPU's
// own code (norms_of).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &ssimulacra2_parity()
{
    static const TwinParity table{
        .base = {"ssimulacra2", {}},
        // Refused: chroma subsampled from an odd size, under 113 x 113.
        .except_clips = {"vtest_481x271_420p8", "flat_64x64_420p8"},
        .options = {{kSmallClip, {{"matrix", "bt601"}}}, {"box_352x288_444p8", {{"range", "full"}}}},
        // The smallest size, 4:2:2 and 4:4:4, 10 to 16 bits, widths that
        // leave blocks of the row blur part-filled.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 114, 114},
                  {VMAF_PIX_FMT_YUV422P, 12, 258, 131},
                  {VMAF_PIX_FMT_YUV444P, 10, 131, 250},
                  {VMAF_PIX_FMT_YUV420P, 16, 642, 362}},
        .noise_runs = {{}, {Against::kItself}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Ssimulacra2, ssimulacra2_parity());

} // namespace
