// Where an encoded input is cut for several decoders (gop_chunks.h).
#include <gtest/gtest.h>
#include <vector>

#include "session/input/gop_chunks.h"

namespace {

using vmaf::session::chunk_min_ticks;
using vmaf::session::chunk_starts;
using vmaf::session::decoders_in_memory;
using vmaf::session::default_decoders;

TEST(GopChunks, EveryKeyframeAfterTheFirstWhereGopsAreLong)
{
    const std::vector<int64_t> keys{-2, 48, 98, 150};
    EXPECT_EQ(chunk_starts(keys, 40), (std::vector<int64_t>{48, 98, 150}));
}

TEST(GopChunks, ShortGopsJoinUntilAChunkIsLongEnough)
{
    // Keyframes every 10 ticks, chunks of at least 25: every third.
    const std::vector<int64_t> keys{0, 10, 20, 30, 40, 50, 60, 70};
    EXPECT_EQ(chunk_starts(keys, 25), (std::vector<int64_t>{30, 60}));
    EXPECT_EQ(chunk_starts(keys, 1), (std::vector<int64_t>{10, 20, 30, 40, 50, 60, 70}));
}

TEST(GopChunks, OneKeyframeOrNoneIsOneChunk)
{
    EXPECT_TRUE(chunk_starts(std::vector<int64_t>{}, 1).empty());
    EXPECT_TRUE(chunk_starts(std::vector<int64_t>{7}, 1).empty());
    // Keyframes closer than a chunk's least length.
    EXPECT_TRUE(chunk_starts(std::vector<int64_t>{0, 5, 9}, 10).empty());
}

TEST(GopChunks, TimestampsThatDoNotRiseArePassedOver)
{
    EXPECT_EQ(chunk_starts(std::vector<int64_t>{0, 40, 40, 30, 90}, 20),
              (std::vector<int64_t>{40, 90}));
}

TEST(GopChunks, ASecondOrAQuarterOfEachDecodersShare)
{
    // 90 kHz ticks: a long film's chunks are a second at least.
    EXPECT_EQ(chunk_min_ticks(90000, 7200, 8), 90000);
    // 4 s on 4 decoders: chunks of a quarter second give each four.
    EXPECT_EQ(chunk_min_ticks(90000, 4, 4), 22500);
    // The length unknown: a second.
    EXPECT_EQ(chunk_min_ticks(1000, 0, 4), 1000);
    // Never under a tick.
    EXPECT_EQ(chunk_min_ticks(10, 0.01, 16), 1);
}

TEST(GopChunks, HalfTheCoresUpTo16)
{
    EXPECT_EQ(default_decoders(1), 1u);
    EXPECT_EQ(default_decoders(2), 1u);
    EXPECT_EQ(default_decoders(16), 8u);
    EXPECT_EQ(default_decoders(128), 16u);
}

TEST(GopChunks, DecodersWhoseOwnFramesHalfTheBudgetHolds)
{
    const size_t gib = size_t{1} << 30;
    // 1080p 4:2:0 8-bit: 18 frames of 3,110,400 bytes a decoder, 38 in 2 GiB.
    EXPECT_EQ(decoders_in_memory(4 * gib, 1920 * 1080 * 3 / 2), 38u);
    // 2160p 4:2:0 10-bit: 4.
    EXPECT_EQ(decoders_in_memory(4 * gib, 3840 * 2160 * 3), 4u);
    // 256 MiB and 1080p: 2; never none, never more than 64.
    EXPECT_EQ(decoders_in_memory(gib / 4, 1920 * 1080 * 3 / 2), 2u);
    EXPECT_EQ(decoders_in_memory(gib / 4, 7680 * 4320 * 6), 1u);
    EXPECT_EQ(decoders_in_memory(4 * gib, 64 * 64), 64u);
}

} // namespace
