#include "session/input/video_input.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "session/input/y4m_input.h"
#include "session/input/yuv_input.h"
#include "session/options/option_names.h"

#ifdef VMAF_HAVE_LIBAV
#include "session/input/container_input.h"
#include "session/input/scaled_input.h"
#endif

namespace vmaf::session {

VideoInput::VideoInput(std::string path) : path_(std::move(path)) {}

VideoInput::~VideoInput() = default;

ReadStatus VideoInput::fail(std::string message)
{
    error_ = fmt::format("{}: {}", path_, message);
    return ReadStatus::Error;
}

bool check_scale_flags(const std::string &flags, std::string &error)
{
#ifdef VMAF_HAVE_LIBAV
    int parsed = 0;
    return parse_scale_flags(flags, parsed, error);
#else
    (void)flags;
    error = option(Option::Scale) + ": scaling was not built in (this vmaf was built without libswscale)";
    return false;
#endif
}

std::unique_ptr<VideoInput> scale_video(std::unique_ptr<VideoInput> in, unsigned w, unsigned h,
                                        unsigned bpc, const std::string &flags, std::string &error)
{
#ifdef VMAF_HAVE_LIBAV
    return ScaledInput::wrap(std::move(in), w, h, bpc, flags, error);
#else
    (void)flags;
    VideoFormat to = in->format();
    to.w = w;
    to.h = h;
    to.bpc = bpc;
    error = fmt::format("{}: cannot convert {} to {}: scaling and bit-depth conversion were not "
                        "built in (this vmaf was built without libswscale)",
                        in->path(), format_text(in->format()), format_text(to));
    return nullptr;
#endif
}

std::unique_ptr<VideoInput> VideoInput::open(const std::string &path, const RawFormat &raw,
                                             [[maybe_unused]] const Decoding &decoding,
                                             std::string &error)
{
    int fd = -1;
    if (path == "-") {
        // A descriptor of our own on standard input, so that closing it is ours.
        fd = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
        if (fd < 0) {
            error = fmt::format("-: cannot read standard input: {}", std::strerror(errno));
            return nullptr;
        }
    } else {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
            return nullptr;
        }
        if (S_ISDIR(st.st_mode)) {
            error = fmt::format("{}: is a folder, not a video file", path);
            return nullptr;
        }
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
            return nullptr;
        }
    }
    auto source = std::make_unique<ByteSource>(fd);
    // The signature is looked at, not taken: pipes and FIFOs cannot seek
    // back, and its bytes are the header's or the first frame's.
    const std::string_view magic = source->peek(9);
    if (magic.empty()) {
        error = fmt::format("{}: file is empty", path);
        return nullptr;
    }
    if (magic == "YUV4MPEG2") return Y4mInput::open(std::move(source), path, error);
#ifdef VMAF_HAVE_LIBAV
    // Raw YUV has no signature: without its geometry on the command line a
    // file is a container, and with it, one only where its content says so
    // plainly (not by its name, and never a .yuv file).
    if (!raw.given() || ContainerInput::recognised(*source, path))
        return ContainerInput::open(std::move(source), path, decoding, error);
#else
    if (!raw.given()) {
        error = fmt::format("{}: not a Y4M file (no YUV4MPEG2 signature); to read it as raw YUV "
                            "give {}. Container input (MP4, MKV, ...) was not built in: this "
                            "vmaf was built without libavformat",
                            path, raw_yuv_options());
        return nullptr;
    }
#endif
    return YuvInput::open(std::move(source), path, raw, error);
}

} // namespace vmaf::session
