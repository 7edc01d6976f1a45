// float_psnr_hip against float_psnr: identical doubles. Its kernel is
// float_moment_hip's (moment_kernel.h), and so are its cases.
#include "hip/moment/luma_sums_parity.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &float_psnr_parity()
{
    static const TwinParity table = luma_sums_parity("float_psnr");
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatPsnr, float_psnr_parity());

} // namespace
