// float_ansnr_hip against float_ansnr: identical doubles on every key. Each
// blurred pixel and both float energy sums are computed in the CPU's order,
// without fused multiply-adds (ansnr.hip).
#include <cerrno>

#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"

namespace {

using vmaf::test::expect_clip_parity;
using vmaf::test::expect_parity;
using vmaf::test::noise_video;
using vmaf::test::NoiseCase;
using vmaf::test::ParityRun;
using vmaf::test::Video;

const ParityRun kAnsnr{"float_ansnr", {}};

class HipAnsnrClip : public ::testing::TestWithParam<const char *> {};

TEST_P(HipAnsnrClip, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    expect_clip_parity(GetParam(), kAnsnr);
}

INSTANTIATE_TEST_SUITE_P(Clips, HipAnsnrClip,
                         ::testing::Values("vtest_576x324_420p8", "box_960x540_420p8",
                                           "tree_640x360_420p10", "box_352x288_444p8",
                                           "vtest_481x271_420p8", "cup_320x240_420p8_identical",
                                           "flat_64x64_420p8"));

TEST(HipAnsnr, PageablePicturesOnWorkerThreads)
{
    VMAF_HIP_REQUIRE_DEVICE();
    ParityRun run = kAnsnr;
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity("vtest_576x324_420p8", run);
}

class HipAnsnrNoise : public ::testing::TestWithParam<NoiseCase> {};

TEST_P(HipAnsnrNoise, MatchesCpu)
{
    VMAF_HIP_REQUIRE_DEVICE();
    const NoiseCase c = GetParam();
    Video ref = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 7);
    Video dis = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 3, 8);
    expect_parity(ref, dis, kAnsnr);
    ref.release();
    dis.release();
}

// The smallest size the filter takes, rows wider than one shared-memory
// chunk (2048), 12 and 16 bits.
INSTANTIATE_TEST_SUITE_P(
    Formats, HipAnsnrNoise,
    ::testing::Values(NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 3, 3},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 8, 4099, 5},
                      NoiseCase{VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                      NoiseCase{VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                      NoiseCase{VMAF_PIX_FMT_YUV400P, 10, 1921, 1081}),
    vmaf::test::noise_case_name);

// As the CPU extractor: a picture the 5x5 filter cannot reflect in is an
// error at the first frame, with a message.
TEST(HipAnsnr, TooSmallIsAnError)
{
    VMAF_HIP_REQUIRE_DEVICE();
    VmafHipState *state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&state, VmafHipConfiguration{0}), 0);
    vmaf::test::HipState owned(state);
    auto ctx = vmaf::test::make_context(0);
    ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state), 0);
    ASSERT_EQ(vmaf_use_feature(ctx.get(), "float_ansnr", nullptr), 0);
    VmafPicture ref, dis;
    ASSERT_EQ(vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 2, 16), 0);
    ASSERT_EQ(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, 2, 16), 0);
    EXPECT_EQ(vmaf_read_pictures(ctx.get(), &ref, &dis, 0), -EINVAL);
}

} // namespace
