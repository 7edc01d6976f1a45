// An open file descriptor, closed with its owner.
#pragma once

#include <unistd.h>
#include <utility>

namespace vmaf {

class Descriptor {
public:
    Descriptor() = default;
    explicit Descriptor(int fd) : fd_(fd) {}
    ~Descriptor() { reset(); }
    Descriptor(Descriptor &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    Descriptor &operator=(Descriptor &&o) noexcept
    {
        if (this != &o) reset(std::exchange(o.fd_, -1));
        return *this;
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;

    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    // Closes the one held, if any, and holds `fd`.
    void reset(int fd = -1)
    {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }
    // Closes now, as close() can report a write error.
    int close() { return ::close(std::exchange(fd_, -1)); }

private:
    int fd_ = -1;
};

} // namespace vmaf
