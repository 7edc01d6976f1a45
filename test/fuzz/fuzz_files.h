// The fuzzer's bytes as the file a harness reads (a regular file, a memfd
// named by its /proc path, or standard input fed from a pipe), and the
// frames read from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

#include "libvmaf/picture.h"
#include "session/input/video_input.h"

namespace vmaf::fuzz {

// A pipe takes this much without a reader (Linux's default is 64 KiB).
inline constexpr size_t kPipeBytes = 60000;

inline bool write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) return false;
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

// The bytes in a memfd, open for the object's lifetime (a reader may open
// it again by its path meanwhile).
class MemoryFile {
public:
    MemoryFile(const uint8_t *data, size_t size) : fd_(::memfd_create("fuzz", MFD_CLOEXEC))
    {
        if (fd_ >= 0 && !write_all(fd_, data, size)) {
            ::close(fd_);
            fd_ = -1;
        }
    }
    ~MemoryFile()
    {
        if (fd_ >= 0) ::close(fd_);
    }
    MemoryFile(const MemoryFile &) = delete;
    MemoryFile &operator=(const MemoryFile &) = delete;
    bool ok() const { return fd_ >= 0; }
    std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
    int fd_;
};

// What `open("-")` returns with standard input a pipe holding the bytes (at
// most kPipeBytes): opening an anonymous pipe by its /proc path would wait
// for a writer. The opener dups standard input, so ours is put back right
// after; `fallback` where the pipe cannot be made.
template <typename Open, typename Result> Result open_piped(const uint8_t *data, size_t size,
                                                            Open &&open, Result fallback)
{
    int ends[2];
    if (::pipe(ends) != 0) return fallback;
    const bool written = write_all(ends[1], data, size);
    ::close(ends[1]);
    Result result = std::move(fallback);
    const int saved_stdin = ::dup(STDIN_FILENO);
    if (written && saved_stdin >= 0 && ::dup2(ends[0], STDIN_FILENO) >= 0) result = open("-");
    ::close(ends[0]);
    if (saved_stdin >= 0) {
        ::dup2(saved_stdin, STDIN_FILENO);
        ::close(saved_stdin);
    }
    return result;
}

// Reads up to `max_frames` frames of `in` into one picture.
inline void read_frames(session::VideoInput &in, unsigned max_frames)
{
    const auto &f = in.format();
    VmafPicture pic{};
    if (vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h) != 0) return;
    for (unsigned i = 0; i < max_frames; i++)
        if (in.read_frame(pic) != session::ReadStatus::Frame) break;
    vmaf_picture_unref(&pic);
}

} // namespace vmaf::fuzz
