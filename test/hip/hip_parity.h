// The CPU-vs-HIP parity fixture: runs a feature's CPU extractor and its HIP
// twin over the same frames and compares every output key, per frame and
// aggregate. Every HIP extractor's parity test uses it.
#pragma once

#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "libvmaf/libvmaf_hip.h"
#include "support/feature_scoring.h"
#include "support/golden.h"

namespace vmaf::test {

// GPU tests skip, with the reason, on machines without a usable device:
// their fixtures derive from these.
inline constexpr const char *kNoDevice = "no usable HIP device (vmaf_hip_available() is false)";

class HipDeviceTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!vmaf_hip_available()) GTEST_SKIP() << kNoDevice;
    }
};

template <typename Param> class HipDeviceTestWithParam : public ::testing::TestWithParam<Param> {
protected:
    void SetUp() override
    {
        if (!vmaf_hip_available()) GTEST_SKIP() << kNoDevice;
    }
};

struct HipStateDeleter {
    void operator()(VmafHipState *s) const { vmaf_hip_state_free(s); }
};
using HipState = std::unique_ptr<VmafHipState, HipStateDeleter>;

// Extractor options, key and value.
using Options = std::vector<std::pair<std::string, std::string>>;

struct ParityRun {
    // The CPU extractor's name (a literal); the HIP run gets its twin.
    const char *feature = nullptr;
    Options options = {};
    // 0: identical doubles (integer features); else the largest absolute
    // difference allowed (float features).
    double tolerance = 0.0;
    unsigned threads = 0;
    // Scores every Nth frame (VmafConfiguration::n_subsample); 0 or 1: all.
    unsigned subsample = 0;
    // true: frames go through each context's picture pool (pinned for the
    // HIP run); false: through vmaf_picture_alloc (pageable host memory).
    bool pooled = true;

    // This run with `more` options after its own.
    ParityRun with(const Options &more) const
    {
        ParityRun run = *this;
        run.options.insert(run.options.end(), more.begin(), more.end());
        return run;
    }
};

// Reads the frames of `ref` and `dis` into `ctx` and flushes it: through
// its picture pool (pinned when `hip`) when `pooled`, else as pageable
// pictures. Fatal gtest failures on error.
void read_video(VmafContext *ctx, const Video &ref, const Video &dis, bool pooled, bool hip,
                unsigned threads);

// Both twins over the frames of `ref` and `dis`; gtest failures name the key
// and frame of each difference. Prints the largest difference seen
// ("parity <feature> <w>x<h> <bpc>-bit: <n> values, worst difference <d>").
void expect_parity(const Video &ref, const Video &dis, const ParityRun &run);

// Synthetic videos: uniform noise over the depth's whole range (seeded), and
// flat pictures of one value.
Video noise_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                  unsigned seed);
Video flat_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                 unsigned value);

// Smooth ramps of one-step bands (banding, as cambi looks for), dithered in
// the right third of each plane, moving a little from frame to frame.
Video banded_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                   unsigned seed);

// A picture of vmaf_picture_alloc holding `pic`'s samples.
VmafPicture host_copy(const VmafPicture &pic);
// `src`'s samples into `dst`, of the same format and size.
void copy_planes(const VmafPicture &src, VmafPicture &dst);
// A picture holding `frame` for vmaf_read_pictures, which takes it over: a
// picture of the context's pool (pinned for HIP) holding its samples when
// `pooled`, else a reference to `frame`. 0, or the pool's error.
int next_picture(VmafContext *ctx, const VmafPicture &frame, bool pooled, VmafPicture &out);

// A test name for a synthetic case: "yuv420p10_257x199".
std::string format_case_name(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);

// Both twins over a clip of ../shared/clips.
void expect_clip_parity(const std::string &clip, const ParityRun &run);

} // namespace vmaf::test
