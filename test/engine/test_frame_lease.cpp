// FrameLease: an extractor instance lent for one frame goes back only after
// its wait_reads, which the engine calls once every extractor of the frame
// has queued its work (the HIP twins copy pictures asynchronously).
#include <algorithm>
#include <cerrno>
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "engine/extractor_instance.h"

namespace {

std::vector<std::string> calls;
int wait_result = 0;

int fake_init(void **state, const VmafExtractorSetup *)
{
    calls.push_back("init");
    *state = new int(0);
    return 0;
}

int fake_extract(void *state, const VmafExtractorFrame *frame, VmafFeatureSink *)
{
    ++*static_cast<int *>(state);
    calls.push_back("extract " + std::to_string(frame->index));
    return 0;
}

int fake_wait_reads(void *, unsigned index)
{
    calls.push_back("wait " + std::to_string(index));
    return wait_result;
}

void fake_close(void *state) { delete static_cast<int *>(state); }

const VmafOption kNoOptions[] = {{}};
const char *const kFeatures[] = {"fake_feature", nullptr};

VmafExtractor entry(bool waits)
{
    return {"fake",       kNoOptions, 0,       kFeatures, fake_init, fake_extract,
            nullptr,      fake_close, waits ? fake_wait_reads : nullptr, {}};
}

class FrameLeaseTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        calls.clear();
        wait_result = 0;
    }
    VmafExtractorFrame frame(unsigned index) const { return {&pic_, &pic_, nullptr, nullptr, index}; }

    const vmaf::PictureParams params_{VMAF_PIX_FMT_YUV420P, 8, 16, 16};
    VmafPicture pic_{};
};

TEST_F(FrameLeaseTest, WaitsOnlyWhenFinished)
{
    const VmafExtractor e = entry(true);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    std::vector<vmaf::FrameLease> leases;
    ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    ASSERT_EQ(leases.size(), 1u);
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0"}));
    EXPECT_EQ(leases[0].finish(), 0);
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0", "wait 0"}));
    // Finished once: a second finish waits for nothing.
    EXPECT_EQ(leases[0].finish(), 0);
    EXPECT_EQ(calls.size(), 3u);
}

TEST_F(FrameLeaseTest, LentInstanceIsNotSharedUntilItComesBack)
{
    const VmafExtractor e = entry(true);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    std::vector<vmaf::FrameLease> leases;
    ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    // The first instance is still lent: the next frame starts a second one.
    ASSERT_EQ(r.extract(params_, frame(1), nullptr, leases), 0);
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0", "init", "extract 1"}));
    for (auto &lease : leases) EXPECT_EQ(lease.finish(), 0);
    leases.clear();
    // Both came back: no third instance.
    ASSERT_EQ(r.extract(params_, frame(2), nullptr, leases), 0);
    EXPECT_EQ(calls.back(), "extract 2");
    EXPECT_EQ(std::count(calls.begin(), calls.end(), "init"), 2);
}

// Without worker threads the engine gives instances back at once and waits
// for a frame's reads later, once the next frame's work is queued.
TEST_F(FrameLeaseTest, GivenBackInstanceWaitsLaterByFrame)
{
    const VmafExtractor e = entry(true);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    std::vector<vmaf::FrameLease> leases;
    ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    leases[0].give_back();
    leases.clear();
    ASSERT_EQ(r.extract(params_, frame(1), nullptr, leases), 0);
    leases[0].give_back();
    // One instance served both frames, and nothing waited yet.
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0", "extract 1"}));
    EXPECT_EQ(r.wait_reads(0), 0);
    EXPECT_EQ(calls.back(), "wait 0");
    wait_result = -EIO;
    EXPECT_EQ(r.wait_reads(1), -EIO);
    EXPECT_EQ(calls.back(), "wait 1");
}

TEST_F(FrameLeaseTest, DestroyedLeaseWaits)
{
    const VmafExtractor e = entry(true);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    {
        std::vector<vmaf::FrameLease> leases;
        ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    }
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0", "wait 0"}));
}

TEST_F(FrameLeaseTest, WaitErrorReachesTheCaller)
{
    const VmafExtractor e = entry(true);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    std::vector<vmaf::FrameLease> leases;
    ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    wait_result = -EIO;
    EXPECT_EQ(leases[0].finish(), -EIO);
}

TEST_F(FrameLeaseTest, ExtractorWithoutWaitReadsFinishesAtOnce)
{
    const VmafExtractor e = entry(false);
    vmaf::RegisteredExtractor r(vmaf::ExtractorSpec::create(e, {}), vmaf::ExtractorEnv{nullptr, 0});
    ASSERT_EQ(r.prepare(params_), 0);
    std::vector<vmaf::FrameLease> leases;
    ASSERT_EQ(r.extract(params_, frame(0), nullptr, leases), 0);
    EXPECT_EQ(leases[0].finish(), 0);
    EXPECT_EQ(calls, (std::vector<std::string>{"init", "extract 0"}));
}

} // namespace
