// GPU faults (issue 57): each HIP call of a short scoring run (the default
// model and psnr, every extractor a twin, through pool pictures) made to fail
// in turn (VMAF_HIP_FAULT, read when the run's HIP state is made), with each
// kind of error. Every run must end (no crash, no hang) either with an error
// from the API or, where the failure was one the backend recovers from, with
// the scores of a run without faults; and once the context and the state
// are gone, the device's free memory must be what it was.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "hip/hip_parity.h"
#include "hip/runtime/platform.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_hip.h"
#include "libvmaf/model.h"

namespace {

using vmaf::test::Video;

struct Outcome {
    int error = 0; // the first API error; 0: scored
    double vmaf = 0, psnr_y = 0;
};

// The pooled scores of the run; the first error, else 0.
int scored(VmafContext *ctx, VmafModel *model, unsigned frames, Outcome &out)
{
    if (int err = vmaf_score_pooled(ctx, model, VMAF_POOL_METHOD_MEAN, &out.vmaf, 0, frames - 1))
        return err;
    return vmaf_feature_score_pooled(ctx, "psnr_y", VMAF_POOL_METHOD_MEAN, &out.psnr_y, 0,
                                     frames - 1);
}

// One run, with VMAF_HIP_FAULT as set; every resource released on return.
Outcome run(const Video &ref, const Video &dis, VmafModel *model)
{
    Outcome out;
    VmafHipState *state = nullptr;
    if ((out.error = vmaf_hip_state_init(&state, VmafHipConfiguration{0}))) return out;
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    VmafContext *ctx = nullptr;
    int err = vmaf_init(&ctx, cfg);
    if (!err) err = vmaf_hip_import_state(ctx, state);
    if (!err) err = vmaf_use_features_from_model(ctx, model);
    if (!err) err = vmaf_use_feature(ctx, "psnr", nullptr);
    if (!err) {
        VmafPictureConfiguration pc{};
        pc.pic_params = {ref.w, ref.h, ref.bpc, ref.pix_fmt};
        pc.pic_cnt = 4;
        err = vmaf_hip_preallocate_pictures(ctx, pc);
    }
    for (size_t i = 0; !err && i < ref.frames.size(); i++) {
        VmafPicture r{}, d{};
        err = vmaf::test::next_picture(ctx, ref.frames[i], true, r);
        if (!err) err = vmaf::test::next_picture(ctx, dis.frames[i], true, d);
        if (err) {
            if (r.ref) vmaf_picture_unref(&r);
            break;
        }
        err = vmaf_read_pictures(ctx, &r, &d, static_cast<unsigned>(i));
    }
    if (!err) err = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    if (!err) err = scored(ctx, model, static_cast<unsigned>(ref.frames.size()), out);
    if (ctx) vmaf_close(ctx);
    vmaf_hip_state_free(state);
    out.error = err;
    return out;
}

size_t free_device_memory()
{
    size_t free_bytes = 0, total = 0;
    EXPECT_EQ(hipMemGetInfo(&free_bytes, &total), hipSuccess);
    return free_bytes;
}

class HipFaults : public vmaf::test::HipDeviceTest {
protected:
    void TearDown() override { unsetenv("VMAF_HIP_FAULT"); }
};

TEST_F(HipFaults, EachCallOfARunFailsCleanly)
{
    Video ref = vmaf::test::noise_video(VMAF_PIX_FMT_YUV420P, 8, 64, 48, 2, 1);
    Video dis = vmaf::test::noise_video(VMAF_PIX_FMT_YUV420P, 8, 64, 48, 2, 2);
    VmafModel *model = nullptr;
    VmafModelConfig mc{"vmaf", 0};
    ASSERT_EQ(vmaf_model_load(&model, &mc, "vmaf_v0.6.1"), 0);

    unsetenv("VMAF_HIP_FAULT");
    const Outcome want = run(ref, dis, model); // also brings the runtime up
    ASSERT_EQ(want.error, 0);

    for (const char *kind : {"oom", "launch", "illegal", "lost"}) {
        // Every call up to 64 (the set-up's), every 17th after (about 0.3 s
        // a run on an H100); three sound runs in a row mean the fault came
        // after the run's last call.
        unsigned failed = 0, sound = 0;
        unsigned long long n = 1, last_failed = 0;
        std::vector<unsigned long long> leaked;
        for (; sound < 3 && leaked.size() < 8; n += n < 64 ? 1 : 17) {
            const std::string fault = std::to_string(n) + ":" + kind;
            setenv("VMAF_HIP_FAULT", fault.c_str(), 1);
            const size_t before = free_device_memory();
            const Outcome got = run(ref, dis, model);
            const size_t after = free_device_memory();
            if (after != before) {
                leaked.push_back(n);
                ADD_FAILURE() << fault << ": " << static_cast<long long>(before - after)
                              << " bytes of device memory not given back";
            }
            if (got.error == 0) {
                // Past the run's last call, or a failure the backend
                // recovered from: either way a sound run's scores.
                sound++;
                EXPECT_EQ(got.vmaf, want.vmaf) << fault;
                EXPECT_EQ(got.psnr_y, want.psnr_y) << fault;
            } else {
                sound = 0;
                failed++;
                last_failed = n;
                EXPECT_LT(got.error, 0) << fault;
            }
        }
        std::string leaks;
        for (const unsigned long long l : leaked) {
            leaks += ' ';
            leaks += std::to_string(l);
        }
        std::printf("VMAF_HIP_FAULT=N:%s: %u runs ended with an error (the last at N=%llu); "
                    "device memory not given back at N =%s\n",
                    kind, failed, last_failed, leaked.empty() ? " none" : leaks.c_str());
        EXPECT_GT(failed, 50u) << kind;
    }
    unsetenv("VMAF_HIP_FAULT");
    vmaf_model_destroy(model);
    ref.release();
    dis.release();
}

} // namespace
