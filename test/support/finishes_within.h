// A watchdog for tests of code that must not block: the call runs on its own
// thread, and one that never returns fails the test (and ends the program)
// instead of hanging it.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <gtest/gtest.h>

namespace vmaf::test {

template <typename F> void finishes_within(std::chrono::seconds limit, F f)
{
    auto done = std::async(std::launch::async, f);
    if (done.wait_for(limit) == std::future_status::timeout) {
        ADD_FAILURE() << "still blocked after " << limit.count() << " s";
        std::fflush(stdout);
        std::_Exit(1);
    }
    done.get();
}

} // namespace vmaf::test
