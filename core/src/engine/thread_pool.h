// A fixed set of worker threads with a bounded queue: enqueue() waits while
// the queue is full, so a fast reader cannot pile up frames in memory.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace vmaf {

class ThreadPool {
public:
    // A job returns 0 or a negative errno; what it throws is caught, logged
    // and kept as an error too, so no job can end the process.
    using Job = std::function<int()>;

    // Throws std::runtime_error, with every started thread joined, when the
    // system refuses a thread.
    explicit ThreadPool(unsigned n_threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool &) = delete;
    ThreadPool &operator=(const ThreadPool &) = delete;

    void enqueue(Job job);
    // Returns when every queued job has finished.
    void wait();
    // Whether a job is queued or running.
    bool busy();
    // The first error a job returned, or 0.
    int error();

    // The most workers a context takes: each holds pictures in flight, so
    // memory grows with the count; more than 4 per hardware thread (at
    // least 64) only costs memory.
    static unsigned max_threads();

private:
    void work();
    void stop();

    std::mutex mutex_;
    std::condition_variable has_job_, has_room_, idle_;
    std::deque<Job> queue_;
    size_t capacity_;
    unsigned running_ = 0;
    int first_error_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace vmaf
