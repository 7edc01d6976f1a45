// libFuzzer harness: the CLI's video reader (vmaf::session::VideoInput).
//
// Input: two control bytes, then the file's bytes. Content that starts with
// "YUV4MPEG2" is read as Y4M; anything else as raw YUV of a small format the
// control bytes pick. The file is a memfd (a regular file, so the size
// checks run) or, for small inputs, standard input fed from a pipe (no size
// known, read as a stream).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fuzz_files.h"
#include "session/input/video_input.h"

namespace {

using vmaf::session::VideoInput;

// Frames read from one input at most; keeps every run short.
constexpr unsigned kMaxFrames = 16;

// Control bytes: the first's bit 0 reads through a pipe, bits 1-2 pick the
// raw pixel format, bits 3-4 the bit depth, bits 5 and 6 add 16 to the width
// and the height, bit 7 reads the luma plane only (the chroma passed over);
// the second's nibbles are the width and height less one.
vmaf::session::RawFormat raw_format(uint8_t control, uint8_t size)
{
    static const char *const kPixFmts[] = {"420", "422", "444", "400"};
    static const long long kDepths[] = {8, 10, 12, 16};
    vmaf::session::RawFormat raw;
    raw.pix_fmt = kPixFmts[(control >> 1) & 3];
    raw.bpc = kDepths[(control >> 3) & 3];
    raw.w = 1 + (size & 15) + ((control >> 5) & 1) * 16;
    raw.h = 1 + (size >> 4) + ((control >> 6) & 1) * 16;
    return raw;
}

void read_all(VideoInput &in, size_t input_bytes)
{
    const auto &f = in.format();
    // A stream's header is not checked against a size; a picture larger
    // than the whole input could never be filled, so none is allocated.
    if (vmaf::session::frame_bytes(f) > input_bytes) return;
    vmaf::fuzz::read_frames(in, kMaxFrames);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    const uint8_t control = data[0];
    const vmaf::session::RawFormat raw = raw_format(control, data[1]);
    data += 2;
    size -= 2;

    std::string error;
    std::unique_ptr<VideoInput> in;
    const auto open = [&](const std::string &path) { return VideoInput::open(path, raw, error); };
    if ((control & 1) && size <= vmaf::fuzz::kPipeBytes) {
        in = vmaf::fuzz::open_piped(data, size, open, std::unique_ptr<VideoInput>());
    } else {
        const vmaf::fuzz::MemoryFile file(data, size);
        if (file.ok()) in = open(file.path());
    }
    if (in && (control & 0x80)) in->set_planes(1);
    if (in) read_all(*in, size);
    return 0;
}
