// Keeps exceptions from crossing the C ABI: they become a negative errno
// and a logged reason.
#pragma once

#include <cerrno>
#include <exception>
#include <new>

#include "engine/log.h"

namespace vmaf {

template <typename F>
int guarded(const char *what, F &&f)
{
    try {
        return f();
    } catch (const std::bad_alloc &) {
        log_error("{}: out of memory", what);
        return -ENOMEM;
    } catch (const std::exception &e) {
        log_error("{}: {}", what, e.what());
        return -EINVAL;
    }
}

} // namespace vmaf
