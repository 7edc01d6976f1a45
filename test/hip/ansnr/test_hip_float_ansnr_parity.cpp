// float_ansnr_hip against float_ansnr: identical doubles on every key. Each
// blurred pixel and both float energy sums are computed in the CPU's order,
// without fused multiply-adds (ansnr.hip).
#include <cerrno>

#include "hip/parity_suites.h"
#include "support/feature_scoring.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &float_ansnr_parity()
{
    static const TwinParity table{
        .base = {"float_ansnr", {}},
        // The smallest size the filter takes, rows wider than one shared-memory
        // chunk (2048), 12 and 16 bits.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 3, 3},
                  {VMAF_PIX_FMT_YUV420P, 8, 4099, 5},
                  {VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                  {VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                  {VMAF_PIX_FMT_YUV400P, 10, 1921, 1081}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatAnsnr, float_ansnr_parity());

using HipFloatAnsnr = HipDeviceTest;

// As the CPU extractor: a picture the 5x5 filter cannot reflect in is an
// error at the first frame, with a message.
TEST_F(HipFloatAnsnr, TooSmallIsAnError)
{
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    HipState owned(state);
    auto ctx = make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state), 0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "float_ansnr", nullptr), 0);
    VmafPicture ref, dis;
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 2, 16), 0);
    ASSERT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, 2, 16), 0);
    EXPECT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, 0), -EINVAL);
}

} // namespace
