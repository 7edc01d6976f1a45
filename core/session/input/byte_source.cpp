#include "session/input/byte_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace vmaf::session {

namespace {
// Rows handed to one readv(2); POSIX guarantees at least 16, Linux takes 1024.
constexpr int kMaxRowsPerRead = 1024;
// One read(2) asks for at most this much (Linux moves at most ~2 GiB a call).
constexpr size_t kMaxReadBytes = size_t{1} << 30;
} // namespace

ByteSource::ByteSource(int fd, unsigned read_threads)
    : fd_(fd), buffer_(new uint8_t[kBufferBytes]), parallel_(read_threads)
{
    struct stat st {};
    regular_ = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
}

ByteSource::~ByteSource() { ::close(fd_); }

unsigned ByteSource::default_read_threads()
{
    return ParallelRead::threads_for_cores(std::thread::hardware_concurrency());
}

size_t ByteSource::read_direct(const iovec *iov, int count)
{
    size_t total = 0;
    for (int i = 0; i < count; i++) total += iov[i].iov_len;
    if (regular_ && !cancelled_ && parallel_.splits(total)) {
        const off_t at = ::lseek(fd_, 0, SEEK_CUR);
        if (at >= 0) {
            const size_t got = parallel_.read(fd_, iov, count, at);
            if (::lseek(fd_, at + static_cast<off_t>(got), SEEK_SET) >= 0) return got;
            return 0;
        }
    }
    while (wait_readable()) {
        const ssize_t n = ::readv(fd_, iov, std::min(count, kMaxRowsPerRead));
        if (n >= 0) return static_cast<size_t>(n);
        if (errno != EINTR && errno != EAGAIN) break;
    }
    return 0;
}

// A regular file never makes a read wait; anything else is polled so that
// a cancel ends the wait.
bool ByteSource::wait_readable()
{
    while (!cancelled_) {
        if (regular_) return true;
        pollfd p{fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, kCancelPollMs);
        // Readable, at its end or failing: read(2) says which.
        if (ready > 0 || (ready < 0 && errno != EINTR)) return true;
    }
    return false;
}

size_t ByteSource::read_once(void *dst, size_t n)
{
    while (wait_readable()) {
        const ssize_t got = ::read(fd_, dst, std::min(n, kMaxReadBytes));
        if (got >= 0) return static_cast<size_t>(got);
        if (errno != EINTR && errno != EAGAIN) return 0;
    }
    return 0;
}

size_t ByteSource::take_buffered(void *dst, size_t n)
{
    n = std::min(n, end_ - begin_);
    std::memcpy(dst, buffer_.get() + begin_, n);
    begin_ += n;
    return n;
}

bool ByteSource::fill()
{
    begin_ = 0;
    end_ = read_once(buffer_.get(), kBufferBytes);
    return end_ > 0;
}

size_t ByteSource::read(void *dst, size_t n)
{
    auto *out = static_cast<uint8_t *>(dst);
    size_t done = take_buffered(out, n);
    while (done < n) {
        // Small reads go through the buffer, large ones straight to dst.
        size_t got = 0;
        if (n - done < kBufferBytes)
            got = fill() ? take_buffered(out + done, n - done) : 0;
        else {
            const iovec whole{out + done, std::min(n - done, kMaxReadBytes)};
            got = read_direct(&whole, 1);
        }
        if (got == 0) break;
        done += got;
    }
    return done;
}

size_t ByteSource::read_rows(uint8_t *dst, ptrdiff_t stride, size_t row, size_t rows)
{
    const size_t total = row * rows;
    if (rows <= 1 || static_cast<size_t>(stride) == row) return read(dst, total);
    size_t done = 0;
    while (done < total) {
        const size_t y = done / row, x = done % row;
        size_t got = 0;
        if (begin_ < end_ || total - done < kBufferBytes) {
            // What the buffer holds (or a small remainder), a row at a time.
            if (begin_ == end_ && !fill()) break;
            got = take_buffered(dst + y * stride + x, row - x);
        } else {
            // Straight into the rows: one read scatters into many.
            rows_.clear();
            for (size_t r = y, skip = x; r < rows; r++, skip = 0) rows_.push_back({dst + r * stride + skip, row - skip});
            got = read_direct(rows_.data(), static_cast<int>(rows_.size()));
        }
        if (got == 0) break;
        done += got;
    }
    return done;
}

size_t ByteSource::skip(size_t n)
{
    size_t done = std::min(n, end_ - begin_);
    begin_ += done;
    if (done < n && regular_ && !cancelled_) {
        // Seek, but never past the end: a short file must read as short.
        if (const auto left = bytes_left()) {
            const auto step = static_cast<off_t>(std::min<unsigned long long>(n - done, *left));
            if (::lseek(fd_, step, SEEK_CUR) >= 0) return done + static_cast<size_t>(step);
        }
    }
    while (done < n) {
        if (!fill()) break;
        const size_t step = std::min(n - done, end_ - begin_);
        begin_ += step;
        done += step;
    }
    return done;
}

int ByteSource::get()
{
    if (begin_ == end_ && !fill()) return -1;
    return buffer_[begin_++];
}

bool ByteSource::at_end() { return begin_ == end_ && !fill(); }

std::string_view ByteSource::peek(size_t n)
{
    n = std::min(n, kBufferBytes);
    if (end_ - begin_ < n) {
        std::memmove(buffer_.get(), buffer_.get() + begin_, end_ - begin_);
        end_ -= begin_;
        begin_ = 0;
        while (end_ < n) {
            const size_t got = read_once(buffer_.get() + end_, kBufferBytes - end_);
            if (got == 0) break;
            end_ += got;
        }
    }
    return {reinterpret_cast<const char *>(buffer_.get() + begin_), std::min(n, end_ - begin_)};
}

std::optional<unsigned long long> ByteSource::size() const
{
    struct stat st {};
    if (!regular_ || ::fstat(fd_, &st) != 0) return std::nullopt;
    return static_cast<unsigned long long>(st.st_size);
}

std::optional<unsigned long long> ByteSource::position() const
{
    if (!regular_) return std::nullopt;
    const off_t pos = ::lseek(fd_, 0, SEEK_CUR);
    if (pos < 0) return std::nullopt;
    return static_cast<unsigned long long>(pos) - (end_ - begin_);
}

bool ByteSource::seek(unsigned long long offset)
{
    const auto total = size();
    if (!total || offset > *total || cancelled_) return false;
    if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0) return false;
    begin_ = end_ = 0;
    return true;
}

std::optional<unsigned long long> ByteSource::bytes_left() const
{
    const auto total = size();
    if (!total) return std::nullopt;
    const off_t pos = ::lseek(fd_, 0, SEEK_CUR);
    if (pos < 0) return std::nullopt;
    const auto at = static_cast<unsigned long long>(pos);
    return (*total > at ? *total - at : 0) + (end_ - begin_);
}

} // namespace vmaf::session
