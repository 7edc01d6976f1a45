// Frames/s of reading one video as the CLI reads it (VideoInput): for a
// container, libavcodec's decode on its own threads plus the copy into a
// picture, with nothing scored. Beside the CLI's scoring fps it tells which
// of the two bounds a run (bench/decode_throughput.py).
//
// usage: bench_decode FILE [--luma]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fmt/core.h>
#include <string>

#include "session/input/video_input.h"

int main(int argc, char **argv)
{
    if (argc < 2 || (argc == 3 && std::strcmp(argv[2], "--luma") != 0) || argc > 3) {
        std::fprintf(stderr, "usage: bench_decode FILE [--luma]\n");
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    std::string error;
    auto in = vmaf::session::VideoInput::open(argv[1], {}, error);
    if (!in) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    in->set_planes(argc == 3 ? 1 : 3);
    const auto &f = in->format();
    VmafPicture pic{};
    if (vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h)) {
        std::fprintf(stderr, "out of memory\n");
        return 1;
    }
    vmaf::session::ReadStatus status;
    while ((status = in->read_frame(pic)) == vmaf::session::ReadStatus::Frame) {}
    vmaf_picture_unref(&pic);
    if (status == vmaf::session::ReadStatus::Error) {
        std::fprintf(stderr, "%s\n", in->error().c_str());
        return 1;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print("{} {} frames {:.3f} s {:.1f} fps\n", format_text(f), in->frames_read(), s,
               in->frames_read() / s);
    return 0;
}
