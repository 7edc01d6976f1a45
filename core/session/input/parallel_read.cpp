#include "session/input/parallel_read.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <system_error>
#include <unistd.h>

namespace vmaf::session {

namespace {
// Entries handed to one preadv(2); POSIX guarantees at least 16, Linux takes 1024.
constexpr int kMaxPieces = 1024;
} // namespace

ParallelRead::~ParallelRead()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    for (std::thread &t : helpers_) t.join();
}

unsigned ParallelRead::threads_for_cores(unsigned cores) { return std::clamp(cores / 4, 1u, 4u); }

void ParallelRead::read_part(int fd, Part &part)
{
    part.got = 0;
    size_t piece = 0, into = 0; // the first piece not read in full, and how far into it
    while (part.got < part.want) {
        iovec iov[kMaxPieces];
        int count = 0;
        for (size_t p = piece, skip = into; p < part.pieces.size() && count < kMaxPieces; p++, skip = 0)
            iov[count++] = {static_cast<uint8_t *>(part.pieces[p].iov_base) + skip, part.pieces[p].iov_len - skip};
        const ssize_t n = ::preadv(fd, iov, count, part.offset + static_cast<off_t>(part.got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        part.got += static_cast<size_t>(n);
        for (size_t left = static_cast<size_t>(n); left > 0;) {
            const size_t step = std::min(left, part.pieces[piece].iov_len - into);
            left -= step;
            into += step;
            if (into == part.pieces[piece].iov_len) {
                piece++;
                into = 0;
            }
        }
    }
}

bool ParallelRead::start_helpers()
{
    if (!helpers_.empty()) return true;
    try {
        for (unsigned i = 1; i < threads_; i++) helpers_.emplace_back([this, i] { helper(i); });
    } catch (const std::system_error &) {
        // No thread to be had: the helpers that started serve, or none.
        if (helpers_.empty()) return false;
    }
    return true;
}

void ParallelRead::helper(unsigned index)
{
    unsigned long long seen = 0;
    for (;;) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return stopping_ || round_ != seen; });
        if (stopping_) return;
        seen = round_;
        const int fd = fd_;
        const bool mine = index < parts_.size();
        lock.unlock();
        if (mine) read_part(fd, parts_[index]);
        lock.lock();
        if (mine && --pending_ == 0) changed_.notify_all();
    }
}

size_t ParallelRead::read(int fd, const iovec *iov, int count, off_t offset)
{
    size_t total = 0;
    for (int i = 0; i < count; i++) total += iov[i].iov_len;
    const size_t most = total / (kSplitBytes / 2);
    unsigned split = static_cast<unsigned>(std::min<size_t>(threads_, std::max<size_t>(most, 1)));
    if (!splits(total) || !start_helpers()) split = 1;
    split = std::min<unsigned>(split, static_cast<unsigned>(helpers_.size()) + 1);

    // The bytes cut into `split` runs of `share` (the last shorter), each
    // run its pieces of the destination.
    std::vector<Part> parts(split);
    const size_t share = (total + split - 1) / split;
    size_t at = 0;
    for (int i = 0; i < count; i++) {
        for (size_t used = 0; used < iov[i].iov_len;) {
            Part &p = parts[at / share];
            if (p.want == 0) p.offset = offset + static_cast<off_t>(at);
            const size_t step = std::min(iov[i].iov_len - used, share - at % share);
            p.pieces.push_back({static_cast<uint8_t *>(iov[i].iov_base) + used, step});
            p.want += step;
            used += step;
            at += step;
        }
    }
    if (split == 1) {
        read_part(fd, parts[0]);
        return parts[0].got;
    }
    {
        std::lock_guard lock(mutex_);
        parts_ = std::move(parts);
        fd_ = fd;
        pending_ = split - 1;
        round_++;
    }
    changed_.notify_all();
    read_part(fd, parts_[0]);
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return pending_ == 0; });
    size_t got = 0;
    for (const Part &p : parts_) {
        got += p.got;
        if (p.got < p.want) break;
    }
    return got;
}

} // namespace vmaf::session
