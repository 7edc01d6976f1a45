// libFuzzer harness: container input (session/input/container_input.h),
// libavformat and libavcodec fed through our reader, on the CPU, with one
// decoder or an input cut into chunks of GOPs (--decoders).
//
// Input: one control byte, then the file's bytes. Bit 0 reads standard input
// fed from a pipe (no size, no seeking) instead of a regular file (a memfd);
// bits 1-2 are the decoders less one; bit 3 reads the luma plane only. The
// libraries are Debian's (not instrumented): what is checked is our side of
// them, the reads, seeks, chunk plans and frames handed over.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

#include "libvmaf/picture.h"
#include "session/input/video_input.h"

namespace {

using vmaf::session::ReadStatus;
using vmaf::session::VideoInput;

// Frames read at most, and the largest picture read: keeps every run short.
constexpr unsigned kMaxFrames = 24;
constexpr unsigned kMaxPixels = 320 * 240;
constexpr size_t kPipeBytes = 60000;

bool write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) return false;
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

void read_all(VideoInput &in)
{
    const auto &f = in.format();
    if (static_cast<unsigned long long>(f.w) * f.h > kMaxPixels) return;
    VmafPicture pic{};
    if (vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h) != 0) return;
    for (unsigned i = 0; i < kMaxFrames; i++)
        if (in.read_frame(pic) != ReadStatus::Frame) break;
    vmaf_picture_unref(&pic);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const uint8_t control = data[0];
    data += 1;
    size -= 1;
    vmaf::session::Decoding decoding;
    decoding.decoders = 1u + ((control >> 1) & 3u);
    // A small budget, so that the chunks' decoders wait on it too.
    decoding.budget = size_t{1} << 20;
    std::string error;
    std::unique_ptr<VideoInput> in;
    if ((control & 1) && size <= kPipeBytes) {
        int ends[2];
        if (::pipe(ends) != 0) return 0;
        const bool written = write_all(ends[1], data, size);
        ::close(ends[1]);
        const int saved_stdin = ::dup(STDIN_FILENO);
        if (written && saved_stdin >= 0 && ::dup2(ends[0], STDIN_FILENO) >= 0)
            in = VideoInput::open("-", {}, decoding, error);
        ::close(ends[0]);
        if (in && (control & 8)) in->set_planes(1);
        if (in) read_all(*in);
        in.reset();
        if (saved_stdin >= 0) {
            ::dup2(saved_stdin, STDIN_FILENO);
            ::close(saved_stdin);
        }
        return 0;
    }
    // The chunks' decoders open the file again by its name: it stays open
    // until they are done.
    const int fd = ::memfd_create("fuzz_container_input", 0);
    if (fd < 0) return 0;
    if (write_all(fd, data, size))
        in = VideoInput::open("/proc/self/fd/" + std::to_string(fd), {}, decoding, error);
    if (in && (control & 8)) in->set_planes(1);
    if (in) read_all(*in);
    in.reset();
    ::close(fd);
    return 0;
}
