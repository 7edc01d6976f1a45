// float_moment_hip against float_moment: identical doubles on every key.
// The GPU sums each float term in integer units of the smallest one, which
// is exact; the CPU's double sums are exact too at these sizes
// (moment_kernel.h).
#include "hip/moment/luma_sums_parity.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &float_moment_parity()
{
    static const TwinParity table = luma_sums_parity("float_moment");
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatMoment, float_moment_parity());

} // namespace
