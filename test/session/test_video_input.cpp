// Y4M and raw YUV parsing, good and bad.
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <initializer_list>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <fcntl.h>

#include "session/input/byte_source.h"
#include "session/input/video_input.h"
#include "session/input/y4m_input.h"
#include "support/temp_file.h"

namespace {

using vmaf::test::TempFile;

using vmaf::session::parse_y4m_header;
using vmaf::session::ReadStatus;
using vmaf::session::VideoFormat;
using vmaf::session::VideoInput;

TEST(Y4mHeader, ParsesEveryChromaTag)
{
    struct Case {
        const char *tag;
        VmafPixelFormat fmt;
        unsigned bpc;
    };
    const Case cases[] = {
        {"C420jpeg", VMAF_PIX_FMT_YUV420P, 8},   {"C420paldv", VMAF_PIX_FMT_YUV420P, 8},
        {"C420mpeg2", VMAF_PIX_FMT_YUV420P, 8},  {"C420", VMAF_PIX_FMT_YUV420P, 8},
        {"C422", VMAF_PIX_FMT_YUV422P, 8},       {"C444", VMAF_PIX_FMT_YUV444P, 8},
        {"Cmono", VMAF_PIX_FMT_YUV400P, 8},      {"C420p10", VMAF_PIX_FMT_YUV420P, 10},
        {"C422p12", VMAF_PIX_FMT_YUV422P, 12},   {"C444p16", VMAF_PIX_FMT_YUV444P, 16},
        {"Cmono12", VMAF_PIX_FMT_YUV400P, 12},   {"", VMAF_PIX_FMT_YUV420P, 8},
    };
    for (const auto &c : cases) {
        VideoFormat f;
        std::string error;
        ASSERT_TRUE(parse_y4m_header(std::string("YUV4MPEG2 W481 H271 F25:1 Ip A1:1 ") + c.tag, f, error))
            << c.tag << ": " << error;
        EXPECT_EQ(f.w, 481u);
        EXPECT_EQ(f.h, 271u);
        EXPECT_EQ(f.pix_fmt, c.fmt) << c.tag;
        EXPECT_EQ(f.bpc, c.bpc) << c.tag;
    }
}

TEST(Y4mHeader, ReadsTheColourRangeFFmpegWrites)
{
    struct Case {
        const char *fields;
        std::optional<std::string> range;
    };
    const Case cases[] = {
        {"XCOLORRANGE=FULL", "full"},
        {"XYSCSS=420JPEG XCOLORRANGE=LIMITED", "limited"},
        {"XYSCSS=420JPEG", std::nullopt},
        {"XCOLORRANGE=SOMETIMES", std::nullopt},
        {"", std::nullopt},
    };
    for (const auto &c : cases) {
        VideoFormat f;
        vmaf::session::ColourTags colour;
        std::string error;
        ASSERT_TRUE(parse_y4m_header(std::string("YUV4MPEG2 W64 H64 F25:1 C420jpeg ") + c.fields, f, error,
                                     nullptr, &colour))
            << c.fields << ": " << error;
        EXPECT_EQ(colour.range, c.range) << c.fields;
        // Y4M states no matrix.
        EXPECT_FALSE(colour.matrix) << c.fields;
    }
}

TEST(Y4mHeader, RejectsBadHeadersWithAReason)
{
    struct Case {
        const char *line, *reason;
    };
    const Case cases[] = {
        {"YUV4MPEG W16 H16", "signature"},
        {"YUV4MPEG2 H16", "lacks W"},
        {"YUV4MPEG2 W0 H16", "out of range"},
        {"YUV4MPEG2 W-4 H16", "bad width"},
        {"YUV4MPEG2 W16 Habc", "bad height"},
        {"YUV4MPEG2 W70000 H16", "out of range"},
        {"YUV4MPEG2 W16 H16 C411", "C411"},
        {"YUV4MPEG2 W16 H16 C420p7", "C420p7"},
        {"YUV4MPEG2 W16 H16 C444alpha", "C444alpha"},
        {"YUV4MPEG2 W16 H16 Qx", "unknown Y4M header field"},
        {"YUV4MPEG2 W16 H16 Iz", "interlace"},
    };
    for (const auto &c : cases) {
        VideoFormat f;
        std::string error;
        EXPECT_FALSE(parse_y4m_header(c.line, f, error)) << c.line;
        EXPECT_NE(error.find(c.reason), std::string::npos) << c.line << " -> " << error;
    }
}

// A Y4M frame of 16-bit little-endian samples; a 2x2 4:2:0 frame has 4 luma
// and 1 + 1 chroma samples.
std::string y4m_frame(std::initializer_list<uint16_t> samples)
{
    std::string frame = "FRAME\n";
    for (uint16_t v : samples) {
        frame.push_back(static_cast<char>(v & 0xff));
        frame.push_back(static_cast<char>(v >> 8));
    }
    return frame;
}

TEST(Y4mInput, ReadsDeepSamplesLittleEndian)
{
    const std::string frame = y4m_frame({1, 2, 1023, 256, 7, 9});
    TempFile f("YUV4MPEG2 W2 H2 C420p10\n" + frame + frame);
    std::string error;
    auto in = VideoInput::open(f.path, {}, error);
    ASSERT_TRUE(in) << error;
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 2, 2), 0);
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
        const auto *y1 = reinterpret_cast<const uint16_t *>(static_cast<uint8_t *>(pic.data[0]) + pic.stride[0]);
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[0])[1], 2);
        EXPECT_EQ(y1[0], 1023);
        EXPECT_EQ(y1[1], 256);
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[2])[0], 9);
    }
    EXPECT_EQ(in->read_frame(pic), ReadStatus::End);
    vmaf_picture_unref(&pic);
}

TEST(Y4mInput, RejectsSamplesBeyondTheBitDepth)
{
    const std::string frame = y4m_frame({1, 2, 1024, 0, 0, 0});
    TempFile f("YUV4MPEG2 W2 H2 C420p10\n" + frame);
    std::string error;
    auto in = VideoInput::open(f.path, {}, error);
    ASSERT_TRUE(in) << error;
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 2, 2), 0);
    EXPECT_EQ(in->read_frame(pic), ReadStatus::Error);
    EXPECT_NE(in->error().find("1024"), std::string::npos) << in->error();
    vmaf_picture_unref(&pic);
}

// Luma only: the chroma bytes are passed over, unread and unchecked; the
// next frame starts where it should.
TEST(Y4mInput, LumaOnlyNeitherReadsNorChecksChroma)
{
    const std::string frame = y4m_frame({1, 2, 3, 4, 1024, 65535});
    TempFile f("YUV4MPEG2 W2 H2 C420p10\n" + frame + y4m_frame({5, 6, 7, 8, 1024, 65535}));
    std::string error;
    auto in = VideoInput::open(f.path, {}, error);
    ASSERT_TRUE(in) << error;
    in->set_planes(1);
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 2, 2), 0);
    constexpr uint16_t kUntouched = 777;
    static_cast<uint16_t *>(pic.data[1])[0] = kUntouched;
    for (uint16_t first : {1, 5}) {
        ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[0])[0], first);
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[1])[0], kUntouched);
    }
    EXPECT_EQ(in->read_frame(pic), ReadStatus::End);

    auto all = VideoInput::open(f.path, {}, error);
    ASSERT_TRUE(all) << error;
    EXPECT_EQ(all->read_frame(pic), ReadStatus::Error);
    EXPECT_EQ(all->error(), f.path + ": frame 0 has sample value 1024 in plane 1, more than 10 bits allow");
    vmaf_picture_unref(&pic);
}

// A deep plane larger than the reader's bands (32 KiB): every band is read
// and checked, the last one too, and a file that ends in a later band says
// in which row.
TEST(Y4mInput, ChecksEveryBandOfADeepPlane)
{
    constexpr unsigned kW = 1024, kH = 64; // 16 rows a band, 4 bands of luma
    std::string frame = "FRAME\n";
    frame.resize(frame.size() + (kW * kH + 2 * (kW / 2) * (kH / 2)) * 2, '\0');
    const size_t luma = 6;
    for (unsigned i = 0; i < kW * kH; i++) frame[luma + 2 * i] = static_cast<char>(i % 251);
    const std::string header = "YUV4MPEG2 W1024 H64 C420p10\n";
    std::string error;
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, kW, kH), 0);

    TempFile good(header + frame);
    auto in = VideoInput::open(good.path, {}, error);
    ASSERT_TRUE(in) << error;
    ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
    for (unsigned y : {0u, 15u, 16u, 63u}) {
        const auto *row = reinterpret_cast<const uint16_t *>(static_cast<const uint8_t *>(pic.data[0]) +
                                                             size_t{y} * pic.stride[0]);
        EXPECT_EQ(row[1000], (y * kW + 1000) % 251) << "row " << y;
    }

    std::string bad = frame;
    const size_t at = luma + 2 * (size_t{63} * kW + 1000);
    bad[at] = 0;
    bad[at + 1] = 4; // 1024
    TempFile out_of_range(header + bad);
    in = VideoInput::open(out_of_range.path, {}, error);
    ASSERT_TRUE(in) << error;
    EXPECT_EQ(in->read_frame(pic), ReadStatus::Error);
    EXPECT_EQ(in->error(), out_of_range.path + ": frame 0 has sample value 1024 in plane 0, more than 10 bits allow");

    TempFile truncated(header + frame + frame.substr(0, luma + size_t{50} * kW * 2 + 10));
    in = VideoInput::open(truncated.path, {}, error);
    ASSERT_TRUE(in) << error;
    EXPECT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
    EXPECT_EQ(in->read_frame(pic), ReadStatus::Error);
    EXPECT_EQ(in->error(), truncated.path + ": frame 1 is truncated (file ends inside plane 0, row 50)");
    vmaf_picture_unref(&pic);
}

TEST(YuvInput, ReadsOddSizedFramesWithCeilChroma)
{
    // 3x3 4:2:0 8-bit: 9 + 2*4 bytes a frame.
    std::string frame(17, '\0');
    for (size_t i = 0; i < frame.size(); i++) frame[i] = static_cast<char>(i);
    TempFile f(frame);
    vmaf::session::RawFormat raw;
    raw.w = 3;
    raw.h = 3;
    raw.bpc = 8;
    raw.pix_fmt = "420";
    std::string error;
    auto in = VideoInput::open(f.path, raw, error);
    ASSERT_TRUE(in) << error;
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 3, 3), 0);
    ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame);
    EXPECT_EQ(static_cast<uint8_t *>(pic.data[0])[pic.stride[0] * 2 + 2], 8);
    EXPECT_EQ(static_cast<uint8_t *>(pic.data[1])[pic.stride[1] + 1], 12);
    EXPECT_EQ(static_cast<uint8_t *>(pic.data[2])[pic.stride[2] + 1], 16);
    EXPECT_EQ(in->read_frame(pic), ReadStatus::End);
    vmaf_picture_unref(&pic);
}

TEST(YuvInput, NeedsItsGeometry)
{
    TempFile f(std::string(17, '\0'));
    std::string error;
    EXPECT_FALSE(VideoInput::open(f.path, {}, error));
    EXPECT_NE(error.find("--width"), std::string::npos) << error;
}

// A header is checked against what the file holds before the caller
// allocates pictures of its size: 40 bytes claiming 65536x65536 would cost
// 6 GiB.
TEST(Y4mInput, RefusesAHeaderLargerThanTheFile)
{
    TempFile f("YUV4MPEG2 W65536 H65536 C420jpeg\nFRAME\n");
    std::string error;
    EXPECT_FALSE(VideoInput::open(f.path, {}, error));
    EXPECT_NE(error.find(f.path), std::string::npos) << error;
    // 6 for "FRAME\n", 65536 * 65536 * 3 / 2 for the samples.
    EXPECT_NE(error.find("6442450950 bytes"), std::string::npos) << error;
    EXPECT_NE(error.find("65536x65536 4:2:0 8-bit"), std::string::npos) << error;
}

TEST(Y4mInput, NeedsOneWholeFrameAfterTheHeader)
{
    const std::string header = "YUV4MPEG2 W2 H2 C420p10\n";
    const std::string frame = y4m_frame({1, 2, 3, 4, 5, 6});
    for (const std::string &body : {std::string(), frame.substr(0, frame.size() - 1)}) {
        TempFile f(header + body);
        std::string error;
        EXPECT_FALSE(VideoInput::open(f.path, {}, error)) << body.size() << " bytes";
        EXPECT_NE(error.find("18 bytes"), std::string::npos) << error;
    }
    TempFile whole(header + frame);
    std::string error;
    EXPECT_TRUE(VideoInput::open(whole.path, {}, error)) << error;
}

TEST(YuvInput, RefusesAFileSmallerThanOneFrame)
{
    TempFile f(std::string(40, '\x80'));
    vmaf::session::RawFormat raw;
    raw.w = 65536;
    raw.h = 65536;
    raw.bpc = 8;
    raw.pix_fmt = "420";
    std::string error;
    EXPECT_FALSE(VideoInput::open(f.path, raw, error));
    EXPECT_NE(error.find(f.path), std::string::npos) << error;
    EXPECT_NE(error.find("smaller than one 65536x65536 4:2:0 8-bit frame (6442450944 bytes)"),
              std::string::npos)
        << error;
}

// A FIFO that a thread fills with `data` once a reader opens it: input that
// cannot seek back, as from a pipe or `<(command)`.
struct FifoFeed {
    std::string dir, path;
    std::thread writer;

    explicit FifoFeed(const std::string &data)
    {
        char tmpl[] = "/tmp/vmaf_fifo_XXXXXX";
        dir = ::mkdtemp(tmpl);
        path = dir + "/video";
        EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
        writer = std::thread([this, data] {
            std::FILE *out = std::fopen(path.c_str(), "wb");
            if (!out) return;
            std::fwrite(data.data(), 1, data.size(), out);
            std::fclose(out);
        });
    }
    ~FifoFeed()
    {
        writer.join();
        ::unlink(path.c_str());
        ::rmdir(dir.c_str());
    }
};

// Every byte of a raw 8-bit 4:2:0 3x3 video through a FIFO: the bytes read
// to tell Y4M from raw YUV are the first frame's and must not be lost.
TEST(VideoInputFromFifo, RawYuvKeepsEveryByte)
{
    std::string video(2 * 17, '\0');
    for (size_t i = 0; i < video.size(); i++) video[i] = static_cast<char>(i + 1);
    FifoFeed feed(video);
    vmaf::session::RawFormat raw;
    raw.w = 3;
    raw.h = 3;
    raw.bpc = 8;
    raw.pix_fmt = "420";
    std::string error;
    auto in = VideoInput::open(feed.path, raw, error);
    ASSERT_TRUE(in) << error;
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 3, 3), 0);
    for (unsigned f = 0; f < 2; f++) {
        ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
        // The file stores 2x2 chroma; the picture keeps the top-left sample
        // of each (floor(3 / 2) = 1, as libvmaf sizes chroma).
        unsigned byte = f * 17;
        for (unsigned p = 0; p < 3; p++) {
            const unsigned coded = p ? 2 : 3;
            for (unsigned y = 0; y < coded; y++) {
                for (unsigned x = 0; x < coded; x++, byte++) {
                    if (x >= pic.w[p] || y >= pic.h[p]) continue;
                    EXPECT_EQ(static_cast<uint8_t *>(pic.data[p])[y * pic.stride[p] + x], byte + 1)
                        << "frame " << f << " plane " << p << " (" << x << ", " << y << ")";
                }
            }
        }
    }
    EXPECT_EQ(in->read_frame(pic), ReadStatus::End);
    vmaf_picture_unref(&pic);
}

TEST(VideoInputFromFifo, Y4mReadsItsHeaderAndFrames)
{
    const std::string frame = y4m_frame({1, 2, 1023, 256, 7, 9});
    FifoFeed feed("YUV4MPEG2 W2 H2 C420p10\n" + frame + frame);
    std::string error;
    auto in = VideoInput::open(feed.path, {}, error);
    ASSERT_TRUE(in) << error;
    EXPECT_EQ(in->format().w, 2u);
    EXPECT_EQ(in->format().bpc, 10u);
    VmafPicture pic;
    ASSERT_EQ(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 2, 2), 0);
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame) << in->error();
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[0])[0], 1);
        EXPECT_EQ(static_cast<uint16_t *>(pic.data[2])[0], 9);
    }
    EXPECT_EQ(in->read_frame(pic), ReadStatus::End);
    vmaf_picture_unref(&pic);
}

// The rate a Y4M header states is kept, to compare with a container's;
// a malformed one is no rate at all, never an error.
TEST(Y4mInput, KeepsItsFrameRate)
{
    const std::string frame = y4m_frame({1, 2, 3, 4, 5, 6});
    struct Case {
        const char *field;
        long long num, den; // 0: no rate
    };
    for (const Case c : {Case{"F30000:1001", 30000, 1001}, Case{"F25:1", 25, 1}, Case{"F0:0", 0, 0},
                         Case{"Fx", 0, 0}, Case{"", 0, 0}}) {
        TempFile f(std::string("YUV4MPEG2 W2 H2 C420p10 ") + c.field + "\n" + frame);
        std::string error;
        auto in = VideoInput::open(f.path, {}, error);
        ASSERT_TRUE(in) << c.field << ": " << error;
        if (c.num == 0) {
            EXPECT_FALSE(in->frame_rate()) << c.field;
            continue;
        }
        ASSERT_TRUE(in->frame_rate()) << c.field;
        EXPECT_EQ(in->frame_rate()->num, c.num);
        EXPECT_EQ(in->frame_rate()->den, c.den);
    }
}

// A container's demuxer seeks (to an MP4's index at the end): a regular
// file moves and tells where it is, a FIFO refuses.
TEST(ByteSource, SeeksARegularFileOnly)
{
    TempFile f("0123456789");
    vmaf::session::ByteSource file(::open(f.path.c_str(), O_RDONLY | O_CLOEXEC));
    EXPECT_EQ(file.size(), 10u);
    char got[4] = {};
    ASSERT_EQ(file.read(got, 3), 3u);
    EXPECT_EQ(file.position(), 3u);
    ASSERT_TRUE(file.seek(7));
    EXPECT_EQ(file.position(), 7u);
    ASSERT_EQ(file.read(got, 4), 3u);
    EXPECT_EQ(std::string(got, 3), "789");
    ASSERT_TRUE(file.seek(1));
    ASSERT_EQ(file.read(got, 2), 2u);
    EXPECT_EQ(std::string(got, 2), "12");
    EXPECT_FALSE(file.seek(11));
    EXPECT_TRUE(file.seek(10));
    EXPECT_TRUE(file.at_end());

    FifoFeed feed("abc");
    vmaf::session::ByteSource pipe(::open(feed.path.c_str(), O_RDONLY | O_CLOEXEC));
    EXPECT_FALSE(pipe.size());
    EXPECT_FALSE(pipe.position());
    EXPECT_FALSE(pipe.seek(0));
    ASSERT_EQ(pipe.read(got, 3), 3u);
    EXPECT_EQ(std::string(got, 3), "abc");
}

// Bytes whose every position differs from its neighbours': a misplaced
// part of a split read shows.
std::string numbered_bytes(size_t n)
{
    std::string bytes(n, '\0');
    for (size_t i = 0; i < n; i++) bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
    return bytes;
}

// A regular file's large reads split over four threads give the bytes one
// read(2) gives, in place: whole, into rows of a wider picture, after
// buffered bytes, and short at the file's end (counted up to it).
TEST(ByteSource, SplitReadsGiveTheFilesBytes)
{
    constexpr size_t kRow = 1000, kRows = 3001, kStride = 1024;
    const std::string bytes = numbered_bytes(7 + 2 * kRow * kRows + 12345);
    TempFile f(bytes);
    vmaf::session::ByteSource file(::open(f.path.c_str(), O_RDONLY | O_CLOEXEC), 4);

    char head[7];
    ASSERT_EQ(file.read(head, 7), 7u); // through the buffer, which reads ahead
    EXPECT_EQ(std::string(head, 7), bytes.substr(0, 7));
    std::string whole(kRow * kRows, '\0');
    ASSERT_EQ(file.read(whole.data(), whole.size()), whole.size());
    EXPECT_EQ(whole, bytes.substr(7, whole.size()));
    EXPECT_EQ(file.position(), 7u + kRow * kRows);

    std::vector<uint8_t> rows(kStride * kRows, 0xee);
    ASSERT_EQ(file.read_rows(rows.data(), kStride, kRow, kRows), kRow * kRows);
    for (size_t r = 0; r < kRows; r++) {
        ASSERT_EQ(std::string(reinterpret_cast<const char *>(&rows[r * kStride]), kRow),
                  bytes.substr(7 + kRow * kRows + r * kRow, kRow))
            << "row " << r;
        ASSERT_EQ(rows[r * kStride + kRow], 0xee) << "row " << r << "'s padding written";
    }

    // 12345 bytes left: a read of 2 MB comes back with them alone.
    std::string tail(2u << 20, '\0');
    ASSERT_EQ(file.read(tail.data(), tail.size()), 12345u);
    EXPECT_EQ(tail.substr(0, 12345), bytes.substr(bytes.size() - 12345));
    EXPECT_TRUE(file.at_end());
}

// Rows that end inside the file's last part: the rows read in full, then
// the partial one, as a single readv(2) counts them.
TEST(ByteSource, SplitRowReadsStopAtTheEnd)
{
    constexpr size_t kRow = 4096, kRows = 600, kStride = 4160;
    const size_t present = kRow * kRows - 1000;
    const std::string bytes = numbered_bytes(present);
    TempFile f(bytes);
    vmaf::session::ByteSource file(::open(f.path.c_str(), O_RDONLY | O_CLOEXEC), 3);
    std::vector<uint8_t> rows(kStride * kRows, 0);
    ASSERT_EQ(file.read_rows(rows.data(), kStride, kRow, kRows), present);
    const size_t last = present / kRow;
    EXPECT_EQ(std::string(reinterpret_cast<const char *>(&rows[last * kStride]), present % kRow),
              bytes.substr(last * kRow));
    EXPECT_TRUE(file.at_end());
}

} // namespace
