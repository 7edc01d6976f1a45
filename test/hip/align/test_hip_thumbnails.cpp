// The GPU's thumbnails of --align auto (vmaf_hip_thumbnails_init) against
// the CPU's (vmaf_thumbnails_init): the mean squared difference of every
// pair of frames is the same double (the kernels run the CPU's arithmetic,
// core/src/align/thumbnail_math.h), on the clips (8 and 10 bits, 4:4:4, odd
// sizes) and on noise where no clip reaches (12 and 16 bits, 2160p, frames
// under a block's 90 lines, tall and thin ones), frames added from two
// threads at once.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

#include "hip/hip_parity.h"
#include "libvmaf/libvmaf_ext.h"
#include "support/clips.h"

namespace {

using namespace vmaf::test;

struct ThumbnailsDeleter {
    void operator()(VmafThumbnails *t) const { vmaf_thumbnails_free(t); }
};
using Thumbnails = std::unique_ptr<VmafThumbnails, ThumbnailsDeleter>;

class HipThumbnails : public HipDeviceTest {
  protected:
    void SetUp() override
    {
        HipDeviceTest::SetUp();
        if (IsSkipped()) return;
        VmafHipState *s = nullptr;
        ASSERT_EQ(vmaf_hip_state_init(&s, VmafHipConfiguration{0}), 0);
        state_.reset(s);
    }

    // Both stores fed `frames` (each side's from a thread of its own), then
    // every pair compared on both.
    void expect_same_distances(const std::vector<VmafPicture> &frames, const char *what)
    {
        ASSERT_FALSE(frames.empty());
        const VmafPicture &f = frames.front();
        const unsigned n = static_cast<unsigned>(frames.size());
        VmafThumbnails *cpu = nullptr, *gpu = nullptr;
        ASSERT_EQ(vmaf_thumbnails_init(&cpu, f.w[0], f.h[0], f.bpc, n), 0);
        Thumbnails cpu_owner(cpu);
        ASSERT_EQ(vmaf_hip_thumbnails_init(&gpu, state_.get(), f.w[0], f.h[0], f.bpc, n), 0);
        Thumbnails gpu_owner(gpu);
        // Each store numbers the frames in the order their adds came.
        std::vector<unsigned> cpu_index(n), gpu_index(n);
        const auto add = [&](unsigned first, unsigned end) {
            for (unsigned i = first; i < end; i++) {
                EXPECT_EQ(vmaf_thumbnails_add(cpu, &frames[i], &cpu_index[i]), 0);
                EXPECT_EQ(vmaf_thumbnails_add(gpu, &frames[i], &gpu_index[i]), 0);
            }
        };
        std::thread second(add, n / 2, n);
        add(0, n / 2);
        second.join();
        std::vector<unsigned> ca, cb, ga, gb;
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = i; j < n; j++) {
                ca.push_back(cpu_index[i]);
                cb.push_back(cpu_index[j]);
                ga.push_back(gpu_index[i]);
                gb.push_back(gpu_index[j]);
            }
        std::vector<double> on_cpu(ca.size()), on_gpu(ga.size());
        ASSERT_EQ(vmaf_thumbnails_mse(cpu, ca.data(), cb.data(), ca.size(), on_cpu.data()), 0);
        ASSERT_EQ(vmaf_thumbnails_mse(gpu, ga.data(), gb.data(), ga.size(), on_gpu.data()), 0);
        size_t differ = 0;
        double largest = 0;
        for (size_t k = 0; k < on_cpu.size(); k++) {
            largest = std::max(largest, on_cpu[k]);
            if (on_cpu[k] != on_gpu[k] && ++differ <= 5)
                ADD_FAILURE() << what << ": pair " << k << ": CPU " << on_cpu[k] << ", GPU "
                              << on_gpu[k];
        }
        EXPECT_EQ(differ, 0u) << what;
        std::printf("thumbnails %s %ux%u %u-bit: %zu distances (largest %.3f), %zu differ\n", what,
                    f.w[0], f.h[0], f.bpc, on_cpu.size(), largest, differ);
    }

    HipState state_;
};

TEST_F(HipThumbnails, ClipsGiveTheCpusBits)
{
    for (const char *clip : {"vtest_576x324_420p8", "tree_640x360_420p10", "box_352x288_444p8",
                             "vtest_481x271_420p8", "flat_64x64_420p8"}) {
        Video ref = load_y4m(clip_path(clip, "ref"));
        Video dis = load_y4m(clip_path(clip, "dis"));
        std::vector<VmafPicture> frames;
        for (const Video *v : {&ref, &dis})
            for (size_t i = 0; i < std::min<size_t>(v->frames.size(), 24); i++)
                frames.push_back(v->frames[i]);
        expect_same_distances(frames, clip);
        ref.release();
        dis.release();
    }
}

TEST_F(HipThumbnails, NoiseGivesTheCpusBits)
{
    struct Case {
        VmafPixelFormat pix_fmt;
        unsigned bpc, w, h;
    };
    for (const Case &c :
         {Case{VMAF_PIX_FMT_YUV420P, 12, 1921, 1081}, Case{VMAF_PIX_FMT_YUV420P, 16, 3840, 2160},
          Case{VMAF_PIX_FMT_YUV444P, 8, 33, 17}, Case{VMAF_PIX_FMT_YUV400P, 10, 7, 1},
          Case{VMAF_PIX_FMT_YUV422P, 9, 181, 4001}}) {
        Video v = noise_video(c.pix_fmt, c.bpc, c.w, c.h, 6, c.w + c.bpc);
        expect_same_distances(v.frames, format_case_name(c.pix_fmt, c.bpc, c.w, c.h).c_str());
        v.release();
    }
}

TEST_F(HipThumbnails, RefusesAStateNotOfTheBackend)
{
    VmafThumbnails *t = nullptr;
    EXPECT_EQ(vmaf_hip_thumbnails_init(&t, nullptr, 64, 48, 8, 4), -EINVAL);
    EXPECT_EQ(vmaf_hip_thumbnails_init(&t, state_.get(), 64, 48, 6, 4), -EINVAL);
    EXPECT_EQ(t, nullptr);
}

} // namespace
