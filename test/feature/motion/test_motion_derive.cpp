// motion2/motion3 from per-frame scores, against values worked out by hand
// from the reference's definitions.
#include <gtest/gtest.h>

#include "feature/motion/motion_math.h"

namespace {

using vmaf::motion::derive;
using vmaf::motion::MotionParams;

constexpr MotionParams kDefault{1.0, 40.0, 1.0, 10000.0, false, false};

TEST(MotionDerive, Motion2IsTheSmallerOfThisAndTheNextScore)
{
    const auto d = derive({0.0, 4.0, 2.0, 5.0, 3.0}, kDefault);
    EXPECT_EQ(d.motion2, (std::vector<double>{0.0, 2.0, 2.0, 3.0, 3.0}));
    // motion3 equals motion2 with blending off; frame 0 takes frame 1's score.
    EXPECT_EQ(d.motion3, (std::vector<double>{4.0, 2.0, 2.0, 3.0, 3.0}));
}

TEST(MotionDerive, SingleFrameHasNothingToCompare)
{
    const auto d = derive({0.0}, kDefault);
    EXPECT_EQ(d.motion2, (std::vector<double>{0.0}));
    EXPECT_EQ(d.motion3, (std::vector<double>{0.0}));
}

TEST(MotionDerive, BlendAboveTheOffsetAndClip)
{
    MotionParams s = kDefault;
    s.blend_factor = 0.5;
    s.blend_offset = 2.0;
    s.max_val = 3.0;
    // blend(x) = 0.5 x + 0.5 min(2, x), then min(., 3).
    const auto d = derive({0.0, 6.0, 8.0, 1.0}, s);
    EXPECT_EQ(d.motion2, (std::vector<double>{0.0, 6.0, 1.0, 1.0}));
    EXPECT_EQ(d.motion3, (std::vector<double>{3.0, 3.0, 1.0, 1.0}));
}

TEST(MotionDerive, MovingAverageWithThePreviousFrame)
{
    MotionParams s = kDefault;
    s.moving_average = true;
    const auto d = derive({0.0, 4.0, 2.0, 6.0}, s);
    EXPECT_EQ(d.motion2, (std::vector<double>{0.0, 2.0, 2.0, 6.0}));
    // Frame 0 sets the running value to frame 1's score (4).
    EXPECT_EQ(d.motion3, (std::vector<double>{4.0, 3.0, 2.0, 4.0}));
}

TEST(MotionDerive, FiveFrameWindowStartsTwoFramesIn)
{
    MotionParams s = kDefault;
    s.five_frame_window = true;
    const auto d = derive({0.0, 0.0, 5.0, 3.0, 4.0, 1.0}, s);
    // From frame 2: min(score[i - 1], score[i + 1]) once i - 1 >= 2, else score[i + 1].
    EXPECT_EQ(d.motion2, (std::vector<double>{0.0, 0.0, 3.0, 4.0, 1.0, 1.0}));
    EXPECT_EQ(d.motion3, (std::vector<double>{5.0, 5.0, 3.0, 4.0, 1.0, 1.0}));
}

} // namespace
