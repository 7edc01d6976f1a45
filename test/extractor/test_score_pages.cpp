// The per-frame score store: pages beyond the budget go to a temporary file
// and come back unchanged; memory holds the budget however many frames.
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "extractor/collector.h"
#include "extractor/score_pages.h"

namespace {

constexpr size_t kFrames = 20 * vmaf::ScorePages::kPageFrames + 123;

// A value per (column, frame) that no other has; some frames left without.
std::optional<double> expected(size_t column, size_t frame)
{
    if (frame % 7 == 3) return std::nullopt;
    return static_cast<double>(column) * 1e7 + static_cast<double>(frame) + 0.25;
}

TEST(ScorePages, PagesOutAndBackUnchanged)
{
    vmaf::ScorePages pages;
    pages.set_budget(4);
    const size_t columns = 3;
    for (size_t c = 0; c < columns; c++) ASSERT_EQ(pages.add_column(), c);
    // Frame after frame over every column, as extraction writes.
    for (size_t f = 0; f < kFrames; f++)
        for (size_t c = 0; c < columns; c++)
            if (auto v = expected(c, f)) pages.set(c, f, *v);
    // Two pages per column and two more stay; the rest went to the file.
    EXPECT_LE(pages.resident_pages(), 2 * columns + 2);
    EXPECT_GE(pages.pages_in_file(), columns * 21 - (2 * columns + 2));
    // Read back in another order (column by column, as pooling reads), and
    // changed after being paged out.
    for (size_t c = 0; c < columns; c++) {
        EXPECT_EQ(pages.size(c), kFrames);
        for (size_t f = 0; f < kFrames; f++)
            ASSERT_EQ(pages.get(c, f), expected(c, f)) << c << " " << f;
    }
    pages.set(0, 5, -1.0);
    pages.set(2, 3, 42.0);
    for (size_t f = 0; f < kFrames; f++) {
        (void)pages.get(1, f);
        (void)pages.get(2, kFrames - 1 - f);
    }
    EXPECT_EQ(pages.get(0, 5), -1.0);
    EXPECT_EQ(pages.get(2, 3), 42.0);
    EXPECT_EQ(pages.get(0, kFrames), std::nullopt);
}

// NaN is a value (psnr of an empty plane): kept as one, never as "none".
TEST(ScorePages, NanIsAValue)
{
    vmaf::ScorePages pages;
    pages.add_column();
    pages.set(0, 1, std::numeric_limits<double>::quiet_NaN());
    pages.set(0, 2, -std::numeric_limits<double>::signaling_NaN());
    pages.set(0, 3, std::numeric_limits<double>::infinity());
    EXPECT_FALSE(pages.get(0, 0).has_value());
    ASSERT_TRUE(pages.get(0, 1).has_value());
    EXPECT_TRUE(std::isnan(*pages.get(0, 1)));
    ASSERT_TRUE(pages.get(0, 2).has_value());
    EXPECT_TRUE(std::isnan(*pages.get(0, 2)));
    EXPECT_EQ(*pages.get(0, 3), std::numeric_limits<double>::infinity());
}

// Where no temporary file can be made, the pages stay in memory: scores are
// whole, memory grows as it would without the file.
TEST(ScorePages, NoTemporaryFolderKeepsPagesInMemory)
{
    const char *old = std::getenv("TMPDIR");
    const std::string saved = old ? old : "";
    setenv("TMPDIR", "/nonexistent/vmaf-test", 1);
    vmaf::ScorePages pages;
    pages.set_budget(1);
    pages.add_column();
    for (size_t f = 0; f < kFrames; f++) pages.set(0, f, static_cast<double>(f));
    if (old)
        setenv("TMPDIR", saved.c_str(), 1);
    else
        unsetenv("TMPDIR");
    EXPECT_EQ(pages.pages_in_file(), 0u);
    EXPECT_EQ(pages.resident_pages(), 21u);
    for (size_t f = 0; f < kFrames; f++) ASSERT_EQ(pages.get(0, f), static_cast<double>(f));
}

// The collector over many frames: its scores as written, keys and frame
// count as before paging existed.
TEST(ScorePages, CollectorOverAPagedRun)
{
    vmaf::FeatureCollector c;
    std::mt19937 rng(7);
    const std::vector<std::string> keys = {"k0", "k1", "k2", "k3", "k4"};
    std::vector<std::vector<double>> truth(keys.size(), std::vector<double>(kFrames));
    for (size_t f = 0; f < kFrames; f++)
        for (size_t k = 0; k < truth.size(); k++) {
            truth[k][f] = std::uniform_real_distribution<double>(0, 100)(rng);
            ASSERT_EQ(c.append(keys[k], truth[k][f], static_cast<unsigned>(f)), 0);
        }
    EXPECT_EQ(c.frame_count(), kFrames);
    EXPECT_EQ(c.append("k0", 1.0, 17), -EINVAL); // already scored, though paged out
    for (size_t k = 0; k < truth.size(); k++)
        for (size_t f = 0; f < kFrames; f += 97)
            ASSERT_EQ(c.score(keys[k], static_cast<unsigned>(f)), truth[k][f]);
}

} // namespace
