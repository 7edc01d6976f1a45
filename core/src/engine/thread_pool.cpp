#include "engine/thread_pool.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>
#include <system_error>

#include "base/guarded.h"

namespace vmaf {

ThreadPool::ThreadPool(unsigned n_threads) : capacity_(2 * size_t{n_threads})
{
    // The threads that did start are joined before an exception leaves:
    // destroying a running std::thread would abort the process.
    try {
        for (unsigned i = 0; i < n_threads; i++) workers_.emplace_back([this] { work(); });
    } catch (const std::system_error &e) {
        const size_t started = workers_.size();
        stop();
        throw std::runtime_error(fmt::format("cannot start {} worker threads ({} started): {}",
                                             n_threads, started, e.what()));
    } catch (...) {
        stop();
        throw;
    }
}

ThreadPool::~ThreadPool() { stop(); }

void ThreadPool::stop()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    has_job_.notify_all();
    for (auto &t : workers_) t.join();
    workers_.clear();
}

unsigned ThreadPool::max_threads()
{
    return std::max(64u, 4 * std::thread::hardware_concurrency());
}

void ThreadPool::enqueue(Job job)
{
    std::unique_lock lock(mutex_);
    has_room_.wait(lock, [this] { return queue_.size() < capacity_; });
    queue_.push_back(std::move(job));
    has_job_.notify_one();
}

void ThreadPool::wait()
{
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
}

bool ThreadPool::busy()
{
    std::lock_guard lock(mutex_);
    return !queue_.empty() || running_ > 0;
}

int ThreadPool::error()
{
    std::lock_guard lock(mutex_);
    return first_error_;
}

void ThreadPool::work()
{
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            has_job_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            job = std::move(queue_.front());
            queue_.pop_front();
            running_++;
        }
        has_room_.notify_one();
        const int err = guarded("a worker thread", job);
        // What the job holds (pictures) is let go before it counts as done.
        job = nullptr;
        {
            std::lock_guard lock(mutex_);
            running_--;
            if (err && !first_error_) first_error_ = err;
            if (queue_.empty() && running_ == 0) idle_.notify_all();
        }
    }
}

} // namespace vmaf
