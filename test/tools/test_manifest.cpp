// Batch mode's CSV: a line csv_line writes (the summary's) reads back as the
// fields written, whatever they hold.
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "manifest.h"
#include "support/temp_file.h"

namespace {

using Records = std::vector<std::vector<std::string>>;

Records round_trip(const Records &records)
{
    std::string text;
    for (const auto &fields : records) text += vmaf::tools::csv_line(fields);
    vmaf::test::TempFile file(text);
    const auto read = vmaf::tools::read_csv_records(file.path);
    EXPECT_TRUE(read.has_value()) << text;
    return read.value_or(Records{});
}

TEST(CsvLine, PlainFieldsAreWrittenAsTheyAre)
{
    EXPECT_EQ(vmaf::tools::csv_line({"ref.y4m", "dis.y4m", "", "0.5"}), "ref.y4m,dis.y4m,,0.5\n");
}

TEST(CsvLine, SeparatorsAndQuotesReadBack)
{
    const Records r = {{"a,b", "say \"hi\"", "two\nlines", "cr\r"}};
    EXPECT_EQ(round_trip(r), r);
}

// The reader trims spaces and tabs around unquoted fields: a path that
// begins or ends with one came back without it, and a resumed batch took
// its row for another pair's (fuzz_batch_manifest checks every record).
TEST(CsvLine, SpacesAtEitherEndReadBack)
{
    const Records r = {{" leading.y4m", "trailing.y4m ", "\ttab", "tab\t", " ", "in side"}};
    EXPECT_EQ(round_trip(r), r);
}

// A byte order mark at a file's start is dropped (spreadsheets write one).
TEST(CsvLine, AByteOrderMarkInTheFirstFieldReadsBack)
{
    const Records r = {{"\xEF\xBB\xBFname", "x"}};
    EXPECT_EQ(round_trip(r), r);
}

} // namespace
