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

#include "fuzz_files.h"
#include "session/input/video_input.h"

namespace {

using vmaf::session::VideoInput;

// Frames read at most, and the largest picture read: keeps every run short.
constexpr unsigned kMaxFrames = 24;
constexpr unsigned kMaxPixels = 320 * 240;

void read_all(VideoInput &in)
{
    const auto &f = in.format();
    if (static_cast<unsigned long long>(f.w) * f.h > kMaxPixels) return;
    vmaf::fuzz::read_frames(in, kMaxFrames);
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
    const auto open = [&](const std::string &path) {
        return VideoInput::open(path, {}, decoding, error);
    };
    // The chunks' decoders open the file again by its name: it outlives the
    // input.
    std::unique_ptr<vmaf::fuzz::MemoryFile> file;
    std::unique_ptr<VideoInput> in;
    if ((control & 1) && size <= vmaf::fuzz::kPipeBytes) {
        in = vmaf::fuzz::open_piped(data, size, open, std::unique_ptr<VideoInput>());
    } else {
        file = std::make_unique<vmaf::fuzz::MemoryFile>(data, size);
        if (file->ok()) in = open(file->path());
    }
    if (in && (control & 8)) in->set_planes(1);
    if (in) read_all(*in);
    return 0;
}
