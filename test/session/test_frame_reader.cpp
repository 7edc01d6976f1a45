// FrameReader: one video read ahead on its own thread into pool pictures.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <memory>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "session/frame_reader.h"
#include "support/feature_scoring.h"
#include "support/finishes_within.h"
#include "support/temp_file.h"

namespace {

using vmaf::test::finishes_within;
using vmaf::test::TempFile;

using vmaf::session::FrameReader;
using vmaf::session::ReadStatus;
using vmaf::session::VideoInput;

// 17x9 4:2:0 8-bit: rows narrower than their 64-byte stride; 9x5 chroma.
constexpr unsigned kW = 17, kH = 9, kCw = 9, kCh = 5;

// Sample i of plane p of frame f.
uint8_t sample(unsigned f, unsigned p, unsigned i) { return static_cast<uint8_t>(f * 31 + p * 101 + i); }

std::string frame_bytes(unsigned f)
{
    std::string bytes;
    for (unsigned p = 0; p < 3; p++)
        for (unsigned i = 0; i < (p ? kCw * kCh : kW * kH); i++) bytes.push_back(static_cast<char>(sample(f, p, i)));
    return bytes;
}

std::string y4m(unsigned frames)
{
    std::string video = "YUV4MPEG2 W17 H9 F25:1 C420jpeg\n";
    for (unsigned f = 0; f < frames; f++) video += "FRAME\n" + frame_bytes(f);
    return video;
}

// A FIFO that a thread writes `data` into, then keeps open until release()
// (or its end): a pipe whose writer is slow or never finishes.
struct HeldFifo {
    std::string dir, path;
    std::mutex mutex;
    std::condition_variable released_cv;
    bool released = false;
    std::thread writer;

    explicit HeldFifo(const std::string &data, bool hold)
    {
        char tmpl[] = "/tmp/vmaf_fifo_XXXXXX";
        dir = ::mkdtemp(tmpl);
        path = dir + "/video";
        EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
        writer = std::thread([this, data, hold] {
            const int fd = ::open(path.c_str(), O_WRONLY);
            if (fd < 0) return;
            for (size_t done = 0; done < data.size();) {
                const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
                if (n <= 0) break;
                done += static_cast<size_t>(n);
            }
            if (hold) {
                std::unique_lock lock(mutex);
                released_cv.wait(lock, [this] { return released; });
            }
            ::close(fd);
        });
    }
    void release()
    {
        {
            std::lock_guard lock(mutex);
            released = true;
        }
        released_cv.notify_all();
    }
    ~HeldFifo()
    {
        release();
        writer.join();
        ::unlink(path.c_str());
        ::rmdir(dir.c_str());
    }
};

// A context with a pool for one reader (and the picture in the test's hand).
vmaf::test::Context pooled_context()
{
    auto ctx = vmaf::test::make_context(0);
    VmafPictureConfiguration cfg{};
    cfg.pic_params = {kW, kH, 8, VMAF_PIX_FMT_YUV420P};
    cfg.pic_cnt = FrameReader::kMaxDepth + 1;
    EXPECT_EQ(vmaf_preallocate_pictures(ctx.get(), cfg), 0);
    return ctx;
}

std::unique_ptr<VideoInput> open(const std::string &path)
{
    std::string error;
    auto in = VideoInput::open(path, {}, error);
    EXPECT_TRUE(in) << error;
    return in;
}

// Whether the picture holds frame f: every plane, or the luma only (pool
// pictures are not cleared, so unread chroma holds whatever was there; that
// it is passed over unread is VideoInput's test).
void expect_frame(const VmafPicture &pic, unsigned f, bool chroma)
{
    for (unsigned p = 0; p < (chroma ? 3u : 1u); p++)
        for (unsigned y = 0; y < pic.h[p]; y++)
            for (unsigned x = 0; x < pic.w[p]; x++) {
                // The file's chroma rows are kCw wide; the picture keeps
                // floor(17 / 2) of them, as libvmaf sizes chroma.
                const uint8_t want = sample(f, p, y * (p ? kCw : kW) + x);
                ASSERT_EQ(static_cast<const uint8_t *>(pic.data[p])[y * pic.stride[p] + x], want)
                    << "frame " << f << " plane " << p << " (" << x << ", " << y << ")";
            }
}

void reads_every_frame(const std::string &path, unsigned planes, unsigned frames)
{
    auto ctx = pooled_context();
    auto in = open(path);
    ASSERT_TRUE(in);
    in->set_planes(planes);
    FrameReader reader(ctx.get(), *in, 0, 0);
    std::string error;
    ASSERT_TRUE(reader.skipped(error)) << error;
    for (unsigned f = 0; f < frames; f++) {
        FrameReader::Item item = reader.next();
        ASSERT_EQ(item.status, ReadStatus::Frame) << item.error;
        expect_frame(item.pic, f, planes == 3);
    }
    FrameReader::Item end = reader.next();
    EXPECT_EQ(end.status, ReadStatus::End) << end.error;
    EXPECT_EQ(end.frames_read, frames);
    EXPECT_EQ(reader.next().status, ReadStatus::End);
}

TEST(FrameReader, ReadsEveryFrameInOrder)
{
    finishes_within(std::chrono::seconds(30), [] {
        TempFile file(y4m(12));
        reads_every_frame(file.path, 3, 12);
        HeldFifo fifo(y4m(12), false);
        reads_every_frame(fifo.path, 3, 12);
    });
}

// Luma only: the chroma bytes are passed over (seeked on a file, read and
// dropped from a pipe), the frames after them still in place.
TEST(FrameReader, LumaOnlyPassesOverChroma)
{
    finishes_within(std::chrono::seconds(30), [] {
        TempFile file(y4m(12));
        reads_every_frame(file.path, 1, 12);
        HeldFifo fifo(y4m(12), false);
        reads_every_frame(fifo.path, 1, 12);
    });
}

// --frame_cnt: a frame beyond the count is never read, so a broken one there
// is no error.
TEST(FrameReader, ReadsNoFurtherThanTheCount)
{
    finishes_within(std::chrono::seconds(30), [] {
        TempFile file(y4m(3) + "FRAME\n" + frame_bytes(3).substr(0, 10));
        auto ctx = pooled_context();
        auto in = open(file.path);
        ASSERT_TRUE(in);
        FrameReader reader(ctx.get(), *in, 1, 2);
        std::string error;
        ASSERT_TRUE(reader.skipped(error)) << error;
        for (unsigned f = 1; f < 3; f++) {
            FrameReader::Item item = reader.next();
            ASSERT_EQ(item.status, ReadStatus::Frame) << item.error;
            expect_frame(item.pic, f, true);
        }
        EXPECT_EQ(reader.next().status, ReadStatus::End);
        EXPECT_EQ(in->frames_read(), 3u);
    });
}

TEST(FrameReader, ReportsATruncatedFrameAndTooFewFramesToSkip)
{
    finishes_within(std::chrono::seconds(30), [] {
        TempFile file(y4m(2) + "FRAME\n" + frame_bytes(2).substr(0, kW * kH + 4));
        {
            auto ctx = pooled_context();
            auto in = open(file.path);
            ASSERT_TRUE(in);
            FrameReader reader(ctx.get(), *in, 0, 0);
            for (unsigned f = 0; f < 2; f++) ASSERT_EQ(reader.next().status, ReadStatus::Frame);
            FrameReader::Item item = reader.next();
            ASSERT_EQ(item.status, ReadStatus::Error);
            EXPECT_EQ(item.error, file.path + ": frame 2 is truncated (file ends inside plane 1, row 0)");
            EXPECT_EQ(reader.next().status, ReadStatus::End);
        }
        {
            // Luma only: the same message, from passing over the chroma.
            auto ctx = pooled_context();
            auto in = open(file.path);
            ASSERT_TRUE(in);
            in->set_planes(1);
            FrameReader reader(ctx.get(), *in, 2, 0);
            FrameReader::Item item = reader.next();
            ASSERT_EQ(item.status, ReadStatus::Error);
            EXPECT_EQ(item.error, file.path + ": frame 2 is truncated (file ends inside plane 1, row 0)");
        }
        {
            TempFile two(y4m(2));
            auto ctx = pooled_context();
            auto in = open(two.path);
            ASSERT_TRUE(in);
            FrameReader reader(ctx.get(), *in, 5, 0);
            std::string error;
            EXPECT_FALSE(reader.skipped(error));
            EXPECT_EQ(error, two.path + ": cannot skip 5 frames, it has only 2");
        }
    });
}

// A reader whose frames nobody takes waits for room; destroying it stops it
// and gives its pictures back.
TEST(FrameReader, StopsWhileWaitingForRoom)
{
    finishes_within(std::chrono::seconds(30), [] {
        TempFile file(y4m(20));
        auto ctx = pooled_context();
        auto in = open(file.path);
        ASSERT_TRUE(in);
        {
            FrameReader reader(ctx.get(), *in, 0, 0);
            ASSERT_EQ(reader.next().status, ReadStatus::Frame);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        // Every picture is back: the whole pool can be fetched.
        VmafPicture pics[FrameReader::kMaxDepth + 1];
        for (auto &p : pics) ASSERT_EQ(vmaf_fetch_preallocated_picture(ctx.get(), &p), 0);
        for (auto &p : pics) vmaf_picture_unref(&p);
    });
}

// A pipe whose writer neither writes nor closes: destroying the reader ends
// its wait in read().
TEST(FrameReader, StopsWhileAPipeGivesNothing)
{
    finishes_within(std::chrono::seconds(30), [] {
        HeldFifo fifo(y4m(1), true);
        auto ctx = pooled_context();
        auto in = open(fifo.path);
        ASSERT_TRUE(in);
        const auto t0 = std::chrono::steady_clock::now();
        {
            FrameReader reader(ctx.get(), *in, 0, 0);
            ASSERT_EQ(reader.next().status, ReadStatus::Frame);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    });
}

} // namespace
