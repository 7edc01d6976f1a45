// The bytes of one input file, read with read(2) through a small buffer:
// large reads go straight to their destination (one copy, from the kernel;
// split over a few threads for a regular file, parallel_read.h), skipped
// bytes of a regular file are seeked over, and a read that waits on a pipe
// can be cancelled from another thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>
#include <sys/uio.h>

#include "session/input/parallel_read.h"

namespace vmaf::session {

class ByteSource {
public:
    // Reads below this size pass through the source's buffer; larger ones
    // go straight to their destination.
    static constexpr size_t kBufferBytes = 64 * 1024;

    // Takes `fd` (closed with the source); a regular file's large reads are
    // split over `read_threads` threads (the caller's among them).
    explicit ByteSource(int fd, unsigned read_threads = default_read_threads());
    ~ByteSource();
    ByteSource(const ByteSource &) = delete;
    ByteSource &operator=(const ByteSource &) = delete;

    // Up to n bytes; fewer only at the end of the input, on a read error or
    // once cancelled.
    size_t read(void *dst, size_t n);
    // `rows` rows of `row` bytes each, `stride` bytes apart; the bytes read,
    // fewer than rows * row on the same conditions as read().
    size_t read_rows(uint8_t *dst, ptrdiff_t stride, size_t row, size_t rows);
    // Passes over up to n bytes: seeks on a regular file, reads and discards
    // from a pipe. The bytes passed, as read() counts them.
    size_t skip(size_t n);
    // The next byte, or -1 at the end.
    int get();
    // Whether nothing is left to read (reads ahead into the buffer).
    bool at_end();
    // The next n bytes (fewer at the end of the input), left to be read:
    // how a file's type is told without losing bytes of a pipe.
    std::string_view peek(size_t n);
    // For a regular file, the bytes still to read; nothing for a pipe, a
    // FIFO or a device, whose size is not known in advance.
    std::optional<unsigned long long> bytes_left() const;
    // A regular file's size; nothing for a pipe, a FIFO or a device.
    std::optional<unsigned long long> size() const;
    // Where the next read() starts, counted from a regular file's start;
    // nothing for a pipe.
    std::optional<unsigned long long> position() const;
    // Moves a regular file's read position to `offset` (at most its size),
    // dropping what is buffered: how a container's demuxer jumps to its
    // index. False for a pipe, past the end or on an error.
    bool seek(unsigned long long offset);
    // From any thread: reads end (short) instead of waiting for more input;
    // a read waiting on a pipe returns within kCancelPollMs.
    void cancel() { cancelled_ = true; }

    static constexpr int kCancelPollMs = 50;
    // ParallelRead::threads_for_cores of this machine's cores.
    static unsigned default_read_threads();

private:
    // Whether to read(2) now: false once cancelled.
    bool wait_readable();
    // One read(2) of up to n bytes into dst; 0 at the end, on error or once
    // cancelled.
    size_t read_once(void *dst, size_t n);
    // The bytes `iov` describes, from where the file is, read at once
    // (a regular file: split, then the position moved past them) or by
    // one readv(2); counted as readv(2) counts them.
    size_t read_direct(const iovec *iov, int count);
    size_t take_buffered(void *dst, size_t n);
    bool fill();

    int fd_;
    bool regular_;
    std::atomic<bool> cancelled_{false};
    std::unique_ptr<uint8_t[]> buffer_;
    size_t begin_ = 0, end_ = 0;
    ParallelRead parallel_;
    // read_rows' destinations, kept so that a plane read allocates nothing.
    std::vector<iovec> rows_;
};

} // namespace vmaf::session
