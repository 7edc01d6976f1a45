#include "engine/thread_pool.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>
#include <system_error>

namespace vmaf {

ThreadPool::ThreadPool(unsigned n_threads) : capacity_(2 * size_t{n_threads})
{
    try {
        for (unsigned i = 0; i < n_threads; i++) workers_.emplace_back([this] { work(); });
    } catch (const std::system_error &e) {
        // The threads that did start are joined before the exception leaves:
        // destroying a running std::thread would abort the process.
        const size_t started = workers_.size();
        stop();
        throw std::runtime_error(fmt::format("cannot start {} worker threads ({} started): {}",
                                             n_threads, started, e.what()));
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

void ThreadPool::enqueue(std::function<void()> job)
{
    std::unique_lock lock(mutex_);
    has_room_.wait(lock, [this] { return queue_.size() < capacity_; });
    queue_.push_back(std::move(job));
    has_job_.notify_one();
}

void ThreadPool::wait()
{
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && busy_ == 0; });
}

void ThreadPool::work()
{
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            has_job_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            job = std::move(queue_.front());
            queue_.pop_front();
            busy_++;
        }
        has_room_.notify_one();
        job();
        {
            std::lock_guard lock(mutex_);
            busy_--;
            if (queue_.empty() && busy_ == 0) idle_.notify_all();
        }
    }
}

} // namespace vmaf
