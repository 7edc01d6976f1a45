// Decoding on several decoders (GopDecoding) with room for a frame or two
// ahead of the reader: every frame comes, in order, with the samples one
// decoder gives; a reader that stops early leaves no thread behind.
//
// usage: test_gop_budget FFMPEG (gtest flags after)
#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>
#include <vector>

#include "libvmaf/picture.h"
#include "session/input/video_input.h"
#include "support/clips.h"

namespace {

using vmaf::session::Decoding;
using vmaf::session::HwDecode;
using vmaf::session::RawFormat;
using vmaf::session::ReadStatus;
using vmaf::session::VideoInput;

std::string ffmpeg_path;

// An H.264 encode of a public clip looped to 96 frames (9.6 s), a keyframe
// every 6 frames, B-frames: on 3 decoders, chunks of at least 0.8 s (a
// quarter of each one's share), two GOPs each: 8 chunks.
class GopBudget : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        char dir[] = "/tmp/vmaf_gop_budgetXXXXXX";
        ASSERT_NE(mkdtemp(dir), nullptr);
        folder = dir;
        encode = folder + "/looped.mp4";
        const std::string command = fmt::format(
            "'{}' -v error -nostdin -y -stream_loop 3 -i '{}' -c:v libx264 -g 6 -bf 2 -crf 35 "
            "-threads 1 '{}'",
            ffmpeg_path, vmaf::test::clip_path("vtest_576x324_420p8", "dis"), encode);
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
    }
    static void TearDownTestSuite()
    {
        const std::string command = fmt::format("rm -rf '{}'", folder);
        EXPECT_EQ(std::system(command.c_str()), 0);
    }

    // Every frame's samples, read with `decoding`.
    static std::vector<std::vector<uint8_t>> frames(const Decoding &decoding, std::string &note)
    {
        std::string error;
        std::unique_ptr<VideoInput> in = VideoInput::open(encode, RawFormat{}, decoding, error);
        EXPECT_NE(in, nullptr) << error;
        if (!in) return {};
        note = in->decoder_note();
        const auto f = in->format();
        VmafPicture pic{};
        EXPECT_EQ(vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h), 0);
        std::vector<std::vector<uint8_t>> all;
        ReadStatus status;
        while ((status = in->read_frame(pic)) == ReadStatus::Frame) {
            std::vector<uint8_t> samples;
            for (unsigned p = 0; p < 3; p++)
                for (unsigned y = 0; y < pic.h[p]; y++) {
                    const auto *row = static_cast<const uint8_t *>(pic.data[p]) + y * pic.stride[p];
                    samples.insert(samples.end(), row, row + pic.w[p]);
                }
            all.push_back(std::move(samples));
        }
        EXPECT_EQ(status, ReadStatus::End) << in->error();
        vmaf_picture_unref(&pic);
        return all;
    }

    static inline std::string folder, encode;
};

TEST_F(GopBudget, EveryFrameInOrderWithRoomForOneOrTwo)
{
    std::string note;
    const auto one = frames(Decoding{HwDecode::None, 0, 1, 0}, note);
    ASSERT_EQ(one.size(), 96u);
    EXPECT_EQ(note, "");
    const size_t frame_bytes = 576 * 324 * 3 / 2;
    for (const size_t room : {size_t{1}, size_t{2}, size_t{64}}) {
        const auto many = frames(Decoding{HwDecode::None, 0, 3, room * frame_bytes}, note);
        EXPECT_NE(note.find("decoding h264 in 8 chunks on 3 decoders"), std::string::npos) << note;
        ASSERT_EQ(many.size(), one.size()) << room << " frames of room";
        for (size_t i = 0; i < one.size(); i++)
            EXPECT_EQ(many[i], one[i]) << "frame " << i << ", " << room << " frames of room";
    }
}

TEST_F(GopBudget, TwoInputsReadInTurnShareTheBudget)
{
    // A pair's two inputs on one thread, as the scoring reads them, with
    // room for one frame between them: each input's chunk being read goes
    // on, so neither waits on the other.
    std::string note;
    const auto one = frames(Decoding{HwDecode::None, 0, 1, 0}, note);
    std::string error;
    const Decoding tight{HwDecode::None, 0, 3, 576 * 324 * 3 / 2};
    std::unique_ptr<VideoInput> a = VideoInput::open(encode, RawFormat{}, tight, error);
    std::unique_ptr<VideoInput> b = VideoInput::open(encode, RawFormat{}, tight, error);
    ASSERT_TRUE(a && b) << error;
    const auto f = a->format();
    VmafPicture pa{}, pb{};
    ASSERT_EQ(vmaf_picture_alloc(&pa, f.pix_fmt, f.bpc, f.w, f.h), 0);
    ASSERT_EQ(vmaf_picture_alloc(&pb, f.pix_fmt, f.bpc, f.w, f.h), 0);
    for (size_t i = 0; i < one.size(); i++) {
        ASSERT_EQ(a->read_frame(pa), ReadStatus::Frame) << a->error();
        ASSERT_EQ(b->read_frame(pb), ReadStatus::Frame) << b->error();
        const auto *ya = static_cast<const uint8_t *>(pa.data[0]);
        const auto *yb = static_cast<const uint8_t *>(pb.data[0]);
        for (unsigned y = 0; y < pa.h[0]; y += 81) {
            EXPECT_TRUE(std::equal(ya + y * pa.stride[0], ya + y * pa.stride[0] + pa.w[0],
                                   one[i].begin() + y * pa.w[0]))
                << "frame " << i;
            EXPECT_TRUE(std::equal(yb + y * pb.stride[0], yb + y * pb.stride[0] + pb.w[0],
                                   one[i].begin() + y * pb.w[0]))
                << "frame " << i;
        }
    }
    EXPECT_EQ(a->read_frame(pa), ReadStatus::End);
    EXPECT_EQ(b->read_frame(pb), ReadStatus::End);
    vmaf_picture_unref(&pa);
    vmaf_picture_unref(&pb);
}

TEST_F(GopBudget, AReaderThatStopsEarlyLeavesNoDecoderWaiting)
{
    for (const unsigned read : {0u, 1u, 7u, 40u}) {
        std::string error;
        std::unique_ptr<VideoInput> in =
            VideoInput::open(encode, RawFormat{}, Decoding{HwDecode::None, 0, 4, 1}, error);
        ASSERT_NE(in, nullptr) << error;
        const auto f = in->format();
        VmafPicture pic{};
        ASSERT_EQ(vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h), 0);
        for (unsigned i = 0; i < read; i++) ASSERT_EQ(in->read_frame(pic), ReadStatus::Frame);
        if (read % 2) in->cancel();
        // Destroying the input joins its decoders, waiting on a full queue.
        in.reset();
        vmaf_picture_unref(&pic);
    }
}

} // namespace

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (argc != 2) {
        fmt::print(stderr, "usage: test_gop_budget FFMPEG\n");
        return 2;
    }
    ffmpeg_path = argv[1];
    return RUN_ALL_TESTS();
}
