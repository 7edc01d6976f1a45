// Large reads of a regular file split over a few threads: one thread
// reading a file from the page cache copies at about 6 GB/s (the kernel's
// copy_page_to_iter), a 1080p 4:2:0 pair at about 1,900 frames/s, below
// what the GPU scores (docs/performance.md). Each thread preadv(2)s its part
// of the bytes at its offset, into its part of the destination.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <sys/types.h>
#include <sys/uio.h>
#include <thread>
#include <vector>

namespace vmaf::session {

class ParallelRead {
public:
    // Reads of at least this many bytes are split; parts are at least half.
    static constexpr size_t kSplitBytes = size_t{1} << 20;

    // `threads` readers in all, the caller's among them (1: never split);
    // the helpers start at the first split read.
    explicit ParallelRead(unsigned threads) : threads_(threads < 1 ? 1 : threads) {}
    ~ParallelRead();
    ParallelRead(const ParallelRead &) = delete;
    ParallelRead &operator=(const ParallelRead &) = delete;

    // The threads a machine's cores suggest for one input: a quarter of the
    // cores, at most 4 (two inputs are read at once, beside the scoring).
    static unsigned threads_for_cores(unsigned cores);

    // Whether a read of `total` bytes is split.
    bool splits(size_t total) const { return threads_ > 1 && total >= kSplitBytes; }

    // Reads the bytes that `iov` (count entries) describes from `offset` of
    // regular file `fd`, as one preadv(2) would but split; the bytes read,
    // counted from the start up to the first part that came back short (the
    // file's end or an error).
    size_t read(int fd, const iovec *iov, int count, off_t offset);

private:
    // One thread's share: its pieces of the destination, from its offset.
    struct Part {
        std::vector<iovec> pieces;
        off_t offset = 0;
        size_t want = 0, got = 0;
    };
    static void read_part(int fd, Part &part);
    bool start_helpers();
    void helper(unsigned index);

    const unsigned threads_;
    std::vector<Part> parts_;
    std::vector<std::thread> helpers_;
    std::mutex mutex_;
    std::condition_variable changed_;
    int fd_ = -1;
    unsigned long long round_ = 0; // bumped for each split read
    unsigned pending_ = 0;         // helpers' parts not done in this round
    bool stopping_ = false;
};

} // namespace vmaf::session
